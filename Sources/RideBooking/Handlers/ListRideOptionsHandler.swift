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
    /// Without a pickup: success, with no estimates. The estimates expire after 60 s.
    /// - Throws: ``RideStoreError`` when the store fails.
    public func handle(pickup: Coordinate?) throws(RideStoreError) -> ListRideOptionsIntentResponse {
        let date = service.now
        guard let pickup else {
            return ListRideOptionsIntentResponse(code: .success, rideOptions: service.fleetSnapshot.rideOptions)
        }
        try service.sync()
        return options(pickup: pickup, at: date)
    }

    /// See ``handle(pickup:)``; through the store's async read, for async code.
    public func handle(pickup: Coordinate?) async throws(RideStoreError) -> ListRideOptionsIntentResponse {
        let date = service.now
        guard let pickup else {
            return ListRideOptionsIntentResponse(code: .success, rideOptions: service.fleetSnapshot.rideOptions)
        }
        try await service.sync()
        return options(pickup: pickup, at: date)
    }

    /// The options once the view of busy vehicles is up to date.
    private func options(pickup: Coordinate, at date: Date) -> ListRideOptionsIntentResponse {
        let fleet = service.fleetSnapshot
        let range = service.configuration.serviceRange
        var any = false
        let options = fleet.rideOptions.map { option in
            var option = option
            if let (vehicle, distance) = fleet.nearestAvailable(to: pickup, within: range, rideOptionName: option.name, at: date) {
                option.estimatedPickupDate = date.addingTimeInterval(distance / vehicle.speed)
                any = true
            }
            return option
        }
        let code: ListRideOptionsIntentResponseCode =
            any ? .success
            : fleet.nearestWorking(to: pickup, within: range) == nil
                ? .failureRequiringAppLaunchNoServiceInArea : .failureRequiringAppLaunchServiceTemporarilyUnavailable
        return ListRideOptionsIntentResponse(code: code, rideOptions: options, expirationDate: date.addingTimeInterval(60))
    }
}
