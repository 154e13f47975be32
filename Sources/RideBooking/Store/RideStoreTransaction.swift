import Foundation
import GRDB

/// The ride store's view inside one write transaction (see ``RideStore``).
struct RideStoreTransaction {
    let db: Database
    let path: String

    /// The ride with this identifier.
    func ride(identifier: String) throws -> RideRecord? { try RideRow.fetch(db, identifier: identifier) }

    /// Vehicle identifiers of rides not completed in the store, with their trips' end dates.
    func unfinishedAssignments() throws -> [(vehicleIdentifier: String, rideIdentifier: String, tripEnd: Date)] {
        try Row.fetchAll(db, sql: "SELECT vehicle_id, id, trip_ends_at FROM ride WHERE phase <> 4").map { row in
            (row["vehicle_id"], row["id"], Date(timeIntervalSince1970: row["trip_ends_at"]))
        }
    }

    /// Inserts a new ride.
    /// - Throws: ``RideStoreError/vehicleAlreadyAssigned(vehicleIdentifier:)`` when the unique
    ///   index finds the vehicle on another active ride.
    func insert(_ record: RideRecord, at date: Date) throws {
        do {
            try RideRow(record, updated: date).insert(db)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            throw RideStoreError.vehicleAlreadyAssigned(vehicleIdentifier: record.vehicle.identifier)
        }
    }

    /// Writes a ride's phase and completion.
    func update(_ record: RideRecord, at date: Date) throws {
        try db.execute(
            sql: """
                UPDATE ride SET phase = ?, completion_status = ?, completed_at = ?, updated_at = ? WHERE id = ?
                """,
            arguments: [
                record.storedPhase.rawValue, record.completionStatus?.rawValue,
                record.completedDate?.timeIntervalSince1970, date.timeIntervalSince1970, record.rideIdentifier,
            ])
    }
}
