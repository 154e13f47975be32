import Foundation
import GRDB
import Glibc
import RideBooking
import Synchronization

/// Where rides are kept: one SQLite file (through GRDB) in WAL mode, shared safely by any number
/// of processes.
///
/// - The file is marked as Lodestar's: `PRAGMA application_id` = `applicationID` (`0x4C445354`,
///   "LDST" in ASCII). Any other SQLite database is refused with
///   `RideStoreError/notALodestarStore(path:reason:)` before anything is written to it (no WAL
///   switch, no table); a new path, an empty file or an SQLite database with no schema becomes a
///   store. A store made before the mark (application id 0, exactly the tables `ride` and
///   `store_revision`, `user_version` 1) is recognised, read as it is, and marked by the first
///   process that opens it for writing.
/// - Two ways in (`Access`): `Access/readWrite` creates, marks and migrates the store, and is
///   what bookings and cancellations use; `Access/readOnly` opens with `SQLITE_OPEN_READONLY`,
///   writes nothing, takes no write lock and never waits for a writer (WAL readers read the last
///   committed snapshot), so listing and showing rides work while another process books, and on
///   a read-only file or file system. A store that does not exist yet reads as empty.
/// - Durability: every change is one transaction, committed (with `synchronous = FULL`, so it
///   survives a power cut as well as a crash) before the call returns. A ride that was reported
///   booked is on disk.
/// - No double assignment: a booking reads the vehicles on active rides and inserts the new ride
///   inside one `BEGIN IMMEDIATE` transaction, so two processes booking at once are serialised
///   by SQLite's write lock; a unique partial index on the vehicle of every active ride refuses a
///   second assignment even if that logic were bypassed.
/// - Errors: every SQLite failure is a `RideStoreError` that names the file.
/// - Change feed: every write takes the next store revision and stamps the rides it touches, so a
///   process can bring its view of which vehicles are busy up to date by reading only the rides
///   changed since the revision it last saw.
/// - Each access comes as a synchronous method, for synchronous callers, and an `async` one that
///   runs on GRDB's own queues (`try await pool.read`/`write`), so async code never blocks the
///   cooperative pool on SQLite; a cancelled task gets `RideStoreError/cancelled(path:)`.
///
/// The default file is `$XDG_DATA_HOME/lodestar/rides.sqlite`, or
/// `~/.local/share/lodestar/rides.sqlite` (see `defaultPath(environment:)`).
public final class RideStore: Sendable {
    /// The schema version this code writes (`PRAGMA user_version`): the number of migrations
    /// (`RideBackendSchema/version`). Version 1 stores open and are migrated by a writer.
    public static let schemaVersion = RideBackendSchema.version
    /// Lodestar's SQLite application id (`PRAGMA application_id`, bytes 68–71 of the file):
    /// `0x4C445354`, the ASCII of "LDST".
    public static let applicationID: Int32 = 0x4C44_5354
    /// The database file.
    public let path: String
    /// How the store was opened.
    public let access: Access
    /// What reads go through; nil when a store opened for reading has no database yet (no file,
    /// or an empty one).
    let reader: (any DatabaseReader)?
    /// What writes go through: a store opened for writing only.
    let pool: DatabasePool?
    /// What `checkHealth()` knows: damage met by any call, and when the file was last checked.
    let health = Mutex<HealthState>(HealthState())

    /// How often `checkHealth()` reads the whole file (`PRAGMA quick_check`): 60 s.
    public static let integrityCheckInterval = Duration.seconds(60)

    struct HealthState {
        /// The first damage SQLite reported (SQLITE_CORRUPT, SQLITE_NOTADB): a damaged file does
        /// not heal, so it stands until the store is opened again.
        var damage: RideStoreError?
        /// When `checkHealth()` last began a `quick_check`.
        var checked: ContinuousClock.Instant?
    }

    /// Opens the store at `path`.
    /// - Parameters:
    ///   - path: the SQLite file.
    ///   - access: `Access/readWrite` (the default) creates the file and its directory when
    ///     missing, marks and migrates it; `Access/readOnly` changes nothing, and a missing file
    ///     reads as a store with no rides.
    ///   - busyTimeout: how long a writer waits for another process's write lock, seconds. Default 30.
    /// - Throws: `RideStoreError`: `notALodestarStore`, `notADatabase`, `corrupt`, `cannotOpen`,
    ///   `incompatibleSchema`…
    public init(path: String, access: Access = .readWrite, busyTimeout: Double = 30) throws(RideStoreError) {
        self.path = path
        self.access = access
        do {
            let file = try RideStoreFile.inspect(path: path)
            switch access {
            case .readOnly:
                reader = try Self.openForReading(path: path, file: file)
                pool = nil
            case .readWrite:
                let pool = try Self.openForWriting(path: path, file: file, busyTimeout: busyTimeout)
                (reader, self.pool) = (pool, pool)
            }
        } catch {
            throw Self.map(error, path: path)
        }
    }

