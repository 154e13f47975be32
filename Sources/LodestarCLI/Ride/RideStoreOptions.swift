import ArgumentParser
import Foundation
import RideBooking

/// `--store` and `--json`, shared by every `lodestar ride` command.
struct RideStoreOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The SQLite file rides are kept in (default: $LODESTAR_RIDE_STORE, else the user's data directory).",
        valueName: "path"))
    var store: String?

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func validate() throws {
        if store?.isEmpty == true { throw ValidationError("--store is an empty path; give a file name") }
    }

    /// The store's path: --store, else LODESTAR_RIDE_STORE, else ``RideStore/defaultPath(environment:)``.
    var path: String {
        if let store { return store }
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["LODESTAR_RIDE_STORE"], !path.isEmpty { return path }
        return RideStore.defaultPath(environment: environment)
    }

    /// Opens the store: `.readOnly` for the commands that only read (they never lock, migrate or
    /// wait for a writer, and work on a read-only file), `.readWrite` for those that write.
    func open(_ access: RideStore.Access = .readWrite) throws(RideExit) -> RideStore {
        do {
            return try RideStore(path: path, access: access)
        } catch {
            throw .error(error.description)
        }
    }
}
