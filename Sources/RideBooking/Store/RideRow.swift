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

    static func activeVehicles(_ db: Database, at date: Date) throws -> Set<String> {
        try Set(String.fetchAll(
            db, sql: "SELECT vehicle_id FROM ride WHERE phase <> 4 AND trip_ends_at > ?",
            arguments: [date.timeIntervalSince1970]))
    }

    private static func decode(_ row: Row) throws -> RideRecord {
        let id: String = row["id"]
        let json: String = row["record"]
        let booking: Booking
        do {
            booking = try JSONDecoder().decode(Booking.self, from: Data(json.utf8))
        } catch {
            throw RideStoreError.invalidRecord(rideIdentifier: id, reason: String(describing: error))
        }
        let phaseValue: Int = row["phase"]
        guard let phase = RidePhase(rawValue: phaseValue), phase != .unknown else {
            throw RideStoreError.invalidRecord(rideIdentifier: id, reason: "phase \(phaseValue)")
        }
        let completion = (row["completion_status"] as String?).flatMap(RideCompletionStatus.init(rawValue:))
        let completed = (row["completed_at"] as Double?).map(Date.init(timeIntervalSince1970:))
        return RideRecord(
            booking: booking.booking, vehicle: booking.vehicle, trip: booking.trip, storedPhase: phase,
            completionStatus: completion, completedDate: completed)
    }
}
