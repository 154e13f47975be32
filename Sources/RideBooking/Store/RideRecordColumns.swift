import Foundation

/// A ride as both backends store it: columns for what is queried (phase, completion, dates,
/// rider) and the rest (the status at booking, the vehicle, the trip) as one JSON text with
/// sorted keys. One encoding and one decoding for SQLite and PostgreSQL.
package enum RideRecordColumns {
    /// What the `record` column holds.
    private struct Booking: Codable {
        var booking: RideStatus
        var vehicle: Vehicle
        var trip: Trip
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    /// The `record` column of a ride.
    package static func json(_ record: RideRecord) throws -> String {
        String(
            decoding: try encoder.encode(Booking(booking: record.booking, vehicle: record.vehicle, trip: record.trip)),
            as: UTF8.self)
    }

    /// The ride of a stored row.
    /// - Throws: ``RideStoreError/invalidRecord(rideIdentifier:reason:)`` naming the row.
    package static func decode(
        id: String, json: String, phase phaseValue: Int, completion completionValue: String?, completedAt: Double?,
        rider: String?
    ) throws(RideStoreError) -> RideRecord {
        let booking: Booking
        do {
            booking = try JSONDecoder().decode(Booking.self, from: Data(json.utf8))
        } catch {
            throw .invalidRecord(rideIdentifier: id, reason: reason(error))
        }
        guard let phase = RidePhase(rawValue: phaseValue), phase != .unknown else {
            throw .invalidRecord(rideIdentifier: id, reason: "phase \(phaseValue)")
        }
        let completion = completionValue.flatMap(RideCompletionStatus.init(rawValue:))
        if let completionValue, completion == nil {
            throw .invalidRecord(rideIdentifier: id, reason: "completion status '\(completionValue)'")
        }
        return RideRecord(
            booking: booking.booking, vehicle: booking.vehicle, trip: booking.trip, storedPhase: phase,
            completionStatus: completion, completedDate: completedAt.map(Date.init(timeIntervalSince1970:)), rider: rider)
    }

    /// Why the JSON record could not be decoded, in one line: where in the record, and what.
    static func reason(_ error: any Error) -> String {
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
