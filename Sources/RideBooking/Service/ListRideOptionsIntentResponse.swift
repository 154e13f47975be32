import Foundation

/// The answer of `ListRideOptionsHandler/handle(pickup:)`, after SiriKit's
/// `INListRideOptionsIntentResponse`.
public struct ListRideOptionsIntentResponse: Sendable, Hashable, Codable {
    /// What happened.
    public var code: ListRideOptionsIntentResponseCode
    /// The options, with an estimated pickup date where a vehicle of that option is free in range.
    public var rideOptions: [RideOption]
    /// When the estimates stop being valid.
    public var expirationDate: Date?

    public init(code: ListRideOptionsIntentResponseCode, rideOptions: [RideOption] = [], expirationDate: Date? = nil) {
        self.code = code
        self.rideOptions = rideOptions
        self.expirationDate = expirationDate
    }
}
