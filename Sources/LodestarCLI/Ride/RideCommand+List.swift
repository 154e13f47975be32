import ArgumentParser
import Foundation
import RideBooking
import RideStoreSQLite

extension RideCommand {
    /// `lodestar ride list`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the rides in the store, newest first, with their phases now.")

        @Option(parsing: .unconditional, help: "At most this many rides (1 to 1000000).")
        var limit = 50

        /// --limit: 1 to 10⁶ rides.
        static let limitRange = OptionRange("--limit", 1...1_000_000, unit: "rides")

        func validate() throws {
            try Self.limitRange.check(limit)
        }

        @OptionGroup var storeOptions: RideStoreOptions
        @OptionGroup var serverOptions: RideServerOptions

        func run() async throws {
            if let endpoint = try serverOptions.endpoint() {
                return try await RideRemote(endpoint: endpoint, json: storeOptions.json, command: "list").list(limit: limit)
            }
            try await RideExit.guarding("list") { () async throws(RideExit) in
                // Read-only: never waits for a booking in another process, works on a read-only store.
                let store = try storeOptions.open(.readOnly)
                let service = RideService(store: store, databaseKind: "sqlite", fleet: .empty)
                let listing: RideListing = try await RideExit.store { try await store.listing(limit: limit) }
                // Each ride as its vehicle's reports since the last write make it, written nowhere.
                let now = service.now
                var simulated = SimulatedFleet(service: service)
                var statuses: [RideStatus] = []
                for record in listing.rides {
                    statuses.append(try await RideExit.store { try await simulated.status(of: record, at: now, writing: false) })
                }
                // Checked writes: a full disk or a closed output makes the status non-zero.
                if storeOptions.json {
                    StandardOutput.line(RideFormat.json(statuses))
                } else {
                    if statuses.isEmpty, listing.unreadable.isEmpty { StandardOutput.line("no rides in \(store.path)") }
                    for s in statuses where !StandardOutput.hasFailed {
                        let phase = RideFormat.phase(s)
                        let route = "\(s.pickupLocation?.description ?? "?") → \(s.dropOffLocation?.description ?? "no drop-off")"
                        StandardOutput.line(
                            "\(s.rideIdentifier)  \(RideFormat.date(s.bookedDate))  \(phase.padding(toLength: 27, withPad: " ", startingAt: 0))  "
                                + "\(s.vehicle?.identifier ?? "?")  \(route)")
                    }
                }
                try Self.report(listing.unreadable)
            }
        }

        /// Names each ride that could not be read on standard error, after the rides that could, and
        /// ends with status 5 when there is one: none vanishes in silence.
        private static func report(_ unreadable: [RideListing.Unreadable]) throws(RideExit) {
            guard !unreadable.isEmpty else { return }
            for ride in unreadable {
                Diagnostics.error("\(ride)")
            }
            throw .partial("")
        }
    }
}