    private static func openForReading(path: String, file: RideStoreFile) throws -> (any DatabaseReader)? {
        guard file == .marked || file == .unmarked else { return nil }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "RideStore"
        let reader: any DatabaseReader
        do {
            let pool = try DatabasePool(path: path, configuration: configuration)
            _ = try pool.read { db in try RideStoreSchema.isCurrent(db, path: path) }
            reader = pool
        } catch let error as DatabaseError where RideStoreMedia.cannotIndex(error, path: path) {
            reader = try RideStoreMedia.immutable(path: path, configuration: configuration, after: error)
            _ = try reader.read { db in try RideStoreSchema.isCurrent(db, path: path) }
        }
        return reader
    }

    /// Creates `directory` and its missing parents (mode 0755), as `mkdir -p`.
    /// - Returns: nil, or what failed in the system's words: `cannot create /proc/x: No such file
    ///   or directory` (never Foundation's "The operation could not be completed").
    static func createDirectories(_ directory: String) -> String? {
        var prefix = directory.hasPrefix("/") ? "/" : ""
        for part in directory.split(separator: "/") {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + part
            if mkdir(prefix, 0o755) != 0, errno != EEXIST {
                return "cannot create \(prefix): \(String(cString: strerror(errno)))"
            }
        }
        return nil
    }

    private static func openForWriting(path: String, file: RideStoreFile, busyTimeout: Double) throws -> DatabasePool {
        if file == .absent {
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
            if let reason = Self.createDirectories(directory) {
                throw RideStoreError.cannotOpen(path: path, reason: reason)
            }
        }
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = "RideStore"
        let pool = try DatabasePool(path: path, configuration: configuration)
        // GRDB sets NORMAL for WAL; FULL also survives a power cut.
        try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        // A marked store at this schema version needs no schema step, and no lock.
        if file == .marked, try pool.read({ db in try RideStoreSchema.isCurrent(db, path: path) }) { return pool }
        try RideStoreSchema.migrate(pool, path: path)
        return pool
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

    // MARK: Writing

    /// The database to write to: only a store opened for writing has one.
    func writer() throws(RideStoreError) -> DatabasePool {
        guard let pool else { throw .cannotOpen(path: path, reason: "it was opened read-only") }
        return pool
    }

    /// `body` in one `BEGIN IMMEDIATE` transaction on `db`.
    static func immediate<T>(_ db: Database, path: String, _ body: (RideStoreTransaction) throws -> T) throws -> T {
        var result: T?
        try db.inTransaction(.immediate) {
            result = try body(RideStoreTransaction(db: db, path: path))
            return .commit
        }
        guard let result else { throw RideStoreError.sqlite(path: path, code: 1, message: "transaction ended without a result") }
        return result
    }

    /// `map(_:path:)`, and damage that SQLite found (SQLITE_CORRUPT, SQLITE_NOTADB) kept for
    /// `checkHealth()`. (A row that does not decode is not damage: the file reads.)
    func failure(_ error: any Error) -> RideStoreError {
        let mapped = Self.map(error, path: path)
        if let error = error as? DatabaseError, error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB {
            health.withLock { state in
                if state.damage == nil { state.damage = mapped }
            }
        }
        return mapped
    }

    /// A `RideStoreError` for any error SQLite or GRDB raised.
    static func map(_ error: any Error, path: String) -> RideStoreError {
        if let error = error as? RideStoreError { return error }
        if error is CancellationError { return .cancelled(path: path) }
        guard let error = error as? DatabaseError else {
            return .sqlite(path: path, code: 1, message: String(describing: error))
        }
        let message = error.message ?? "\(error.resultCode)"
        switch error.resultCode {
        case .SQLITE_NOTADB: return .notADatabase(path: path)
        case .SQLITE_CORRUPT: return .corrupt(path: path, reason: message)
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_READONLY, .SQLITE_AUTH: return .cannotOpen(path: path, reason: message)
        case .SQLITE_BUSY, .SQLITE_LOCKED: return .busy(path: path)
        case .SQLITE_INTERRUPT: return .cancelled(path: path)
        default: return .sqlite(path: path, code: error.resultCode.rawValue, message: message)
        }
    }
}
