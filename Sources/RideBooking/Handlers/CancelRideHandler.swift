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
    /// written under the same lock).
    /// - Throws: ``RideStoreError`` when the store fails; nothing was changed then.
    public func handle(rideIdentifier: String) throws(RideStoreError) -> CancelRideIntentResponse {
        let (date, rules) = (service.now, service.configuration.tracking)
        return try service.store.transaction { tx in try Self.cancel(rideIdentifier, in: tx, at: date, rules: rules) }
    }

    /// See ``handle(rideIdentifier:)``; through the store's async write, for async code.
    public func handle(rideIdentifier: String) async throws(RideStoreError) -> CancelRideIntentResponse {
        let (date, rules) = (service.now, service.configuration.tracking)
        return try await service.store.transaction { tx in try Self.cancel(rideIdentifier, in: tx, at: date, rules: rules) }
    }

    /// The cancellation, inside the store's write transaction.
    private static func cancel(
        _ rideIdentifier: String, in tx: RideStoreTransaction, at date: Date, rules: RideTrackingRules
    ) throws -> CancelRideIntentResponse {
        guard var record = try tx.ride(identifier: rideIdentifier) else {
            return CancelRideIntentResponse(code: .failure, failureReason: "no ride \(rideIdentifier)")
        }
        var tracker = RideTimeline(record: record, rules: rules).tracker(at: date)
        let cancelled: RideStatus?
        do throws(RidePhaseError) {
            cancelled = try tracker.cancel(at: date)
        } catch {
            cancelled = nil
        }
        if let cancelled {
            record.storedPhase = .completed
            record.completionStatus = .canceledByUser
            record.completedDate = cancelled.date
            try tx.update(record, at: date)
            return CancelRideIntentResponse(code: .success, rideStatus: cancelled)
        }
        let status = tracker.status
        if status.phase != record.storedPhase, record.completionStatus == nil {
            record.storedPhase = status.phase
            record.completionStatus = status.completionStatus
            record.completedDate = status.completionStatus == nil ? nil : status.date
            try tx.update(record, at: date)
        }
        let why = status.phase == .completed
            ? "the ride is already completed (\(status.completionStatus?.rawValue ?? "completed"))"
            : "the ride is \(status.phase): the rider is aboard"
        return CancelRideIntentResponse(code: .failure, rideStatus: status, failureReason: why)
    }
}
