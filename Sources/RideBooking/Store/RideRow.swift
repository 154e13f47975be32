import Foundation
import GRDB

/// One row of the `ride` table: columns for what is queried, JSON for the rest.
struct RideRow {
    /// What the `record` column holds.
    private struct Booking: Codable {
        var booking: RideStatus
        var vehicle: Vehicle
        var trip: Trip
    }

    let record: RideRecord
    let updated: Date
    let revision: Int64

    init(_ record: RideRecord, updated: Date, revision: Int64) {
        self.record = record
        self.updated = updated
        self.revision = revision
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    func insert(_ db: Database) throws {
        let json = try Self.encoder.encode(Booking(booking: record.booking, vehicle: record.vehicle, trip: record.trip))
        try db.execute(
            sql: """
                INSERT INTO ride (id, vehicle_id, phase, completion_status, completed_at, booked_at, trip_ends_at,
                                  updated_at, record, revision)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                record.rideIdentifier, record.vehicle.identifier, record.storedPhase.rawValue,
                record.completionStatus?.rawValue, record.completedDate?.timeIntervalSince1970,
                record.booking.bookedDate.timeIntervalSince1970, record.trip.endDate.timeIntervalSince1970,
                updated.timeIntervalSince1970, String(decoding: json, as: UTF8.self), revision,
            ])
    }

    static func fetch(_ db: Database, identifier: String) throws -> RideRecord? {
        try Row.fetchOne(db, sql: "SELECT * FROM ride WHERE id = ?", arguments: [identifier]).map(decode)
    }

    static func fetchAll(_ db: Database, limit: Int) throws -> [RideRecord] {
        try Row.fetchAll(db, sql: "SELECT * FROM ride ORDER BY booked_at DESC, id LIMIT ?", arguments: [max(0, limit)])
            .map(decode)
    }

    /// The rides newest first, the rows that cannot be decoded set aside with why.
    static func listing(_ db: Database, limit: Int) throws -> RideListing {
        var listing = RideListing(rides: [], unreadable: [])
        let rows = try Row.fetchCursor(db, sql: "SELECT * FROM ride ORDER BY booked_at DESC, id LIMIT ?", arguments: [max(0, limit)])
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
        try Set(String.fetchAll(
            db, sql: "SELECT vehicle_id FROM ride WHERE phase <> 4 AND trip_ends_at > ?",
            arguments: [date.timeIntervalSince1970]))
    }

    /// The record of a row. Every column is read with a throwing accessor (a value of the wrong
    /// type is an error, never a trap).
    /// - Throws: ``RideStoreError/invalidRecord(rideIdentifier:reason:)`` naming the row.
    private static func decode(_ row: Row) throws(RideStoreError) -> RideRecord {
        let idValue: DatabaseValue = row["id"]
        let id = String.fromDatabaseValue(idValue) ?? idValue.description
        func column<T: DatabaseValueConvertible>(_ name: String, _ type: T.Type) throws(RideStoreError) -> T {
            do {
                return try row.decode(T.self, forColumn: name)
            } catch {
                throw .invalidRecord(rideIdentifier: id, reason: "column \(name): \(row[name] as DatabaseValue) is not a \(T.self)")
            }
        }
        func optionalColumn<T: DatabaseValueConvertible>(_ name: String, _ type: T.Type) throws(RideStoreError) -> T? {
            let value: DatabaseValue = row[name]
            return value.isNull ? nil : try column(name, T.self)
        }
        let json = try column("record", String.self)
        let booking: Booking
        do {
            booking = try JSONDecoder().decode(Booking.self, from: Data(json.utf8))
        } catch {
            throw .invalidRecord(rideIdentifier: id, reason: Self.reason(error))
        }
        let phaseValue = try column("phase", Int.self)
        guard let phase = RidePhase(rawValue: phaseValue), phase != .unknown else {
            throw .invalidRecord(rideIdentifier: id, reason: "phase \(phaseValue)")
        }
        let completionValue = try optionalColumn("completion_status", String.self)
        let completion = completionValue.flatMap(RideCompletionStatus.init(rawValue:))
        if let completionValue, completion == nil {
            throw .invalidRecord(rideIdentifier: id, reason: "completion status '\(completionValue)'")
        }
        let completed = try optionalColumn("completed_at", Double.self).map(Date.init(timeIntervalSince1970:))
        return RideRecord(
            booking: booking.booking, vehicle: booking.vehicle, trip: booking.trip, storedPhase: phase,
            completionStatus: completion, completedDate: completed)
    }

    /// Why the JSON record could not be decoded, in one line: where in the record, and what.
    private static func reason(_ error: any Error) -> String {
        let context: DecodingError.Context
        switch error as? DecodingError {
        case .dataCorrupted(let c), .keyNotFound(_, let c), .typeMismatch(_, let c), .valueNotFound(_, let c): context = c
        default: return "its record: \(error)"
        }
        let at = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        var text = "its record" + (at.isEmpty ? "" : " at \(at)") + ": " + context.debugDescription
        if let underlying = context.underlyingError { text += " (\((underlying as NSError).localizedDescription))" }
        return text
    }
}
