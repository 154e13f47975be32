/// Why the ride store could not do what was asked. Every SQLite and PostgreSQL failure is mapped
/// to one of these, with the database (`path`: the SQLite file's path, or the PostgreSQL URL
/// without its password), so that a damaged or unreadable database gives a clear message.
public enum RideStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file exists but is not an SQLite database (SQLITE_NOTADB).
    case notADatabase(path: String)
    /// The database is damaged (SQLITE_CORRUPT).
    case corrupt(path: String, reason: String)
    /// The file or its directory cannot be opened, created or written (permissions, a directory
    /// in the way, a read-only file system).
    case cannotOpen(path: String, reason: String)
    /// The file is an SQLite database of another application: it does not carry Lodestar's
    /// application id (`RideStore/applicationID`) and is not a store made before that mark
    /// existed. It was left exactly as it was.
    case notALodestarStore(path: String, reason: String)
    /// The database was written by a newer Lodestar (its schema version is higher than this one's).
    case incompatibleSchema(path: String, version: Int)
    /// Another process held the database locked for longer than the busy timeout.
    case busy(path: String)
    /// The vehicle is already on an active ride (the unique index refused a second assignment).
    case vehicleAlreadyAssigned(vehicleIdentifier: String)
    /// The task waiting for the store was cancelled; nothing was written.
    case cancelled(path: String)
    /// A stored ride could not be decoded.
    case invalidRecord(rideIdentifier: String, reason: String)
    /// Any other SQLite error.
    case sqlite(path: String, code: Int32, message: String)
    /// A vehicle that cannot be registered or a report that cannot be stored (see
    /// ``RideBackend/register(_:)``, ``RideBackend/reportPositions(_:)``); nothing was written.
    case invalidVehicle(identifier: String, reason: String)
    /// A booking order out of range (party size below 1, a range that is not positive); nothing
    /// was written.
    case invalidOrder(reason: String)
    /// Any other PostgreSQL error, with its SQLSTATE (five characters; empty when the error did
    /// not come from the server).
    case postgres(path: String, sqlState: String, message: String)

    public var description: String {
        switch self {
        case .notADatabase(let path): "ride store \(path) is not an SQLite database (corrupt or a different file)"
        case .corrupt(let path, let reason): "ride store \(path) is corrupt: \(reason)"
        case .cannotOpen(let path, let reason): "cannot open ride store \(path): \(reason)"
        case .notALodestarStore(let path, let reason):
            "\(path) is not a Lodestar ride store (\(reason)); it was left unchanged"
        case .incompatibleSchema(let path, let version):
            "ride store \(path) has schema version \(version), newer than this lodestar understands (\(RideBackendSchema.version))"
        case .busy(let path): "ride store \(path) is locked by another process; try again"
        case .vehicleAlreadyAssigned(let vehicle): "vehicle \(vehicle) is already on an active ride"
        case .cancelled(let path): "cancelled while using ride store \(path)"
        case .invalidRecord(let id, let reason): "ride \(id) in the store cannot be read: \(reason)"
        case .sqlite(let path, let code, let message): "ride store \(path): SQLite error \(code): \(message)"
        case .invalidVehicle(let id, let reason): "vehicle \(id): \(reason)"
        case .invalidOrder(let reason): "cannot book: \(reason)"
        case .postgres(let path, let state, let message):
            "ride store \(path): PostgreSQL error" + (state.isEmpty ? "" : " \(state)") + ": \(message)"
        }
    }
}
