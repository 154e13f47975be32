import Foundation
import LodestarInternals

/// Why a fix was not delivered as a location. Each reason reads as one line for a person.
public enum WithholdReason: Sendable, Equatable, CustomStringConvertible {
    /// The fix has no position (no fix, or the receiver reported only time).
    case noPosition
    /// The fix has a position but no UTC time, so it cannot be ordered or aged.
    case noTimestamp
    /// The fix is older than `maximumFixAge`: its age and the limit.
    case stale(age: Duration, limit: Duration)
    /// The fix's time is not after the last accepted fix's time.
    case outOfOrder(time: Date, previous: Date)
    /// A receiver clock fault (`ReceiverClockRule`): the fix's time is far from the time the
    /// monotonic clock gives since the last accepted fix (`expected`).
    case clockFault(time: Date, expected: Date)
    /// Horizontal accuracy (68%, metres; nil when unknown) is worse than the desired accuracy.
    case insufficientAccuracy(accuracy: Double?, required: Double)
    /// The fix is less than `distanceFilter` metres from the last delivered location.
    case belowDistanceFilter(moved: Double, filter: Double)

    public var description: String {
        switch self {
        case .noPosition:
            "no position in the fix"
        case .noTimestamp:
            "no UTC time in the fix"
        case .stale(let age, let limit):
            "stale: fix is \(Self.format(age.seconds)) s old, maximum age is \(Self.format(limit.seconds)) s"
        case .outOfOrder(let time, let previous):
            "out of order: fix time \(utcSeconds(time)) is not after \(utcSeconds(previous))"
        case .clockFault(let time, let expected):
            "receiver clock fault: fix time \(utcSeconds(time)) where the monotonic clock gives \(utcSeconds(expected))"
        case .insufficientAccuracy(let accuracy, let required):
            if let accuracy {
                "accuracy ±\(Self.format(accuracy)) m is worse than the desired ±\(Self.format(required)) m"
            } else {
                "accuracy unknown; the desired accuracy is ±\(Self.format(required)) m"
            }
        case .belowDistanceFilter(let moved, let filter):
            "moved \(Self.format(moved)) m since the last delivered location, distance filter is \(Self.format(filter)) m"
        }
    }

    private static func format(_ x: Double) -> String {
        let rounded = (x * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}

/// A fix that was not delivered, and why.
public struct Withholding: Sendable, Equatable, CustomStringConvertible {
    /// The fix's UTC time, when it had one.
    public var time: Date?
    /// Why it was withheld.
    public var reason: WithholdReason

    public init(time: Date?, reason: WithholdReason) {
        self.time = time
        self.reason = reason
    }

    public var description: String {
        if let time { "\(utcSeconds(time)): \(reason)" } else { reason.description }
    }
}

/// The manager is withholding locations until their accuracy meets `desiredAccuracy`.
public struct WaitingForAccuracy: Sendable, Equatable, CustomStringConvertible {
    /// The accuracy of the fix just withheld: 68% radius, metres; nil when unknown.
    public var accuracy: Double?
    /// The best (smallest) accuracy seen since the last delivered location, metres; nil when none.
    public var bestSoFar: Double?
    /// The desired accuracy, metres.
    public var required: Double
    /// The UTC time of the withheld fix.
    public var time: Date

    public init(accuracy: Double?, bestSoFar: Double?, required: Double, time: Date) {
        self.accuracy = accuracy
        self.bestSoFar = bestSoFar
        self.required = required
        self.time = time
    }

    /// "acquiring fix ±35 m (need ±10 m)".
    public var description: String {
        let shown = accuracy ?? bestSoFar
        let have = shown.map { "±\(Int($0.rounded())) m" } ?? "accuracy unknown"
        return "acquiring fix \(have) (need ±\(Int(required.rounded())) m)"
    }
}

/// An instant as ISO 8601 UTC in whole seconds (truncated), `2026-03-14T09:31:12Z`.
private func utcSeconds(_ date: Date) -> String {
    ISO8601.string(date, fractionDigits: 0, rounding: .down)
}
