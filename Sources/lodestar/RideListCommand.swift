import ArgumentParser
import RideBooking

/// `lodestar ride list`.
struct RideListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the rides in the store, newest first, with their phases now.")

    @Option(help: "At most this many rides.")
    var limit = 50

    @OptionGroup var storeOptions: RideStoreOptions

    func run() async throws {
        try await RideExit.guarding("list") { () throws(RideExit) in
            let service = RideService(fleet: .empty, store: try storeOptions.open())
            let records: [RideRecord] = try RideExit.store { () throws(RideStoreError) in
                try service.store.rides(limit: limit)
            }
            let now = service.now
            let statuses = records.map { RideTimeline(record: $0, rules: service.configuration.tracking).status(at: now) }
            if storeOptions.json {
                print(RideFormat.json(statuses))
                return
            }
            if statuses.isEmpty { print("no rides in \(service.store.path)") }
            for s in statuses {
                let phase = RideFormat.phase(s)
                let route = "\(s.pickupLocation?.description ?? "?") → \(s.dropOffLocation?.description ?? "no drop-off")"
                print("\(s.rideIdentifier)  \(RideFormat.date(s.bookedDate))  \(phase.padding(toLength: 27, withPad: " ", startingAt: 0))  "
                    + "\(s.vehicle?.identifier ?? "?")  \(route)")
            }
        }
    }
}
