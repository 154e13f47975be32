import RideBooking

/// The answer of `PUT /vehicles/{id}/location` (`LocationReceipt`): the vehicle, and its ride and
/// the ride's phase when it has one.
public struct PositionReceiptBody: Sendable, Hashable, Codable {
    public var vehicleIdentifier: String
    public var rideIdentifier: String?
    public var phase: RidePhase?
    /// SiriKit's case name of ``phase``, for people.
    public var phaseName: String?

    public init(_ progress: VehicleRideProgress) {
        vehicleIdentifier = progress.vehicleIdentifier
        rideIdentifier = progress.rideIdentifier
        phase = progress.phase
        phaseName = progress.phase.map { "\($0)" }
    }
}

/// The answer of `POST /vehicles/locations` (`LocationBatchReceipt`): how many positions were
/// stored, and a receipt for each vehicle that has a ride.
public struct PositionBatchReceiptBody: Sendable, Hashable, Codable {
    public var accepted: Int
    public var rides: [PositionReceiptBody]

    public init(accepted: Int, progress: [VehicleRideProgress]) {
        self.accepted = accepted
        rides = progress.filter { $0.rideIdentifier != nil }.map(PositionReceiptBody.init)
    }
}
