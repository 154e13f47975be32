import ArgumentParser
import Foundation
import RideBooking

extension RideCommand {
    /// `lodestar ride options`.
    struct Options: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "options",
            abstract: "List the ride options, with when a free vehicle of each could be at the pickup.")

        @Option(
            parsing: .unconditional, help: ArgumentHelp("Pickup, decimal degrees.", valueName: "lat,lon"),
            transform: CoordinateArgument.parse)
        var pickup: CoordinateArgument?

        @Option(help: ArgumentHelp("Pickup by name, looked up in the gazetteer (the first, nearest, match).", valueName: "name"))
        var pickupName: String?

        @OptionGroup var location: RideLocationOptions
        @OptionGroup var places: RidePlacesOptions
        @OptionGroup var storeOptions: RideStoreOptions
        @OptionGroup var serverOptions: RideServerOptions

        func validate() throws {
            if pickup != nil, pickupName != nil { throw ValidationError("give --pickup or --pickup-name, not both") }
            try location.check()
        }

        func run() async throws {
            if let endpoint = try serverOptions.endpoint() {
                if pickupName != nil {
                    throw ValidationError("--pickup-name is looked up locally: with --server give --pickup LAT,LON")
                }
                let here = pickup == nil ? try await location.current()?.location?.coordinate : nil
                return try await RideRemote(endpoint: endpoint, json: storeOptions.json, command: "options")
                    .options(pickup: pickup?.coordinate ?? here)
            }
            try await RideExit.guarding("options") { () throws(RideExit) in
                let resolver = PlaceResolver(gazetteer: try places.gazetteer.load())
                let current = try await location.current() ?? .unknown(at: Date())
                let requested = pickup.map { Placemark(coordinate: $0.coordinate) } ?? pickupName.map { Placemark(name: $0) }
                let place: Placemark?
                switch resolver.resolvePickup(requested, current: current) {
                case .success(let p), .confirmationRequired(let p): place = p
                case .disambiguation(let places): place = places.first
                case .unsupported(let reason): throw .refused("pickup: \(reason)")
                case .needsValue, .notRequired: place = nil
                }
                // The fleet reports where it is now (on a read-only store, where it last reported):
                // the estimates are from its reported positions.
                let service = try await storeOptions.service(
                    fleet: try places.loadFleet(near: place), places: resolver, readOnlyFallback: true)
                let response: ListRideOptionsIntentResponse = try await RideExit.store {
                    try await ListRideOptionsHandler(service: service).handle(pickup: place?.coordinate)
                }
                if storeOptions.json {
                    print(RideFormat.json(response))
                } else {
                    print("options  \(response.code)" + (place.map { "  from \($0)" } ?? ""))
                    for option in response.rideOptions {
                        let sizes = option.availablePartySizeOptions.map(\.sizeDescription).joined(separator: ", ")
                        let eta =
                            option.estimatedPickupDate.map { "pickup \(RideFormat.relative($0, to: service.now))" }
                            ?? (place == nil ? "" : "none free")
                        print(
                            "  \(option.name.padding(toLength: 10, withPad: " ", startingAt: 0)) \(sizes)  "
                                + "\(option.priceRange?.description ?? "")  \(eta)")
                    }
                }
                if response.code != .success { throw .refused("\(response.code)") }
            }
        }
    }
}
