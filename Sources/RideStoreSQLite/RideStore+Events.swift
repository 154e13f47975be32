import Foundation
import GRDB
import RideBooking

/// The SQLite store's ride events (`RideBackend`'s event requirements).
extension RideStore {
    public func rideEvents(rideIdentifier: String, after eventIdentifier: Int64?) async throws(RideStoreError) -> [RideEvent] {
        let path = path
        return try await read(empty: []) { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, ride_id, phase, completion_status, at FROM ride_event WHERE ride_id = ? AND id > ?
                    ORDER BY id LIMIT \(RideEvent.readLimit)
                    """, arguments: [rideIdentifier, eventIdentifier ?? 0]
            ).map { row in try Self.event(row, path: path) }
        }
    }

    /// Reads the event log's new entries every `interval` on one reader: what this process and
    /// every other process writing the file logged. A read that fails (the file is busy or
    /// damaged) is tried again at the next interval, after `RideChange.any`.
    public func followRideChanges(every interval: Duration, _ changed: @escaping @Sendable (RideChange) -> Void) async {
        let interval = min(max(interval, .milliseconds(10)), .seconds(5))
        var last: Int64?
        changed(.any)
        while !Task.isCancelled {
            do {
                if let seen = last {
                    let news = try await read(empty: []) { db in
                        try Row.fetchAll(
                            db.cachedStatement(sql: "SELECT id, ride_id FROM ride_event WHERE id > ? ORDER BY id LIMIT 1000"),
                            arguments: [seen]
                        )
                        .map { (id: $0["id"] as Int64? ?? seen, ride: $0["ride_id"] as String? ?? "") }
                    }
                    var told = Set<String>()
                    for entry in news where told.insert(entry.ride).inserted { changed(.ride(entry.ride)) }
                    last = news.last?.id ?? seen
                } else {
                    last = try await read(empty: 0) { db in try Int64.fetchOne(db, sql: "SELECT max(id) FROM ride_event") ?? 0 }
                }
            } catch {
                if last != nil { changed(.any) }
                last = nil
            }
            try? await Task.sleep(for: interval)
        }
    }

    private static func event(_ row: Row, path: String) throws -> RideEvent {
        let id: Int64 = row["id"] ?? 0
        guard let phase = RidePhase(rawValue: row["phase"] ?? 0) else {
            throw RideStoreError.corrupt(path: path, reason: "ride event \(id) has no phase")
        }
        let completion: String? = row["completion_status"]
        return RideEvent(
            identifier: id, rideIdentifier: row["ride_id"] ?? "", phase: phase,
            completionStatus: completion.flatMap(RideCompletionStatus.init(rawValue:)),
            date: Date(timeIntervalSince1970: row["at"] ?? 0))
    }
}
