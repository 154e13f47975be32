import ArgumentParser
import RideBooking

/// `lodestar ride list`.
struct RideListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the rides in the store, newest first, with their phases now.")

    @Option(help: "At most this many rides (1 to 1000000).")
    var limit = 50

    /// --limit: 1 to 10⁶ rides.
    static let limitRange = OptionRange("--limit", 1...1_000_000, unit: "rides")

    func validate() throws {
        try Self.limitRange.check(limit)
    }

    @OptionGroup var storeOptions: RideStoreOptions

    func run() async throws {
        try await RideExit.guarding("list") { () throws(RideExit) in
            let service = RideService(fleet: .empty, store: try storeOptions.open())
            let records: [RideRecord] = try RideExit.store { () throws(RideStoreError) in
                try service.store.rides(limit: limit)
            }
            let now = service.now
            let statuses = records.map { RideTimeline(record: $0, rules: service.configuration.tracking).status(at: now) }
            // Checked writes: a full disk or a closed output makes the status non-zero.
            if storeOptions.json {
                StandardOutput.line(RideFormat.json(statuses))
                return
            }
            if statuses.isEmpty { StandardOutput.line("no rides in \(service.store.path)") }
            for s in statuses where !StandardOutput.hasFailed {
                let phase = RideFormat.phase(s)
                let route = "\(s.pickupLocation?.description ?? "?") → \(s.dropOffLocation?.description ?? "no drop-off")"
                StandardOutput.line("\(s.rideIdentifier)  \(RideFormat.date(s.bookedDate))  \(phase.padding(toLength: 27, withPad: " ", startingAt: 0))  "
                    + "\(s.vehicle?.identifier ?? "?")  \(route)")
            }
        }
    }
}
