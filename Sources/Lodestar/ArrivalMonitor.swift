import Foundation
import Geodesy

/// Watches locations against an ``ArrivalRegion``: arrival once, then departure once.
///
/// - Arrival: the location is within ``ArrivalRegion/entryRadius`` of the destination and its
///   accuracy circle (68% radius) is no larger than the entry radius, continuously for
///   ``ArrivalRegion/dwell`` of fix time. A fix whose accuracy is unknown counts as inside
///   on its distance alone.
/// - Departure, after arrival: the location is farther than ``ArrivalRegion/exitRadius``.
///   Jitter between the two radii declares nothing.
/// - After departure the monitor is finished; make a new one to watch again.
public struct ArrivalMonitor: Sendable, Equatable {
    /// Where the monitor is.
    public enum Phase: Sendable, Equatable {
        /// Not yet arrived.
        case approaching
        /// Inside the entry radius since the given fix time, waiting out the dwell.
        case dwelling(since: Date)
        /// Arrived, not yet departed.
        case arrived
        /// Departed after arriving; nothing more will fire.
        case departed
    }

    /// The region watched.
    public let region: ArrivalRegion
    /// The current phase.
    public private(set) var phase: Phase = .approaching

    public init(region: ArrivalRegion) {
        self.region = region
    }

    /// A monitor resumed in a phase it reached earlier, for a watcher that keeps only the phase
    /// between locations (a ride service that stores it and may be another process next time).
    package init(region: ArrivalRegion, resumingIn phase: Phase) {
        self.region = region
        self.phase = phase
    }

    /// Whether arrival has been declared (and departure not yet).
    public var hasArrived: Bool { phase == .arrived }

    /// Feeds a location; returns `.arrived` or `.departed` when one fires, else nil.
    /// - Parameters:
    ///   - location: the new location.
    ///   - known: the `distance:` argument: the location's ellipsoidal distance to the
    ///     destination, metres, when the caller has it already; computed otherwise.
    /// - Complexity: O(1).
    public mutating func update(_ location: Location, distance known: Double? = nil) -> Transition? {
        if phase == .departed { return nil }
        let distance = known ?? location.distance(from: region.destination)
        switch phase {
        case .approaching, .dwelling:
            let accuracyOK = region.admits(accuracy: location.horizontalAccuracy)
            guard distance <= region.entryRadius, accuracyOK else {
                // Leaving the circle, or a fix too vague to tell, restarts the dwell.
                phase = .approaching
                return nil
            }
            let since: Date
            if case .dwelling(let start) = phase { since = start } else { since = location.timestamp }
            if location.timestamp.timeIntervalSince(since) >= (region.dwell?.seconds ?? 0) {
                phase = .arrived
                return .arrived(ArrivalEvent(region: region, location: location, distance: distance))
            }
            phase = .dwelling(since: since)
            return nil
        case .arrived:
            guard distance > region.exitRadius else { return nil }
            phase = .departed
            return .departed(ArrivalEvent(region: region, location: location, distance: distance))
        case .departed:
            return nil
        }
    }

    /// What an update can declare. Boxed: a transition is rare, and unboxed it would make every
    /// ``FixOutcome`` as large as an ``ArrivalEvent``.
    public indirect enum Transition: Sendable, Equatable {
        /// Arrival, once.
        case arrived(ArrivalEvent)
        /// Departure after arrival, once.
        case departed(ArrivalEvent)
    }
}
