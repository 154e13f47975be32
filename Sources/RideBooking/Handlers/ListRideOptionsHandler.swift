import Foundation
import Geodesy

/// Lists the ride options, like SiriKit's `INListRideOptionsIntentHandling`, each with when a free
/// vehicle of that option could be at the pickup.
public struct ListRideOptionsHandler: Sendable {
    /// The service that holds the state.
    public let service: RideService

    public init(service: RideService) {
        self.service = service
    }

    /// The options. With a pickup: ``ListRideOptionsIntentResponseCode/success`` when some vehicle
    /// is free in range (options with none free have no estimated pickup date),
    /// `failureRequiringAppLaunchNoServiceInArea` when no vehicle is in range,
    /// `failureRequiringAppLaunchServiceTemporarilyUnavailable` when all in range are busy.
    /// Without a pickup: success, with no estimates. The estimates expire after 60 s. See
    /// ``RideService/options(pickup:)``.
    /// - Throws: ``RideStoreError`` when the store fails.
    public func handle(pickup: Coordinate?) async throws -> ListRideOptionsIntentResponse {
        try await service.options(pickup: pickup)
    }
}
