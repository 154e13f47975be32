import Foundation
import GRDBSQLite
import RideBooking

/// What an SQLite database says about itself, read through SQLite's C API on a read-only
/// connection that changes nothing: `mode=ro`, and `immutable=1` when no `-wal` or `-journal`
/// file is beside the database (then SQLite takes no lock and creates no `-wal` or `-shm` file,
/// which a read-only GRDB connection to a WAL database would). With a `-wal` beside it, the
/// database is in use or was not closed cleanly, and its mark may be in the WAL: it is read as
/// any reader would, which may create the `-shm` index beside an existing `-wal`, never more.
struct SQLiteInspection {
    /// `PRAGMA application_id`.
    var applicationID: Int32
    /// `PRAGMA user_version`.
    var userVersion: Int
    /// The tables, indexes, views and triggers (`sqlite_master`, SQLite's own excluded).
    var schema: [(type: String, name: String)]
}

extension SQLiteInspection {
    /// Reads the database at `path`.
    /// - Throws: `RideStoreError` (`notADatabase`, `corrupt`, `cannotOpen`…) when SQLite cannot read it.
    init(path: String) throws(RideStoreError) {
        let manager = FileManager.default
        let live = manager.fileExists(atPath: path + "-wal") || manager.fileExists(atPath: path + "-journal")
        let uri = URL(fileURLWithPath: path).absoluteString + (live ? "?mode=ro" : "?mode=ro&immutable=1")
        var connection: OpaquePointer?
        let opened = sqlite3_open_v2(uri, &connection, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nil)
        defer { sqlite3_close_v2(connection) }
        guard opened == SQLITE_OK, let connection else {
            throw Self.error(opened, connection, path: path)
        }
        sqlite3_busy_timeout(connection, 5_000)
        // Each read is its own snapshot, and another process may be making this store meanwhile:
        // it commits the mark before any table. So the schema is read first and the mark last: a
        // table seen here was committed after the mark, and the later read of the mark sees it.
        // (One read transaction across the three would hold a shared lock that the maker's switch
        // to WAL then meets as "locked".)
        let objects = try Self.rows(
            connection, "SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid",
            path: path)
        let version = try Self.rows(connection, "PRAGMA user_version", path: path).first?.first ?? nil
        let id = try Self.rows(connection, "PRAGMA application_id", path: path).first?.first ?? nil
        applicationID = Int32(id ?? "0") ?? 0
        userVersion = Int(version ?? "0") ?? 0
        schema = objects.map { (type: $0.first.flatMap { $0 } ?? "", name: $0.dropFirst().first.flatMap { $0 } ?? "") }
    }

    /// Every row of `sql`, each column as text (nil for NULL).
    private static func rows(_ connection: OpaquePointer, _ sql: String, path: String) throws(RideStoreError) -> [[String?]] {
        var statement: OpaquePointer?
        let prepared = sqlite3_prepare_v2(connection, sql, -1, &statement, nil)
        defer { sqlite3_finalize(statement) }
        guard prepared == SQLITE_OK, let statement else { throw error(prepared, connection, path: path) }
        var rows: [[String?]] = []
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { return rows }
            guard step == SQLITE_ROW else { throw error(step, connection, path: path) }
            rows.append(
                (0..<sqlite3_column_count(statement)).map { column in
                    sqlite3_column_text(statement, column).map { String(cString: $0) }
                })
        }
    }

    /// The `RideStoreError` for an SQLite result code.
    private static func error(_ code: Int32, _ connection: OpaquePointer?, path: String) -> RideStoreError {
        let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? "SQLite error \(code)"
        switch code & 0xFF {
        case SQLITE_NOTADB: return .notADatabase(path: path)
        case SQLITE_CORRUPT: return .corrupt(path: path, reason: message)
        case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_READONLY, SQLITE_AUTH: return .cannotOpen(path: path, reason: message)
        case SQLITE_BUSY, SQLITE_LOCKED: return .busy(path: path)
        default: return .sqlite(path: path, code: code, message: message)
        }
    }
}
