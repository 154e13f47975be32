import Foundation

/// What someone following a ride is shown (`lodestar ride status --watch`): the status at the time
/// of asking, then every phase change when it happens, and the status of the moment whenever
/// ``RideTrackingRules/statusInterval`` has passed since the last line shown.
///
/// The first status is computed at the moment of asking, between the ride's own published
/// updates; following the published updates from there would show a second line of the same
/// phase as soon as the next one is due, a second later perhaps. The follower keeps its own
/// interval from the first line instead: never two lines of the same phase closer than the
/// interval, never longer than the interval (and the polling period) without a line.
public struct RideStatusFollower: Sendable {
    /// The last status shown.
    public private(set) var shown: RideStatus
    /// The newest published update seen, shown or not: the next query starts after its date.
    public private(set) var latest: RideStatus
    /// Seconds, > 0.
    public let interval: Double

    /// - Parameters:
    ///   - first: the status shown first (the status at the time of asking).
    ///   - interval: the longest a reader waits between two lines, seconds; the rules' default 20.
    public init(first: RideStatus, interval: Double = RideTrackingRules().statusInterval) {
        shown = first
        latest = first
        self.interval = interval
    }

    /// Whether the ride has ended: nothing more will be shown.
    public var isCompleted: Bool { shown.phase == .completed }

    /// The lines to show now: the phase changes among `published` (the ride's updates since
    /// ``latest``, in time order), then `current` (the status now) if the interval has passed
    /// since the last line shown.
    public mutating func next(_ published: [RideStatus], current: RideStatus?) -> [RideStatus] {
        var out: [RideStatus] = []
        for update in published where update.date > latest.date {
            latest = update
            guard update.phase != shown.phase, !isCompleted else { continue }
            out.append(update)
            shown = update
        }
        if let current, !isCompleted, current.phase == shown.phase, current.date.timeIntervalSince(shown.date) >= interval {
            out.append(current)
            shown = current
        }
        return out
    }
}
