import ArgumentParser
import Foundation
import Logging
import RideBooking
import RideStorePostgres
import RideStoreSQLite

/// `--database URL` for `lodestar serve` and `lodestar serve token create`: an SQLite file
/// (`sqlite:///PATH`, `sqlite:PATH` or a plain path; default $LODESTAR_RIDE_STORE, else the
/// user's data directory, the file `lodestar ride` uses) or PostgreSQL + PostGIS
/// (`postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`).
struct ServeDatabase {
    /// The store, migrated.
    let store: any RideBackend
    /// `sqlite` or `postgresql`.
    let kind: String
    /// The database as logs name it (no password).
    let name: String
    private let postgres: PostgresRideStore?

    /// Opens and migrates the database of `url` (nil: the default SQLite file, whose directory is
    /// made when missing). An SQLite file named by `url` must be in a directory that exists: a
    /// mistyped path is an error, never a new tree of directories.
    /// - Throws: `ServeExit` with the store's message.
    static func open(_ url: String?) async throws(ServeExit) -> ServeDatabase {
        let text = url ?? Self.defaultPath
        do throws(RideStoreError) {
            let database: ServeDatabase
            switch try RideDatabaseURL(parsing: text) {
            case .sqlite(let path):
                if url != nil { try Self.checkDirectory(of: path) }
                database = ServeDatabase(store: try RideStore(path: path), kind: "sqlite", name: path, postgres: nil)
            case .postgres(let parts):
                let store = PostgresRideStore(parts)
                database = ServeDatabase(store: store, kind: "postgresql", name: parts.description, postgres: store)
            }
            do throws(RideStoreError) {
                try await database.store.migrate()
            } catch {
                await database.close()
                throw error
            }
            return database
        } catch {
            throw .error(error.description)
        }
    }

    /// Closes a PostgreSQL pool (an SQLite file needs nothing).
    func close() async {
        await postgres?.close()
    }

    /// - Throws: `cannotOpen` when the directory the file would be in does not exist (or is not
    ///   a directory).
    private static func checkDirectory(of path: String) throws(RideStoreError) {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            throw .cannotOpen(path: path, reason: "the directory \(directory) does not exist (it is not created for --database)")
        }
        guard isDirectory.boolValue else { throw .cannotOpen(path: path, reason: "\(directory) is not a directory") }
    }

    /// $LODESTAR_RIDE_STORE, else ``RideStore/defaultPath(environment:)``.
    static var defaultPath: String {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["LODESTAR_RIDE_STORE"], !path.isEmpty { return path }
        return RideStore.defaultPath(environment: environment)
    }
}

/// How `lodestar serve` ends when it does not simply succeed: a message on standard error, and
/// status 1 (``ExitStatus/failure``) or 64 for an argument that names nothing (``ExitStatus/usage``).
struct ServeExit: Error, CustomStringConvertible {
    let description: String
    var status = ExitStatus.failure

    static func error(_ text: String) -> ServeExit { ServeExit(description: text) }

    /// A usage error found only once the database is open (a vehicle it does not know).
    static func usage(_ text: String) -> ServeExit { ServeExit(description: text, status: ExitStatus.usage) }
}
