/// The answer of `CancelRideHandler/handle(rideIdentifier:)`, after SiriKit's
/// `INCancelRideIntentResponse`.
public struct CancelRideIntentResponse: Sendable, Hashable, Codable {
    /// What happened.
    public var code: CancelRideIntentResponseCode
    /// The ride after the attempt: completed(canceledByUser) on success; its current status when
    /// it could not be cancelled; nil for an unknown identifier.
    public var rideStatus: RideStatus?
    /// Why it failed, one line, on failure.
    public var failureReason: String?

    public init(code: CancelRideIntentResponseCode, rideStatus: RideStatus? = nil, failureReason: String? = nil) {
        self.code = code
        self.rideStatus = rideStatus
        self.failureReason = failureReason
    }
}
