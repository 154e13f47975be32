import Foundation
import PostgresNIO
import RideBooking

/// The PostgreSQL store's ride events: logged in `ride_event` and announced with `NOTIFY` on
/// ``rideChannel`` (delivered when the transaction commits, to every server listening).
extension PostgresRideStore {
    /// The channel ride events are announced on; the payload is the ride's identifier.
    public static let rideChannel = "lodestar_ride"

    /// Logs the phase the ride has now and announces it, in the caller's transaction.
    func logEvent(_ record: RideRecord, at date: Date, on connection: PostgresConnection) async throws {
        try await connection.query(
            """
            WITH logged AS (
                INSERT INTO ride_event (ride_id, phase, completion_status, at)
                VALUES (\(record.rideIdentifier), \(record.storedPhase.rawValue), \(record.completionStatus?.rawValue),
                        \(date.timeIntervalSince1970))
                RETURNING ride_id
            )
            SELECT pg_notify(\(Self.rideChannel), ride_id) FROM logged
            """, logger: logger)
    }

    /// The ride's events after `eventIdentifier`, oldest first, at most `RideEvent.readLimit`.
    public func rideEvents(rideIdentifier: String, after eventIdentifier: Int64?) async throws(RideStoreError) -> [RideEvent] {
        let database = database
        return try await read { client in
            var events: [RideEvent] = []
            let rows = try await client.query(
                """
                SELECT id, ride_id, phase, completion_status, at FROM ride_event
                WHERE ride_id = \(rideIdentifier) AND id > \(eventIdentifier ?? 0) ORDER BY id LIMIT \(RideEvent.readLimit)
                """, logger: self.logger)
            for try await (id, ride, phase, completion, at) in rows.decode((Int64, String, Int, String?, Double).self) {
                guard let phase = RidePhase(rawValue: phase) else {
                    throw RideStoreError.corrupt(path: database, reason: "ride event \(id) has no phase")
                }
                events.append(
                    RideEvent(
                        identifier: id, rideIdentifier: ride, phase: phase,
                        completionStatus: completion.flatMap(RideCompletionStatus.init(rawValue:)),
                        date: Date(timeIntervalSince1970: at)))
            }
            return events
        }
    }

    /// Listens on ``rideChannel`` on one connection of the pool, held while following; no
    /// query runs. A lost connection is tried again every second.
    public func followRideChanges(every interval: Duration, _ changed: @escaping @Sendable (RideChange) -> Void) async {
        while !Task.isCancelled {
            do {
                try await client.withConnection { connection in
                    try await connection.listen(on: Self.rideChannel) { notifications in
                        changed(.any)
                        for try await notification in notifications { changed(.ride(notification.payload)) }
                    }
                }
            } catch {
                logger.debug("ride change feed lost", metadata: ["error": "\(error)"])
            }
            guard !Task.isCancelled else { return }
            changed(.any)
            try? await Task.sleep(for: .seconds(1))
        }
    }
}
