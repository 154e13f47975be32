import Foundation
import GRDB
import RideBooking

/// One row of the `ride` table, as a GRDB Codable record: columns for what is queried, the rest
/// (the status at booking, the vehicle, the trip) as one JSON text that the PostgreSQL store
/// writes the same way (`RideRecordColumns`). Times are seconds since 1970 (`REAL`).
struct RideRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "ride"
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

    var id: String
    var vehicleId: String
    /// `RidePhase`'s raw value, 1…6.
    var phase: Int
    var completionStatus: String?
    var completedAt: Double?
    var bookedAt: Double
    var tripEndsAt: Double
    var updatedAt: Double
    /// `RideRecordColumns.json(_:)`.
    var record: String
    /// The store revision of the last write (the change feed).
    var revision: Int64
    /// Who booked it; nil for rides booked in process, and in a store of schema version 1,
    /// which has no such column.
    var rider: String?

    init(_ record: RideRecord, updated: Date, revision: Int64) throws {
        id = record.rideIdentifier
        vehicleId = record.vehicle.identifier
        phase = record.storedPhase.rawValue
        completionStatus = record.completionStatus?.rawValue
        completedAt = record.completedDate?.timeIntervalSince1970
        bookedAt = record.booking.bookedDate.timeIntervalSince1970
        tripEndsAt = record.trip.endDate.timeIntervalSince1970
        updatedAt = updated.timeIntervalSince1970
        self.record = try RideRecordColumns.json(record)
        self.revision = revision
        rider = record.rider
    }

    /// The ride this row holds.
    /// - Throws: `RideStoreError/invalidRecord(rideIdentifier:reason:)` naming the row.
    func rideRecord() throws(RideStoreError) -> RideRecord {
        try RideRecordColumns.decode(
            id: id, json: record, phase: phase, completion: completionStatus, completedAt: completedAt, rider: rider)
    }

    static func fetch(_ db: Database, identifier: String) throws -> RideRecord? {
        // A cached statement: prepared once per connection, not at every status read.
        try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM ride WHERE id = ?"), arguments: [identifier]).map(decode)
    }

    static func fetchAll(_ db: Database, limit: Int) throws -> [RideRecord] {
        try Row.fetchAll(db, sql: "SELECT * FROM ride ORDER BY booked_at DESC, id LIMIT ?", arguments: [max(0, limit)])
            .map(decode)
    }

    /// One rider's rides, newest booking first, at most `limit`.
    static func fetchAll(_ db: Database, rider: String, limit: Int) throws -> [RideRecord] {
        try Row.fetchAll(
            db, sql: "SELECT * FROM ride WHERE rider = ? ORDER BY booked_at DESC, id LIMIT ?", arguments: [rider, max(0, limit)]
        ).map(decode)
    }

    /// The vehicles' active rides (not completed), in one statement: the identifiers go in as one
    /// JSON array (`json_each`), so any number of them is one bound argument.
    static func fetchActive(_ db: Database, vehicles: [String]) throws -> [RideRecord] {
        let list = String(decoding: try JSONEncoder().encode(vehicles), as: UTF8.self)
        return try Row.fetchAll(
            db.cachedStatement(sql: "SELECT * FROM ride WHERE vehicle_id IN (SELECT value FROM json_each(?)) AND phase <> 4"),
            arguments: [list]
        ).map(decode)
    }

    /// The rides newest first, the rows that cannot be decoded set aside with why.
    static func listing(_ db: Database, limit: Int) throws -> RideListing {
        var listing = RideListing(rides: [], unreadable: [])
        let rows = try Row.fetchCursor(
            db, sql: "SELECT * FROM ride ORDER BY booked_at DESC, id LIMIT ?", arguments: [max(0, limit)])
        while let row = try rows.next() {
            do {
                // A copy: a cursor's row reads through SQLite's own conversions ('soon' would be
                // a REAL 0), a copied row through GRDB's exact ones (a text is not a Double).
                listing.rides.append(try decode(row.copy()))
            } catch {
                if case .invalidRecord(let id, let reason) = error {
                    listing.unreadable.append(RideListing.Unreadable(rideIdentifier: id, reason: reason))
                }
            }
        }
        return listing
    }

    static func activeVehicles(_ db: Database, at date: Date) throws -> Set<String> {
        try Set(
            String.fetchAll(
                db, sql: "SELECT vehicle_id FROM ride WHERE phase <> 4 AND trip_ends_at > ?",
                arguments: [date.timeIntervalSince1970]))
    }

    /// The ride of a fetched row. A row that does not decode (a value of the wrong type, never
    /// a trap) is named, with its first column that does not hold what the record needs.
    /// - Throws: `RideStoreError/invalidRecord(rideIdentifier:reason:)` naming the row.
    private static func decode(_ row: Row) throws(RideStoreError) -> RideRecord {
        let decoded: RideRow
        do {
            decoded = try RideRow(row: row)
        } catch {
            throw diagnosis(row, error)
        }
        return try decoded.rideRecord()
    }

    /// Why `row` does not decode, in one line: the first column whose value is not of the
    /// record's type ("column completed_at: "soon" is not a Double"), else GRDB's error.
    private static func diagnosis(_ row: Row, _ error: any Error) -> RideStoreError {
        let idValue: DatabaseValue = row["id"]
        let id = String.fromDatabaseValue(idValue) ?? idValue.description
        let columns: [(name: String, type: any DatabaseValueConvertible.Type, optional: Bool)] = [
            ("id", String.self, false), ("vehicle_id", String.self, false), ("phase", Int.self, false),
            ("completion_status", String.self, true), ("completed_at", Double.self, true), ("booked_at", Double.self, false),
            ("trip_ends_at", Double.self, false), ("updated_at", Double.self, false), ("record", String.self, false),
            ("revision", Int64.self, false), ("rider", String.self, true),
        ]
        for column in columns where row.hasColumn(column.name) {
            let value: DatabaseValue = row[column.name]
            if value.isNull ? !column.optional : column.type.fromDatabaseValue(value) == nil {
                return .invalidRecord(rideIdentifier: id, reason: "column \(column.name): \(value) is not a \(column.type)")
            }
        }
        return .invalidRecord(rideIdentifier: id, reason: "\(error)")
    }
}
