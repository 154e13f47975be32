import Foundation
import GRDB
import RideBooking

/// The ride store's view inside one write transaction (see ``RideStore``).
struct RideStoreTransaction {
    let db: Database
    let path: String

    /// The ride with this identifier.
    func ride(identifier: String) throws -> RideRecord? { try RideRow.fetch(db, identifier: identifier) }

    /// Inserts a new ride, stamped with the next store revision, which it returns.
    /// - Throws: `RideStoreError/vehicleAlreadyAssigned(vehicleIdentifier:)` when the unique
    ///   index finds the vehicle on another active ride.
    @discardableResult
    func insert(_ record: RideRecord, at date: Date) throws -> Int64 {
        let revision = try nextRevision()
        do {
            try RideRow(record, updated: date, revision: revision).insert(db)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            throw RideStoreError.vehicleAlreadyAssigned(vehicleIdentifier: record.vehicle.identifier)
        }
        try logEvent(record, at: date)
        return revision
    }

    /// Writes a ride's phase and completion, stamped with the next store revision, which it returns.
    @discardableResult
    func update(_ record: RideRecord, at date: Date) throws -> Int64 {
        let revision = try nextRevision()
        try db.execute(
            sql: """
                UPDATE ride SET phase = ?, completion_status = ?, completed_at = ?, updated_at = ?, revision = ?
                WHERE id = ?
                """,
            arguments: [
                record.storedPhase.rawValue, record.completionStatus?.rawValue,
                record.completedDate?.timeIntervalSince1970, date.timeIntervalSince1970, revision, record.rideIdentifier,
            ])
        try logEvent(record, at: date)
        return revision
    }

    /// Logs the phase the ride has now (``RideEvent``).
    private func logEvent(_ record: RideRecord, at date: Date) throws {
        try db.cachedStatement(sql: "INSERT INTO ride_event (ride_id, phase, completion_status, at) VALUES (?, ?, ?, ?)")
            .execute(arguments: [
                record.rideIdentifier, record.storedPhase.rawValue, record.completionStatus?.rawValue, date.timeIntervalSince1970,
            ])
    }

    private func nextRevision() throws -> Int64 {
        guard let value = try Int64.fetchOne(db, sql: "UPDATE store_revision SET value = value + 1 WHERE id = 1 RETURNING value")
        else { throw RideStoreError.corrupt(path: path, reason: "the store_revision row is missing") }
        return value
    }
}
