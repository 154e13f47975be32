import Foundation
import GRDB

/// The store's accesses for async code: each runs on GRDB's own queues through GRDB's async
/// `read` and `write` (GRDB 7), so no SQLite call blocks a thread of the cooperative pool while it
/// waits for the disk or for another process's write lock. The semantics are the synchronous
/// methods'; a task cancelled before or during the access gets
/// ``RideStoreError/cancelled(path:)``, and a cancelled write is rolled back.
extension RideStore {
    /// The ride with this identifier, or nil (see ``ride(identifier:)``).
    public func ride(identifier: String) async throws(RideStoreError) -> RideRecord? {
        try await read(empty: nil) { db in try RideRow.fetch(db, identifier: identifier) }
    }

    /// Every ride, newest booking first, at most `limit` (see ``rides(limit:)``).
    public func rides(limit: Int = 100) async throws(RideStoreError) -> [RideRecord] {
        try await read(empty: []) { db in try RideRow.fetchAll(db, limit: limit) }
    }

    /// The rides and the rows that cannot be decoded (see ``listing(limit:)``).
    public func listing(limit: Int = 100) async throws(RideStoreError) -> RideListing {
        try await read(empty: RideListing(rides: [], unreadable: [])) { db in try RideRow.listing(db, limit: limit) }
    }

    /// Number of rides in the store.
    public func count() async throws(RideStoreError) -> Int {
        try await read(empty: 0) { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ride") ?? 0 }
    }

    /// The vehicles on rides that are active at `date` (see ``activeVehicleIdentifiers(at:)``).
    public func activeVehicleIdentifiers(at date: Date) async throws(RideStoreError) -> Set<String> {
        try await read(empty: []) { db in try RideRow.activeVehicles(db, at: date) }
    }

    /// What changed since `revision`, read in one snapshot.
    func assignmentChanges(since revision: Int64?) async throws(RideStoreError) -> RideAssignments.Changes {
        try await read(empty: .none(since: revision)) { db in try RideAssignments.Changes.fetch(db, since: revision) }
    }

    /// `body` in one `BEGIN IMMEDIATE` transaction, committed before returning (see
    /// ``transaction(_:)``), on GRDB's writer queue.
    func transaction<T: Sendable>(_ body: @escaping @Sendable (RideStoreTransaction) throws -> T) async throws(RideStoreError) -> T {
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
