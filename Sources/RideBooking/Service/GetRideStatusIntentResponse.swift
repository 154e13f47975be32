/// The answer of `RideStatusHandler/handle(rideIdentifier:)`, after SiriKit's
/// `INGetRideStatusIntentResponse`.
public struct GetRideStatusIntentResponse: Sendable, Hashable, Codable {
    /// What happened.
    public var code: GetRideStatusIntentResponseCode
    /// The status, on ``GetRideStatusIntentResponseCode/success``.
    public var rideStatus: RideStatus?

    public init(code: GetRideStatusIntentResponseCode, rideStatus: RideStatus? = nil) {
        self.code = code
        self.rideStatus = rideStatus
    }
}
