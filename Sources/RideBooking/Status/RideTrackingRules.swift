import Geodesy
import Lodestar
import LodestarInternals

/// When a ride advances from phase to phase and how often its status goes out.
public struct RideTrackingRules: Sendable, Equatable {
    /// confirmed → approachingPickup once the vehicle is this close to the pickup, metres. Default 500.
    public var approachDistance: Double
    /// confirmed → approachingPickup once the vehicle's ETA at the pickup is this short, seconds.
    /// Default 60.
    public var approachTime: Double
    /// → pickup when the vehicle is within this radius of the pickup, metres (the arrival
    /// monitor's entry radius). Default 25.
    public private(set) var pickupEntryRadius: Double
    /// The arrival monitor's exit radius around the pickup, metres, ≥ entry: between the two,
    /// jitter declares nothing. Default 50.
    public private(set) var pickupExitRadius: Double
    /// How long the vehicle must stay inside the entry radius before arrival counts, seconds;
    /// nil for at once. Default nil.
    public private(set) var pickupDwell: Double?
    /// pickup → ongoing after the vehicle has waited this long for the rider, seconds. Default 60.
    public var boardingDuration: Double
    /// ongoing → completed when the vehicle is within this radius of the drop-off, metres. Default 25.
    public private(set) var dropOffEntryRadius: Double
    /// A status goes out at least this often, seconds, and on every phase change. Default 20.
    public var statusInterval: Double

    /// The defaults.
    public init() {
        approachDistance = 500
        approachTime = 60
        pickupEntryRadius = 25
        pickupExitRadius = 50
        pickupDwell = nil
        boardingDuration = 60
        dropOffEntryRadius = 25
        statusInterval = 20
    }

    /// - Throws: `Lodestar/RuleError` when a radius is not finite and > 0 or the dwell is negative
    ///   or not finite: the arrival monitors' regions are checked here, once.
    public init(
        approachDistance: Double = 500, approachTime: Double = 60, pickupEntryRadius: Double = 25,
        pickupExitRadius: Double = 50, pickupDwell: Double? = nil, boardingDuration: Double = 60,
        dropOffEntryRadius: Double = 25, statusInterval: Double = 20
    ) throws(RuleError) {
        let anywhere = Self.anywhere
        _ = try ArrivalRegion(
            destination: anywhere, entryRadius: pickupEntryRadius, exitRadius: pickupExitRadius,
            dwell: try pickupDwell.map { d throws(RuleError) in try Self.duration(d) })
        _ = try ArrivalRegion(destination: anywhere, entryRadius: dropOffEntryRadius)
        self.approachDistance = approachDistance
        self.approachTime = approachTime
        self.pickupEntryRadius = pickupEntryRadius
        self.pickupExitRadius = max(pickupExitRadius, pickupEntryRadius)
        self.pickupDwell = pickupDwell
        self.boardingDuration = boardingDuration
        self.dropOffEntryRadius = dropOffEntryRadius
        self.statusInterval = statusInterval
    }
}

extension RideTrackingRules {
    /// A point for checking the radii: the regions' rules do not depend on where they are.
    private static let anywhere = Coordinate(uncheckedLatitude: 0, longitude: 0)

    /// `seconds` as a `Duration`. - Throws: ``Lodestar/RuleError/arrivalDwell(_:)`` unless finite and ≥ 0.
    static func duration(_ seconds: Double) throws(RuleError) -> Duration {
        guard let duration = Duration(checkedSeconds: seconds) else { throw .arrivalDwell(.zero - .seconds(1)) }
        return duration
    }

    /// The region the pickup's arrival monitor watches.
    package func pickupRegion(at pickup: Coordinate) -> ArrivalRegion {
        ArrivalRegion(
            unchecked: pickup, entryRadius: pickupEntryRadius, exitRadius: pickupExitRadius,
            dwell: pickupDwell.flatMap { Duration(checkedSeconds: $0) })
    }

    /// The region the drop-off's arrival monitor watches.
    package func dropOffRegion(at dropOff: Coordinate) -> ArrivalRegion {
        ArrivalRegion(unchecked: dropOff, entryRadius: dropOffEntryRadius, exitRadius: nil, dwell: nil)
    }
}
