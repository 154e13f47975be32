import ArgumentParser
import RideBooking

extension RideCommand {
    /// `lodestar ride cancel ID`.
    struct Cancel: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "cancel",
            abstract: "Cancel a ride (possible from received through pickup, not once the rider is aboard).")

        @Argument(help: "The ride's identifier.")
        var rideIdentifier: String

        @OptionGroup var storeOptions: RideStoreOptions
        @OptionGroup var serverOptions: RideServerOptions

        func run() async throws {
            if let endpoint = try serverOptions.endpoint() {
                return try await RideRemote(endpoint: endpoint, json: storeOptions.json, command: "cancel").cancel(rideIdentifier)
            }
            try await RideExit.guarding("cancel") { () throws(RideExit) in
                // The vehicles on rides report first: the ride's phase is where its vehicle is now.
                let service = try await storeOptions.service()
                let response: CancelRideIntentResponse = try await RideExit.store {
                    try await CancelRideHandler(service: service).handle(rideIdentifier: rideIdentifier)
                }
                if storeOptions.json {
                    print(RideFormat.json(response))
                } else {
                    print("cancel  \(response.code)" + (response.failureReason.map { "  \($0)" } ?? ""))
                    if let status = response.rideStatus { print(RideFormat.status(status, now: service.now)) }
                }
                guard response.code == .success else {
                    throw .refused(response.failureReason ?? "\(response.code)")
                }
            }
        }
    }
}
