import Foundation
import LodestarInternals

/// The receiver clock rule: a fix's UTC time must move with the source's monotonic clock.
///
/// Between the last accepted fix and a new one, the UTC time and the monotonic time (when the
/// source stamps its fixes with one: a live source) advance by about as much. A fix whose UTC time
/// disagrees with that by more than ``tolerance``, ahead or behind (a time 20 h ahead, gpsd's
/// 1024-week rollover either way), is a receiver clock fault: it is withheld, and the fault is
/// reported once, at its first fix. The fixes that follow at the true time agree again and are
/// used, with no history to undo.
///
/// A fault that persists is the receiver's new time, not a fault: fixes that agree with one
/// another (each step within ``tolerance`` of the monotonic clock's) for ``confirmation`` and at
/// least ``confirmationFixes`` fixes are adopted, and the caller starts the time history anew (a
/// source that started on a wrong time and then corrected it). With a wall clock (`now`, a live
/// source), a run is adopted at its first fix when it agrees with the wall clock and the old time
/// does not.
///
/// Fixes without a monotonic time (a replayed trace, whose fix times are the clock) pass; the
/// ordering and staleness rules of ``FixTimeRule`` apply to them as before.
package struct ReceiverClockRule: Sendable {
    /// The largest disagreement between a fix's UTC time and the monotonic clock that is not a
    /// fault: 300 s. A receiver's time and the monotonic clock agree within a second; a gpsfake
    /// log played four times faster than recorded drifts 0.75 s a fix; a receiver that reports GPS
    /// time before it knows the leap seconds steps 18 s back (withheld as out of order, not as a
    /// fault).
    package static let tolerance: Duration = .seconds(300)
    /// How long, on the monotonic clock, a run of fixes at a new consistent time lasts before it
    /// is taken as the receiver's time: 10 s.
    package static let confirmation: Duration = .seconds(10)
    /// The fewest fixes in such a run: 3.
    package static let confirmationFixes = 3

    /// The run of faulty fixes that agree with one another: its first monotonic time, its last
    /// fix's UTC and monotonic times, and how many fixes it has.
    private var run: (firstMonotonic: Duration, time: Date, monotonic: Duration, count: Int)?
    /// Whether the current fault has been reported.
    private var reported = false

    package init() {}

    /// What the rule says of a fix.
    package enum Verdict: Sendable, Equatable {
        /// The fix agrees with the monotonic clock (or cannot be checked): the other rules decide.
        case agrees
        /// A receiver clock fault: withhold the fix. `expected` is the time the monotonic clock
        /// gives; `first` is true at the fault's first fix, the one to report.
        case fault(expected: Date, first: Bool)
        /// The faulty time has held: take it as the receiver's time from this fix on. `expected`
        /// is the time the old history gave.
        case adopted(expected: Date)
    }

    /// Judges a fix.
    /// - Parameters:
    ///   - time: the fix's UTC time.
    ///   - monotonic: its monotonic time (receive time), nil for a replayed fix.
    ///   - anchor: the UTC and monotonic times of the last accepted fix with a position, nil before
    ///     the first.
    ///   - now: the wall clock for a live source, nil for a replay.
    /// - Complexity: O(1).
    package mutating func check(
        time: Date, monotonic: Duration?, anchor: (time: Date, monotonic: Duration)?, now: Date?
    ) -> Verdict {
        guard let monotonic, let anchor else { return .agrees }
        let expected = anchor.time.addingTimeInterval((monotonic - anchor.monotonic).seconds)
        let limit = Self.tolerance.seconds
        guard abs(time.timeIntervalSince(expected)) > limit else {
            run = nil
            reported = false
            return .agrees
        }
        if let r = run, abs(time.timeIntervalSince(r.time) - (monotonic - r.monotonic).seconds) <= limit {
            run = (r.firstMonotonic, time, monotonic, r.count + 1)
        } else {
            run = (monotonic, time, monotonic, 1)
        }
        let held = run.map { $0.count >= Self.confirmationFixes && monotonic - $0.firstMonotonic >= Self.confirmation } ?? false
        let wallClockSides =
            now.map { abs(time.timeIntervalSince($0)) <= limit && abs(expected.timeIntervalSince($0)) > limit } ?? false
        if held || wallClockSides {
            run = nil
            reported = false
            return .adopted(expected: expected)
        }
        let first = !reported
        reported = true
        return .fault(expected: expected, first: first)
    }
}

/// A receiver clock fault (`ReceiverClockRule`), reported once per fault: a fix time far from
/// the one the monotonic clock gives, or such a time taken as the receiver's own once it held.
public struct ReceiverClockFault: Sendable, Equatable, CustomStringConvertible {
    /// The fix's UTC time.
    public var time: Date
    /// The time the monotonic clock gives since the last accepted fix.
    public var expected: Date
    /// Whether the fix's time was taken as the receiver's time (the history starts anew), rather
    /// than withheld.
    public var adopted: Bool

    public init(time: Date, expected: Date, adopted: Bool) {
        self.time = time
        self.expected = expected
        self.adopted = adopted
    }

    /// How far the fix's time is from the expected one, seconds; positive ahead.
    public var offset: Double { time.timeIntervalSince(expected) }

    public var description: String {
        let side = offset > 0 ? "ahead of" : "behind"
        let fix = ISO8601.string(time, fractionDigits: 0, rounding: .down)
        let clock = ISO8601.string(expected, fractionDigits: 0, rounding: .down)
        if adopted {
            return "receiver time \(fix) is \(Self.span(offset)) \(side) the time before it (\(clock)) and has held: "
                + "taken as the receiver's time from now on"
        }
        return "receiver clock fault: fix time \(fix) is \(Self.span(offset)) \(side) the monotonic clock (\(clock)); "
            + "fixes are withheld until the receiver's time agrees again"
    }

    /// 1024 GPS weeks, seconds: the rollover of the 10-bit week number.
    static let rollover = 1024.0 * 7 * 86_400

    /// "20 h", "5 min", "1024 weeks (the GPS week-number rollover)".
    static func span(_ seconds: Double) -> String {
        let a = abs(seconds)
        if abs(a - rollover) < 86_400 * 2 { return "1024 weeks (the GPS week-number rollover)" }
        if a >= 2 * 86_400 { return "\(Int((a / 86_400).rounded())) days" }
        if a >= 3_600 { return "\(Int((a / 3_600).rounded())) h" }
        if a >= 60 { return "\(Int((a / 60).rounded())) min" }
        return "\(Int(a.rounded())) s"
    }
}
