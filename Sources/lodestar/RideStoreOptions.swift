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

    /// The store's path: --store, else LODESTAR_RIDE_STORE, else ``RideStore/defaultPath(environment:)``.
    var path: String {
        if let store { return store }
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["LODESTAR_RIDE_STORE"], !path.isEmpty { return path }
        return RideStore.defaultPath(environment: environment)
    }

    /// Opens the store.
    func open() throws(RideExit) -> RideStore {
        do {
            return try RideStore(path: path)
        } catch {
            throw .error(error.description)
        }
    }
}
