import ArgumentParser
import Foundation
import LodestarInternals
import RideBooking
import RideStoreSQLite

extension RideCommand {
    /// `lodestar ride status ID [--watch]`.
    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: "Show a ride's status; with --watch, every update until it is completed.",
            discussion: """
                The vehicle reports where its trip puts it (it travels from where it stood to the \
                pickup and on to the drop-off along geodesics), and the phase is the one its reports \
                give, by the rules of a ride service; the store is only read. --watch prints an update on every phase change and at least every 20 s. With \
                --server, a service that sends nothing, not even its heartbeat, for \
                --heartbeat-timeout seconds (default 60) is given up and connected to again with \
                Last-Event-ID, said on standard error; after 3 silent connections in a row the \
                command fails (status 1).
                """)

        @Argument(help: "The ride's identifier, as printed by 'lodestar ride request'.")
        var rideIdentifier: String

        @Flag(help: "Keep printing updates until the ride is completed.")
        var watch = false

        @Option(
            name: .customLong("heartbeat-timeout"),
            help: ArgumentHelp(
                "With --watch and --server: reconnect (with Last-Event-ID) when the service sends nothing, not even its heartbeat, for this long, seconds (default 60: three of its 20 s heartbeats).",
                valueName: "seconds"))
        var heartbeatTimeout: Double = 60

        /// --heartbeat-timeout: 1 s to an hour.
        static let heartbeatTimeoutRange = OptionRange("--heartbeat-timeout", 1.0...3600, unit: "seconds")

        func validate() throws {
            try Self.heartbeatTimeoutRange.check(heartbeatTimeout)
        }

        @OptionGroup var storeOptions: RideStoreOptions
        @OptionGroup var serverOptions: RideServerOptions

        func run() async throws {
            if let endpoint = try serverOptions.endpoint() {
                return try await RideRemote(endpoint: endpoint, json: storeOptions.json, command: "status")
                    .status(
                        rideIdentifier, watch: watch, silenceLimit: Duration(checkedSeconds: heartbeatTimeout) ?? .seconds(60))
            }
            try await RideExit.guarding("status") { () throws(RideExit) in
                // Read-only: never waits for a booking in another process, works on a read-only store.
                let store = try storeOptions.open(.readOnly)
                let service = RideService(store: store, databaseKind: "sqlite", fleet: .empty)
                let status = try await Self.status(of: rideIdentifier, in: service)
                let response = GetRideStatusIntentResponse(code: status == nil ? .failure : .success, rideStatus: status)
                guard let status else {
                    if storeOptions.json { print(RideFormat.json(response)) }
                    throw .refused("no ride \(rideIdentifier) in \(store.path)")
                }
                if !watch {
                    print(storeOptions.json ? RideFormat.json(response) : RideFormat.status(status, now: service.now))
                    return
                }
                try await follow(service, from: status, interval: service.configuration.tracking.statusInterval)
            }
        }

        /// The ride's status now: its vehicle reports where its trip puts it, applied in memory
        /// (``RideBooking/SimulatedFleet/status(of:at:writing:)``); nil for an unknown ride.
        private static func status(of rideIdentifier: String, in service: RideService) async throws(RideExit) -> RideStatus? {
            try await RideExit.store {
                var simulated = SimulatedFleet(service: service)
                return try await simulated.status(of: rideIdentifier, at: service.now, writing: false)
            }
        }

        /// Prints each update as it comes (one write per update, so that a pipe or a file sees it at
        /// once and Ctrl-C loses nothing), polling the store once a second, until the ride is
        /// completed or standard output fails: a line on every phase change and one every status
        /// interval (``RideBooking/RideStatusFollower``).
        private func follow(_ service: RideService, from first: RideStatus, interval: Double) async throws(RideExit) {
            StandardOutput.line(storeOptions.json ? RideFormat.json(first) : RideFormat.update(first))
            var follower = RideStatusFollower(first: first, interval: interval)
            while !follower.isCompleted, !StandardOutput.hasFailed {
                do {
                    try await Task.sleep(for: .seconds(1))
                } catch {
                    return
                }
                let current = try await Self.status(of: rideIdentifier, in: service)
                for update in follower.next(current.map { [$0] } ?? [], current: current) {
                    StandardOutput.line(storeOptions.json ? RideFormat.json(update) : RideFormat.update(update))
                }
            }
        }
    }
}
