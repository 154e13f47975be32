import Foundation
import GRDB
import RideBooking

/// One row of the `ride` table: columns for what is queried, JSON for the rest.
struct RideRow {
    let record: RideRecord
    let updated: Date
    let revision: Int64

    init(_ record: RideRecord, updated: Date, revision: Int64) {
        self.record = record
        self.updated = updated
        self.revision = revision
    }

    func insert(_ db: Database) throws {
        let json = try RideRecordColumns.json(record)
        try db.execute(
            sql: """
                INSERT INTO ride (id, vehicle_id, phase, completion_status, completed_at, booked_at, trip_ends_at,
                                  updated_at, record, revision, rider)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                record.rideIdentifier, record.vehicle.identifier, record.storedPhase.rawValue,
                record.completionStatus?.rawValue, record.completedDate?.timeIntervalSince1970,
                record.booking.bookedDate.timeIntervalSince1970, record.trip.endDate.timeIntervalSince1970,
                updated.timeIntervalSince1970, json, revision, record.rider,
            ])
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
                listing.rides.append(try decode(row))
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

    /// The record of a row. Every column is read with a throwing accessor (a value of the wrong
    /// type is an error, never a trap).
    /// - Throws: `RideStoreError/invalidRecord(rideIdentifier:reason:)` naming the row.
    private static func decode(_ row: Row) throws(RideStoreError) -> RideRecord {
        let idValue: DatabaseValue = row["id"]
        let id = String.fromDatabaseValue(idValue) ?? idValue.description
        func column<T: DatabaseValueConvertible>(_ name: String, _ type: T.Type) throws(RideStoreError) -> T {
            do {
                return try row.decode(T.self, forColumn: name)
            } catch {
                throw .invalidRecord(
                    rideIdentifier: id, reason: "column \(name): \(row[name] as DatabaseValue) is not a \(T.self)")
            }
        }
        func optionalColumn<T: DatabaseValueConvertible>(_ name: String, _ type: T.Type) throws(RideStoreError) -> T? {
            let value: DatabaseValue = row[name]
            return value.isNull ? nil : try column(name, T.self)
        }
        let json = try column("record", String.self)
        let phase = try column("phase", Int.self)
        let completion = try optionalColumn("completion_status", String.self)
        let completed = try optionalColumn("completed_at", Double.self)
        // A store of schema version 1, read as it is, has no rider column: nil.
        let rider = row.hasColumn("rider") ? try optionalColumn("rider", String.self) : nil
        return try RideRecordColumns.decode(
            id: id, json: json, phase: phase, completion: completion, completedAt: completed, rider: rider)
    }
}
