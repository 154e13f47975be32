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
        let status = status(of: record, at: date)
        if writesBack(status, of: record) {
            try service.store.transaction { tx in try Self.persist(status, of: record, at: date, in: tx) }
        }
        return GetRideStatusIntentResponse(code: .success, rideStatus: status)
    }

    /// See ``handle(rideIdentifier:)``; through the store's async read and write, for async code.
    public func handle(rideIdentifier: String) async throws(RideStoreError) -> GetRideStatusIntentResponse {
        let date = service.now
        guard let record = try await service.store.ride(identifier: rideIdentifier) else {
            return GetRideStatusIntentResponse(code: .failure)
        }
        let status = status(of: record, at: date)
        if writesBack(status, of: record) {
            try await service.store.transaction { tx in try Self.persist(status, of: record, at: date, in: tx) }
        }
        return GetRideStatusIntentResponse(code: .success, rideStatus: status)
    }

    /// The updates published for the ride after `start` through the service's current time,
    /// oldest first: one on every phase change and at least one every
    /// ``RideTrackingRules/statusInterval`` seconds, all with the ride's identifier. nil for an
    /// unknown identifier.
    /// - Throws: ``RideStoreError`` when the store fails.
    public func updates(rideIdentifier: String, after start: Date? = nil) throws(RideStoreError) -> [RideStatus]? {
        try service.store.ride(identifier: rideIdentifier).map { updates(of: $0, after: start) }
    }

    /// See ``updates(rideIdentifier:after:)``; through the store's async read, for async code.
    public func updates(rideIdentifier: String, after start: Date? = nil) async throws(RideStoreError) -> [RideStatus]? {
        try await service.store.ride(identifier: rideIdentifier).map { updates(of: $0, after: start) }
    }

    private func status(of record: RideRecord, at date: Date) -> RideStatus {
        RideTimeline(record: record, rules: service.configuration.tracking).status(at: date)
    }

    private func updates(of record: RideRecord, after start: Date?) -> [RideStatus] {
        let all = RideTimeline(record: record, rules: service.configuration.tracking).updates(through: service.now)
        guard let start else { return all }
        return all.filter { $0.date > start }
    }

    /// Whether a phase reached since the last write is written back: not on a read-only store.
    private func writesBack(_ status: RideStatus, of record: RideRecord) -> Bool {
        status.phase != record.storedPhase && service.store.access == .readWrite
    }

    /// Writes a phase the replay reached, unless another process has written first.
    private static func persist(_ status: RideStatus, of record: RideRecord, at date: Date, in tx: RideStoreTransaction) throws {
        guard var current = try tx.ride(identifier: record.rideIdentifier),
            current.storedPhase == record.storedPhase, current.completionStatus == nil
        else { return }
        current.storedPhase = status.phase
        current.completionStatus = status.completionStatus
        current.completedDate = status.completionStatus == nil ? nil : status.date
        try tx.update(current, at: date)
    }
}
