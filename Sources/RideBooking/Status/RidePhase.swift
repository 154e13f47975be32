/// Where a ride is in its life, with SiriKit's names and raw values (`INRidePhase`).
///
/// The only transitions are
/// ```
/// received → confirmed → approachingPickup → pickup → ongoing → completed
///                  └──────────────────────────↗
/// ```
/// (confirmed may go straight to pickup when the vehicle is already there), plus cancellation
/// from received, confirmed, approachingPickup or pickup to completed. ``unknown`` is never
/// emitted; ``completed`` always carries a ``RideCompletionStatus``.
public enum RidePhase: Int, Sendable, Codable, CaseIterable {
    /// Never emitted by Lodestar; present because SiriKit has it.
    case unknown = 0
    /// The request has been received; no vehicle is assigned yet.
    case received = 1
    /// A vehicle is assigned and on its way.
    case confirmed = 2
    /// The rider is aboard.
    case ongoing = 3
    /// The ride is over: finished, cancelled or missed; see ``RideStatus/completionStatus``.
    case completed = 4
    /// The vehicle is close: its ETA is at most 60 s, or it is within 500 m of the pickup.
    case approachingPickup = 5
    /// The vehicle is at the pickup, waiting for the rider.
    case pickup = 6

    /// The phases this one may advance to in the normal course of a ride (cancellation aside).
    public var successors: [RidePhase] {
        switch self {
        case .unknown: []
        case .received: [.confirmed]
        case .confirmed: [.approachingPickup, .pickup]
        case .approachingPickup: [.pickup]
        case .pickup: [.ongoing]
        case .ongoing: [.completed]
        case .completed: []
        }
    }

    /// Whether the ride can be cancelled by the user in this phase: received through pickup.
    public var isCancelable: Bool {
        switch self {
        case .received, .confirmed, .approachingPickup, .pickup: true
        case .unknown, .ongoing, .completed: false
        }
    }

    /// Whether `next` is an allowed transition from this phase, counting cancellation
    /// (any cancelable phase → completed).
    public func canTransition(to next: RidePhase) -> Bool {
        successors.contains(next) || (next == .completed && isCancelable)
    }

    /// Whether the ride is still running (not completed, and not unknown).
    public var isActive: Bool { self != .completed && self != .unknown }
}
