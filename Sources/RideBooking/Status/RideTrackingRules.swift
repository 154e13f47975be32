import Lodestar

/// When a ride advances from phase to phase and how often its status goes out.
public struct RideTrackingRules: Sendable, Equatable {
    /// confirmed → approachingPickup once the vehicle is this close to the pickup, metres. Default 500.
    public var approachDistance: Double
    /// confirmed → approachingPickup once the vehicle's ETA at the pickup is this short, seconds.
    /// Default 60.
    public var approachTime: Double
    /// → pickup when the vehicle is within this radius of the pickup, metres (the arrival
    /// monitor's entry radius). Default 25.
    public var pickupEntryRadius: Double
    /// The arrival monitor's exit radius around the pickup, metres, ≥ entry: between the two,
    /// jitter declares nothing. Default 50.
    public var pickupExitRadius: Double
    /// How long the vehicle must stay inside the entry radius before arrival counts, seconds;
    /// nil for at once. Default nil.
    public var pickupDwell: Double?
    /// pickup → ongoing after the vehicle has waited this long for the rider, seconds. Default 60.
    public var boardingDuration: Double
    /// ongoing → completed when the vehicle is within this radius of the drop-off, metres. Default 25.
    public var dropOffEntryRadius: Double
    /// A status goes out at least this often, seconds, and on every phase change. Default 20.
    public var statusInterval: Double

    public init(
        approachDistance: Double = 500, approachTime: Double = 60, pickupEntryRadius: Double = 25,
        pickupExitRadius: Double = 50, pickupDwell: Double? = nil, boardingDuration: Double = 60,
        dropOffEntryRadius: Double = 25, statusInterval: Double = 20
    ) {
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
