/// The members of the API's `RideStatus` that clients act on; the rest of the object is ignored.
public struct RideStatusSummary: Sendable, Equatable, Decodable {
    /// The ride's UUID, the same in every status and event.
    public var rideIdentifier: String
    /// INRidePhase's raw value (1 received ... 6 pickup).
    public var phase: Int
    /// INRidePhase's case name (`approachingPickup`).
    public var phaseName: String
    /// How a completed ride ended (`completed`, `canceledByUser`...).
    public var completionStatus: String?
    /// The assigned vehicle.
    public var vehicle: Vehicle?
    /// Metres from the vehicle to where it heads next.
    public var distanceRemaining: Double?

    /// The assigned vehicle's identifier.
    public struct Vehicle: Sendable, Equatable, Decodable {
        public var identifier: String
    }

    public init(rideIdentifier: String, phase: Int, phaseName: String) {
        self.rideIdentifier = rideIdentifier
        self.phase = phase
        self.phaseName = phaseName
    }
}

/// The members of the intents' responses that clients act on (`RequestRideIntentResponse`,
/// `GetRideStatusIntentResponse`, `CancelRideIntentResponse`).
public struct IntentResponseSummary: Sendable, Equatable, Decodable {
    /// SiriKit's raw value of the response code.
    public var code: Int
    /// SiriKit's case name of the code (`success`, `failureRequiringAppLaunchNoServiceInArea`).
    public var codeName: String
    /// Why it failed, when it did.
    public var failureReason: String?
    /// The ride, when there is one.
    public var rideStatus: RideStatusSummary?
}
