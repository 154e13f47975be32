import Foundation
import Geodesy

/// Follows a ``LocationManager``'s events toward one destination and says what a person being
/// guided there should be told: the logic behind `lodestar guide`.
///
/// ```swift
/// var session = GuideSession(region: try ArrivalRegion(destination: pickup, entryRadius: 20))
/// let manager = LocationManager(source: trace, clock: .virtual,
///                               configuration: session.configuration(desiredAccuracy: .nearestTenMeters))
/// let events = manager.events()
/// manager.startUpdatingLocationAndHeading()
/// for await event in events {
///     if let update = session.handle(event) { show(update) }
///     if session.hasArrived { break }
/// }
/// ```
///
/// The heading used is the latest delivered true heading. The manager delivers a fix's heading
/// before its location, so the guidance at a location uses that fix's heading; a heading stays
/// current (the heading filter withholds small changes) until the manager reports
/// ``LocationError/headingUnavailable``.
public struct GuideSession: Sendable {
    /// The destination circle; arrival is the manager's ``ArrivalMonitor`` on it.
    public let region: ArrivalRegion
    /// The latest location delivered.
    public private(set) var location: Location?
    /// The latest heading delivered, until the heading becomes unavailable.
    public private(set) var heading: Heading?
    /// The guidance from the latest location and heading.
    public private(set) var guidance: Guidance?
    /// The arrival, once declared.
    public private(set) var arrival: ArrivalEvent?
    /// The departure after arrival, once declared.
    public private(set) var departure: ArrivalEvent?
    /// The latest report of the accuracy rule withholding a fix, until a location is delivered.
    public private(set) var waiting: WaitingForAccuracy?
    /// How long there has been no fix, while there is none: from the first epoch at a cold start,
    /// from the last fix during an outage (dead-reckoned locations included); nil while fixes come.
    public private(set) var fixLoss: FixLoss?
    /// The best (smallest) 68% horizontal accuracy among the locations delivered, metres; nil
    /// while none had one.
    public private(set) var bestAccuracy: Double?
    /// How many locations were inside the arrival radius with an accuracy circle larger than it,
    /// so that they could not declare arrival (``ArrivalRegion/admits(accuracy:)``).
    public private(set) var insideTooCoarse = 0
    /// Since when the locations have been inside the arrival radius with an accuracy circle no
    /// larger than it (the arrival rule's dwell starts there); nil while the latest is not.
    public private(set) var insideSince: Date?

    /// - Parameter region: the destination and its arrival radius.
    public init(region: ArrivalRegion) {
        self.region = region
    }

    /// The destination.
    public var destination: Coordinate { region.destination }

    /// Whether arrival has been declared.
    public var hasArrived: Bool { arrival != nil }

    /// The manager's rules for guidance: the accuracy rule, no distance filter (every location
    /// updates the guidance), the default heading filter, and this session's arrival region.
    /// - Parameter desiredAccuracy: the accuracy rule; default every valid fix.
    public func configuration(desiredAccuracy: DesiredAccuracy = .best) -> LocationConfiguration {
        var configuration = LocationConfiguration()
        configuration.desiredAccuracy = desiredAccuracy
        configuration.arrivalRegion = region
        return configuration
    }

    /// Takes one event from the manager; returns what to tell the person, if anything changed.
    /// - Complexity: O(1): one geodesic inverse for a location or a heading.
    public mutating func handle(_ event: LocationEvent) -> GuideUpdate? {
        switch event {
        case .location(let l):
            location = l
            waiting = nil
            if l.kind == .deadReckoned {
                // The fusion filter carries the position on: the fix is lost all the same.
                fixLoss = FixLoss(
                    lastFix: fixLoss?.lastFix ?? lastFixTime, since: fixLoss?.since ?? l.timestamp, latest: l.timestamp)
            } else {
                fixLoss = nil
                lastFixTime = l.timestamp
            }
            let g = makeGuidance(at: l)
            guidance = g
            if let a = l.horizontalAccuracy, a < (bestAccuracy ?? .infinity) { bestAccuracy = a }
            if arrival == nil, g.distance <= region.entryRadius, !region.admits(accuracy: l.horizontalAccuracy) {
                insideTooCoarse += 1
            }
            let inside = g.distance <= region.entryRadius && region.admits(accuracy: l.horizontalAccuracy)
            insideSince = inside ? insideSince ?? l.timestamp : nil
            return .location(l, g)
        case .heading(let h):
            heading = h
            guard let location, arrival == nil else { return nil }
            let g = makeGuidance(at: location)
            guidance = g
            return .heading(h, g)
        case .error(.headingUnavailable):
            heading = nil
            return nil
        case .waitingForAccuracy(let w):
            waiting = w
            return .acquiring(w)
        case .arrived(let e):
            arrival = e
            location = e.location
            let g = makeGuidance(at: e.location)
            guidance = g
            return .arrived(e, g)
        case .departed(let e):
            departure = e
            let g = makeGuidance(at: e.location)
            guidance = g
            return .departed(e, g)
        case .withheld(let w):
            guard w.reason == .noPosition, let time = w.time else { return nil }
            let loss = FixLoss(lastFix: lastFixTime, since: fixLoss?.since ?? time, latest: time)
            fixLoss = loss
            return .noFix(loss)
        case .error, .sourceState, .warning:
            return nil
        }
    }

    /// The UTC time of the latest location from a fix (not dead-reckoned).
    private var lastFixTime: Date?

    private func makeGuidance(at l: Location) -> Guidance {
        Guidance(from: l, heading: heading?.trueHeading, to: region.destination, arrived: arrival != nil)
    }
}

/// What ``GuideSession/handle(_:)`` says changed.
public enum GuideUpdate: Sendable, Equatable {
    /// The accuracy rule withheld a fix: "acquiring fix ±35 m (need ±10 m)".
    case acquiring(WaitingForAccuracy)
    /// A new location, and the guidance from it.
    case location(Location, Guidance)
    /// A new heading at the latest location, and the guidance with it (the turn changed).
    case heading(Heading, Guidance)
    /// Arrival was declared: the event (location, distance) and the guidance there.
    case arrived(ArrivalEvent, Guidance)
    /// Departure after arrival.
    case departed(ArrivalEvent, Guidance)
    /// An epoch without a position: how long the fix has been lost.
    case noFix(FixLoss)
}

/// How long a receiver has been without a fix, in fix time (UTC).
public struct FixLoss: Sendable, Equatable {
    /// The time of the last fix; nil at a cold start (no fix yet).
    public var lastFix: Date?
    /// The first epoch without a fix (or the first dead-reckoned location) since then.
    public var since: Date
    /// The latest epoch without a fix, or the latest dead-reckoned location.
    public var latest: Date

    public init(lastFix: Date?, since: Date, latest: Date) {
        self.lastFix = lastFix
        self.since = since
        self.latest = latest
    }

    /// Seconds without a fix, ≥ 0: from the last fix (from the first epoch at a cold start) to
    /// ``latest``.
    public var duration: Double { max(0, latest.timeIntervalSince(lastFix ?? since)) }

    /// Whether no fix has been seen yet.
    public var isColdStart: Bool { lastFix == nil }
}
