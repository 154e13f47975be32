import Foundation

/// Answers "where is my ride?", like SiriKit's `INGetRideStatusIntentHandling`. Stateless: the
/// status is the store's: the phase its vehicle's reports have advanced it to, with the vehicle
/// where it last reported (``RideService/ride(_:)``).
public struct RideStatusHandler: Sendable {
    /// The service that holds the state.
    public let service: RideService

    public init(service: RideService) {
        self.service = service
    }

    /// The ride's status now: ``GetRideStatusIntentResponseCode/success`` with it, or
    /// ``GetRideStatusIntentResponseCode/failure`` for an unknown identifier. Only reads.
    /// - Throws: ``RideStoreError`` when the store fails.
    public func handle(rideIdentifier: String) async throws -> GetRideStatusIntentResponse {
        guard let (status, _) = try await service.ride(rideIdentifier) else { return GetRideStatusIntentResponse(code: .failure) }
        return GetRideStatusIntentResponse(code: .success, rideStatus: status)
    }
}
