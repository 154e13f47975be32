import Foundation

/// Answers "where is my ride?", like SiriKit's `INGetRideStatusIntentHandling`, and lists the
/// status updates a rider receives. Stateless; reads the ride from the store and replays its
/// trip to the service's current time.
public struct RideStatusHandler: Sendable {
    /// The service that holds the state.
    public let service: RideService

    public init(service: RideService) {
        self.service = service
    }

    /// The ride's status now: ``GetRideStatusIntentResponseCode/success`` with it, or
    /// ``GetRideStatusIntentResponseCode/failure`` for an unknown identifier. A phase reached
    /// since the store was last written is written back when the store was opened for writing;
    /// a store opened ``RideStore/Access/readOnly`` is only read (the status is the same: it is
    /// replayed from the ride's trip, and the next booking or cancellation writes the phase).
    /// - Throws: ``RideStoreError`` when the store fails.
    public func handle(rideIdentifier: String) throws(RideStoreError) -> GetRideStatusIntentResponse {
        let date = service.now
        guard let record = try service.store.ride(identifier: rideIdentifier) else {
            return GetRideStatusIntentResponse(code: .failure)
        }
        let status = RideTimeline(record: record, rules: service.configuration.tracking).status(at: date)
        if status.phase != record.storedPhase, service.store.access == .readWrite { try persist(status, of: record, at: date) }
        return GetRideStatusIntentResponse(code: .success, rideStatus: status)
    }

    /// The updates published for the ride after `start` through the service's current time,
    /// oldest first: one on every phase change and at least one every
    /// ``RideTrackingRules/statusInterval`` seconds, all with the ride's identifier. nil for an
    /// unknown identifier.
    /// - Throws: ``RideStoreError`` when the store fails.
    public func updates(rideIdentifier: String, after start: Date? = nil) throws(RideStoreError) -> [RideStatus]? {
        guard let record = try service.store.ride(identifier: rideIdentifier) else { return nil }
        let all = RideTimeline(record: record, rules: service.configuration.tracking).updates(through: service.now)
        guard let start else { return all }
        return all.filter { $0.date > start }
    }

    /// Writes a phase the replay reached, unless another process has written first.
    private func persist(_ status: RideStatus, of record: RideRecord, at date: Date) throws(RideStoreError) {
        try service.store.transaction { tx in
            guard var current = try tx.ride(identifier: record.rideIdentifier),
                current.storedPhase == record.storedPhase, current.completionStatus == nil
            else { return }
            current.storedPhase = status.phase
            current.completionStatus = status.completionStatus
            current.completedDate = status.completionStatus == nil ? nil : status.date
            try tx.update(current, at: date)
        }
    }
}
