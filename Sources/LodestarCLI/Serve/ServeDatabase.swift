import Foundation
import Logging
import RideBooking
import RideStorePostgres

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

    /// Opens and migrates the database of `url` (nil: the default SQLite file).
    /// - Throws: `ServeExit` with the store's message.
    static func open(_ url: String?) async throws(ServeExit) -> ServeDatabase {
        let text = url ?? Self.defaultPath
        do throws(RideStoreError) {
            let database: ServeDatabase
            switch try RideDatabaseURL(parsing: text) {
            case .sqlite(let path):
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

    /// $LODESTAR_RIDE_STORE, else ``RideStore/defaultPath(environment:)``.
    static var defaultPath: String {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["LODESTAR_RIDE_STORE"], !path.isEmpty { return path }
        return RideStore.defaultPath(environment: environment)
    }
}

/// How `lodestar serve` ends when it does not simply succeed: a message on standard error, status 1.
struct ServeExit: Error, CustomStringConvertible {
    let description: String

    static func error(_ text: String) -> ServeExit { ServeExit(description: text) }
}
