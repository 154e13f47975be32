/// A vehicle's active ride after a report (``RideService/report(_:)``): `VehicleLocationReceipt` in
/// the API.
public struct VehicleRideProgress: Sendable, Hashable {
    /// The vehicle that reported.
    public var vehicleIdentifier: String
    /// Its active ride, nil when it has none.
    public var rideIdentifier: String?
    /// The ride's phase after the report, nil when it has no ride.
    public var phase: RidePhase?

    public init(vehicleIdentifier: String, rideIdentifier: String? = nil, phase: RidePhase? = nil) {
        self.vehicleIdentifier = vehicleIdentifier
        self.rideIdentifier = rideIdentifier
        self.phase = phase
    }
}
