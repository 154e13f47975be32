import ArgumentParser
import Foundation
import RideBooking
import RideStoreSQLite

/// `--store` and `--json`, shared by every `lodestar ride` command.
struct RideStoreOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
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

    /// The ride service in process: the one ``RideBooking/RideService`` a ride service runs, over
    /// the SQLite file. Opened for writing, `fleet` is registered and reports where it is now
    /// (``RideBooking/SimulatedFleet``: a vehicle on a ride where its trip puts it, the others at
    /// their stands), so that a booking takes the nearest vehicle by its reported position and
    /// the rides' phases advance, as on a ride service. With `readOnlyFallback`, a store that
    /// cannot be opened for writing (a read-only file or medium) is opened read-only instead, and
    /// nothing is written: the answers are from the positions last reported.
    func service(
        fleet: Fleet = .empty, places: PlaceResolver = PlaceResolver(), readOnlyFallback: Bool = false
    ) async throws(RideExit) -> RideService {
        let store: RideStore
        do throws(RideExit) {
            store = try open(.readWrite)
        } catch {
            guard readOnlyFallback else { throw error }
            store = try open(.readOnly)
        }
        let service = RideService(store: store, databaseKind: "sqlite", fleet: fleet, places: places)
        guard store.access == .readWrite else { return service }
        try await RideExit.store {
            try await service.registerFleet()
            var simulated = SimulatedFleet(service: service)
            try await simulated.report(at: service.now)
        }
        return service
    }
}
