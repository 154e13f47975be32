import Foundation
import GRDB
import GRDBSQLite
import RideBooking

/// Reading a store beside which SQLite cannot create its WAL index (`-shm`): a read-only file
/// system, a directory the process may not write, a full disk.
///
/// SQLite reads a WAL database only when its `-shm` and `-wal` files exist or can be created, or
/// when it is opened `immutable` (<https://sqlite.org/wal.html#readonly>). When the read-only
/// open fails for that reason and no `-wal` file with content is beside the store (so the main
/// file holds every committed ride), the store is read through `file:PATH?mode=ro&immutable=1`:
/// no lock taken, no file created. `immutable` tells SQLite that nobody writes the file, which is
/// what a read-only file or mount means; a process that could still write it (root, on a
/// read-only file of a writable file system) would be seen by readers only when they open the
/// store again. This needs an SQLite that accepts URI file names (`SQLITE_USE_URI`, as Debian's
/// and Ubuntu's do); without it the error stands.
enum RideStoreMedia {
    /// Whether `error`, raised while opening `path` read-only, is SQLite failing to create or
    /// open the WAL index, with no WAL content that an immutable read would miss.
    static func cannotIndex(_ error: DatabaseError, path: String) -> Bool {
        switch error.resultCode {
        case .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_IOERR: return !walHasContent(path: path)
        default: return false
        }
    }

    /// Whether a `-wal` file of one byte or more is beside `path`.
    static func walHasContent(path: String) -> Bool {
        let size = (try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? NSNumber
        return (size?.int64Value ?? 0) > 0
    }

    /// A read-only connection to `path` opened `immutable`, or `error` again when SQLite does not
    /// take URI file names.
    static func immutable(path: String, configuration: Configuration, after error: DatabaseError) throws -> any DatabaseReader {
        guard sqlite3_compileoption_used("USE_URI") == 1 else { throw error }
        return try DatabaseQueue(
            path: URL(fileURLWithPath: path).absoluteString + "?mode=ro&immutable=1", configuration: configuration)
    }
}
