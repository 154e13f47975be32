import Foundation
import GRDB

/// Where rides are kept: one SQLite file (through GRDB) in WAL mode, shared safely by any number
/// of processes.
///
/// - Durability: every change is one transaction, committed (with `synchronous = FULL`, so it
///   survives a power cut as well as a crash) before the call returns. A ride that was reported
///   booked is on disk.
/// - No double assignment: a booking reads the vehicles on active rides and inserts the new ride
///   inside one `BEGIN IMMEDIATE` transaction, so two processes booking at once are serialised
///   by SQLite's write lock; a unique partial index on the vehicle of every active ride refuses a
///   second assignment even if that logic were bypassed.
/// - Errors: every SQLite failure is a ``RideStoreError`` that names the file.
/// - Change feed: every write takes the next store revision and stamps the rides it touches, so a
///   process can bring its view of which vehicles are busy up to date by reading only the rides
///   changed since the revision it last saw.
///
/// The default file is `$XDG_DATA_HOME/lodestar/rides.sqlite`, or
/// `~/.local/share/lodestar/rides.sqlite` (see ``defaultPath(environment:)``).
public final class RideStore: Sendable {
    /// The schema version this code writes (`PRAGMA user_version`).
    public static let schemaVersion = 1
    /// The database file.
    public let path: String
    private let pool: DatabasePool

    /// Opens (creating if needed) the store at `path`, and its directory.
    /// - Parameters:
    ///   - path: the SQLite file.
    ///   - busyTimeout: how long to wait for another process's write lock, seconds. Default 30.
    /// - Throws: ``RideStoreError``: `notADatabase`, `corrupt`, `cannotOpen`, `incompatibleSchema`…
    public init(path: String, busyTimeout: Double = 30) throws(RideStoreError) {
        self.path = path
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotOpen(path: path, reason: "cannot create \(directory.path): \((error as NSError).localizedDescription)")
        }
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = "RideStore"
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
            try pool.writeWithoutTransaction { db in
                // GRDB sets NORMAL for WAL; FULL also survives a power cut.
                try db.execute(sql: "PRAGMA synchronous = FULL")
                try db.inTransaction(.immediate) {
                    try Self.createSchema(db, path: path)
                    return .commit
                }
            }
        } catch let error as RideStoreError {
            throw error
        } catch {
            throw Self.map(error, path: path)
        }
    }

    /// The store's file when no path is given: `$XDG_DATA_HOME/lodestar/rides.sqlite` when
    /// `XDG_DATA_HOME` is set to an absolute path, else `$HOME/.local/share/lodestar/rides.sqlite`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return URL(fileURLWithPath: data).appendingPathComponent("lodestar/rides.sqlite").path
        }
        let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share/lodestar/rides.sqlite").path
    }

    private static func createSchema(_ db: Database, path: String) throws {
        let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        if version > schemaVersion { throw RideStoreError.incompatibleSchema(path: path, version: version) }
        guard version < schemaVersion else { return }
        try db.execute(sql: """
            CREATE TABLE IF NOT EXISTS ride (
                id TEXT PRIMARY KEY NOT NULL,
                vehicle_id TEXT NOT NULL,
                phase INTEGER NOT NULL CHECK (phase BETWEEN 1 AND 6),
                completion_status TEXT,
                completed_at REAL,
                booked_at REAL NOT NULL,
                trip_ends_at REAL NOT NULL,
                updated_at REAL NOT NULL,
                record TEXT NOT NULL,
                revision INTEGER NOT NULL,
                CHECK ((phase = 4) = (completion_status IS NOT NULL))
            );
            CREATE UNIQUE INDEX IF NOT EXISTS ride_active_vehicle ON ride (vehicle_id) WHERE phase <> 4;
            CREATE INDEX IF NOT EXISTS ride_booked_at ON ride (booked_at);
            CREATE INDEX IF NOT EXISTS ride_revision ON ride (revision);
            CREATE TABLE IF NOT EXISTS store_revision (id INTEGER PRIMARY KEY CHECK (id = 1), value INTEGER NOT NULL);
            INSERT OR IGNORE INTO store_revision (id, value) VALUES (1, 0);
            PRAGMA user_version = \(schemaVersion);
            """)
    }

    // MARK: Reading

    /// The ride with this identifier, or nil.
    public func ride(identifier: String) throws(RideStoreError) -> RideRecord? {
        try read { db in try RideRow.fetch(db, identifier: identifier) }
    }

    /// Every ride, newest booking first, at most `limit`.
    public func rides(limit: Int = 100) throws(RideStoreError) -> [RideRecord] {
        try read { db in try RideRow.fetchAll(db, limit: limit) }
    }

    /// Number of rides in the store.
    public func count() throws(RideStoreError) -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ride") ?? 0 }
    }

    /// The vehicles on rides that are active at `date`: not completed in the store, and whose trip
    /// has not ended by then.
    public func activeVehicleIdentifiers(at date: Date) throws(RideStoreError) -> Set<String> {
        try read { db in try RideRow.activeVehicles(db, at: date) }
    }

    /// What changed since `revision` (see ``RideAssignments``), read in one snapshot.
    func assignmentChanges(since revision: Int64?) throws(RideStoreError) -> RideAssignments.Changes {
        try read { db in try RideAssignments.Changes.fetch(db, since: revision) }
    }

    // MARK: Writing

    /// Runs `body` in one `BEGIN IMMEDIATE` transaction and commits before returning; rolls back
    /// if `body` throws. The write lock is held from the first statement, so what `body` reads
    /// cannot change before it writes.
    func transaction<T>(_ body: (RideStoreTransaction) throws -> T) throws(RideStoreError) -> T {
        do {
            return try pool.writeWithoutTransaction { db in
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try body(RideStoreTransaction(db: db, path: path))
                    return .commit
                }
                guard let result else { throw RideStoreError.sqlite(path: path, code: 1, message: "transaction ended without a result") }
                return result
            }
        } catch let error as RideStoreError {
            throw error
        } catch {
            throw Self.map(error, path: path)
        }
    }

    private func read<T>(_ body: (Database) throws -> T) throws(RideStoreError) -> T {
        do {
            return try pool.read(body)
        } catch let error as RideStoreError {
            throw error
        } catch {
            throw Self.map(error, path: path)
        }
    }

    /// A ``RideStoreError`` for any error SQLite or GRDB raised.
    static func map(_ error: any Error, path: String) -> RideStoreError {
        guard let error = error as? DatabaseError else {
            return .sqlite(path: path, code: 1, message: String(describing: error))
        }
        let message = error.message ?? "\(error.resultCode)"
        switch error.resultCode {
        case .SQLITE_NOTADB: return .notADatabase(path: path)
        case .SQLITE_CORRUPT: return .corrupt(path: path, reason: message)
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_READONLY, .SQLITE_AUTH: return .cannotOpen(path: path, reason: message)
        case .SQLITE_BUSY, .SQLITE_LOCKED: return .busy(path: path)
        default: return .sqlite(path: path, code: error.resultCode.rawValue, message: message)
        }
    }
}
