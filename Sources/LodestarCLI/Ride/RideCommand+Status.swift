import ArgumentParser
import Foundation
import LodestarInternals
import RideBooking

extension RideCommand {
    /// `lodestar ride status ID [--watch]`.
    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: "Show a ride's status; with --watch, every update until it is completed.",
            discussion: """
                The vehicle's position is computed from its trip (it travels from its stand to the \
                pickup and on to the drop-off along geodesics), so any process shows the same status. \
                --watch prints an update on every phase change and at least every 20 s. With \
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
                    .status(rideIdentifier, watch: watch, silenceLimit: Duration(checkedSeconds: heartbeatTimeout) ?? .seconds(60))
            }
            try await RideExit.guarding("status") { () throws(RideExit) in
                // Read-only: never waits for a booking in another process, works on a read-only store.
                let service = RideService(fleet: .empty, store: try storeOptions.open(.readOnly))
                let handler = RideStatusHandler(service: service)
                let response: GetRideStatusIntentResponse = try await RideExit.store { () async throws(RideStoreError) in
                    try await handler.handle(rideIdentifier: rideIdentifier)
                }
                guard response.code == .success, let status = response.rideStatus else {
                    if storeOptions.json { print(RideFormat.json(response)) }
                    throw .refused("no ride \(rideIdentifier) in \(service.store.path)")
                }
                if !watch {
                    print(storeOptions.json ? RideFormat.json(response) : RideFormat.status(status, now: service.now))
                    return
                }
                try await follow(handler, from: status, interval: service.configuration.tracking.statusInterval)
            }
        }

        /// Prints each update as it comes (one write per update, so that a pipe or a file sees it at
        /// once and Ctrl-C loses nothing), polling the store once a second, until the ride is
        /// completed or standard output fails: a line on every phase change and one every status
        /// interval (``RideBooking/RideStatusFollower``).
        private func follow(_ handler: RideStatusHandler, from first: RideStatus, interval: Double) async throws(RideExit) {
            StandardOutput.line(storeOptions.json ? RideFormat.json(first) : RideFormat.update(first))
            var follower = RideStatusFollower(first: first, interval: interval)
            while !follower.isCompleted, !StandardOutput.hasFailed {
                do {
                    try await Task.sleep(for: .seconds(1))
                } catch {
                    return
                }
                let updates: [RideStatus]? = try await RideExit.store { () async throws(RideStoreError) in
                    try await handler.updates(rideIdentifier: rideIdentifier, after: follower.latest.date)
                }
                let current = try await RideExit.store { () async throws(RideStoreError) in
                    try await handler.handle(rideIdentifier: rideIdentifier).rideStatus
                }
                for update in follower.next(updates ?? [], current: current) {
                    StandardOutput.line(storeOptions.json ? RideFormat.json(update) : RideFormat.update(update))
                }
            }
        }
    }
}
