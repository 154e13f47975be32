/// The answer of `RideRequestHandler/confirm(_:)` and `RideRequestHandler/handle(_:)`, after
/// SiriKit's `INRequestRideIntentResponse`.
public struct RequestRideIntentResponse: Sendable, Hashable, Codable {
    /// What happened.
    public var code: RequestRideIntentResponseCode
    /// The booked ride, on ``RequestRideIntentResponseCode/success``.
    public var rideStatus: RideStatus?
    /// The vehicle that would come, on ``RequestRideIntentResponseCode/ready``.
    public var quote: RideQuote?
    /// Why it failed, one line, on a failure.
    public var failureReason: String?

    public init(
        code: RequestRideIntentResponseCode, rideStatus: RideStatus? = nil, quote: RideQuote? = nil, failureReason: String? = nil
    ) {
        self.code = code
        self.rideStatus = rideStatus
        self.quote = quote
        self.failureReason = failureReason
    }
}
