import Foundation

/// Cancels a ride, like SiriKit's `INCancelRideIntentHandling`.
///
/// From received through pickup: ``CancelRideIntentResponseCode/success``, and the ride is
/// completed with ``RideCompletionStatus/canceledByUser`` (its vehicle is free again). Ongoing or
/// completed: ``CancelRideIntentResponseCode/failure``. Unknown identifier: failure.
public struct CancelRideHandler: Sendable {
    /// The service that holds the state.
    public let service: RideService

    public init(service: RideService) {
        self.service = service
    }

    /// Cancels the ride now, in one store transaction (the phase is checked and the cancellation
    /// written under the same lock). See ``RideService/cancel(_:)``.
    /// - Throws: ``RideStoreError`` when the store fails; nothing was changed then.
    public func handle(rideIdentifier: String) async throws -> CancelRideIntentResponse {
        try await service.cancel(rideIdentifier)
    }
}
