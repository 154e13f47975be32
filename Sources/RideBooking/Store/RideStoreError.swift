/// Why the ride store could not do what was asked. Every SQLite failure is mapped to one of these,
/// with the file's path, so that a damaged or unreadable database gives a clear message.
public enum RideStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file exists but is not an SQLite database (SQLITE_NOTADB).
    case notADatabase(path: String)
    /// The database is damaged (SQLITE_CORRUPT).
    case corrupt(path: String, reason: String)
    /// The file or its directory cannot be opened, created or written (permissions, a directory
    /// in the way, a read-only file system).
    case cannotOpen(path: String, reason: String)
    /// The database was written by a newer Lodestar (its schema version is higher than this one's).
    case incompatibleSchema(path: String, version: Int)
    /// Another process held the database locked for longer than the busy timeout.
    case busy(path: String)
    /// The vehicle is already on an active ride (the unique index refused a second assignment).
    case vehicleAlreadyAssigned(vehicleIdentifier: String)
    /// A stored ride could not be decoded.
    case invalidRecord(rideIdentifier: String, reason: String)
    /// Any other SQLite error.
    case sqlite(path: String, code: Int32, message: String)

    public var description: String {
        switch self {
        case .notADatabase(let path): "ride store \(path) is not an SQLite database (corrupt or a different file)"
        case .corrupt(let path, let reason): "ride store \(path) is corrupt: \(reason)"
        case .cannotOpen(let path, let reason): "cannot open ride store \(path): \(reason)"
        case .incompatibleSchema(let path, let version):
            "ride store \(path) has schema version \(version), newer than this lodestar understands (\(RideStore.schemaVersion))"
        case .busy(let path): "ride store \(path) is locked by another process; try again"
        case .vehicleAlreadyAssigned(let vehicle): "vehicle \(vehicle) is already on an active ride"
        case .invalidRecord(let id, let reason): "ride \(id) in the store cannot be read: \(reason)"
        case .sqlite(let path, let code, let message): "ride store \(path): SQLite error \(code): \(message)"
        }
    }
}
