import Foundation
import GRDB
import RideBooking

/// The store's reads and its write transaction: each runs on GRDB's own queues through GRDB's
/// async `read` and `write` (GRDB 7), so no SQLite call blocks a thread of the cooperative pool
/// while it waits for the disk or for another process's write lock. A task cancelled before or
/// during the access gets `RideStoreError/cancelled(path:)`, and a cancelled write is rolled
/// back. There is no synchronous twin: the one `RideService` is async.
extension RideStore {
    /// The ride with this identifier, or nil.
    /// - Throws: `RideStoreError/invalidRecord(rideIdentifier:reason:)` when its row cannot be decoded.
    public func ride(identifier: String) async throws(RideStoreError) -> RideRecord? {
        try await read(empty: nil) { db in try RideRow.fetch(db, identifier: identifier) }
    }

    /// Every ride, newest booking first, at most `limit`.
    /// - Throws: `RideStoreError/invalidRecord(rideIdentifier:reason:)` for the first row that
    ///   cannot be decoded; `listing(limit:)` lists the others and names the bad ones.
    public func rides(limit: Int = 100) async throws(RideStoreError) -> [RideRecord] {
        try await read(empty: []) { db in try RideRow.fetchAll(db, limit: limit) }
    }

    /// The rides, newest booking first, with the rows that cannot be decoded set aside and named
    /// rather than failing the whole listing; at most `limit` rows in all.
    public func listing(limit: Int = 100) async throws(RideStoreError) -> RideListing {
        try await read(empty: RideListing(rides: [], unreadable: [])) { db in try RideRow.listing(db, limit: limit) }
    }

    /// Number of rides in the store.
    public func count() async throws(RideStoreError) -> Int {
        try await read(empty: 0) { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ride") ?? 0 }
    }

    /// The vehicles on rides that are active at `date`: not completed in the store, and whose trip
    /// has not ended by then.
    public func activeVehicleIdentifiers(at date: Date) async throws(RideStoreError) -> Set<String> {
        try await read(empty: []) { db in try RideRow.activeVehicles(db, at: date) }
    }

    /// Runs `body` in one `BEGIN IMMEDIATE` transaction on GRDB's writer queue and commits before
    /// returning; rolls back if `body` throws. The write lock is held from the first statement, so
    /// what `body` reads cannot change before it writes.
    /// - Throws: `RideStoreError/cannotOpen(path:reason:)` on a store opened read-only.
    func transaction<T: Sendable>(_ body: @escaping @Sendable (RideStoreTransaction) throws -> T) async throws(RideStoreError)
        -> T
    {
        let pool = try writer()
        let path = path
        do {
            return try await pool.writeWithoutTransaction { db in try Self.immediate(db, path: path, body) }
        } catch {
            throw failure(error)
        }
    }

    func read<T: Sendable>(
        empty: T, _ body: @escaping @Sendable (Database) throws -> T
    ) async throws(RideStoreError) -> T {
        guard let reader else { return empty }
        do {
            return try await reader.read(body)
        } catch {
            throw failure(error)
        }
    }
}
