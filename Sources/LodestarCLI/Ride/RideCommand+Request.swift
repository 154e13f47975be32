import ArgumentParser
import Foundation
import Geodesy
import LodestarInternals
import RideAPI
import RideBooking
import RideClient

extension RideCommand {
    /// `lodestar ride request`: resolve → confirm → handle, printing each step, ending with the ride's status.
    struct Request: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "request",
            abstract: "Request a ride: resolve each parameter, confirm, book.",
            discussion: """
                Without --pickup or --pickup-name, the pickup is the current location (from --trace or \
                --gpsd) if it is at most 60 s old and accurate to 100 m, snapped to a designated pickup \
                point within 200 m; it must be confirmed (on the terminal, or with --yes). A name is \
                looked up in the gazetteer: one exact match is used, one inexact match must be \
                confirmed, several must be chosen from (nearest first; --yes takes the first).

                Examples:
                  lodestar ride request --trace Traces/walk-to-pickup.nmea \\
                      --dropoff 51.4700,-0.4543 --party 2 --yes
                  lodestar ride request --pickup-name 'Waterloo station' \\
                      --dropoff-name 'Heathrow T5' --party 3 --option XL
                  lodestar ride request --pickup -33.8688,151.2093 --party 1 --json
                """)

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp("Pickup, decimal degrees (south and west negative).", valueName: "lat,lon"),
            transform: CoordinateArgument.parse)
        var pickup: CoordinateArgument?

        @Option(help: ArgumentHelp("Pickup by name, looked up in the gazetteer.", valueName: "name"))
        var pickupName: String?

        @Option(
            parsing: .unconditional, help: ArgumentHelp("Drop-off, decimal degrees.", valueName: "lat,lon"),
            transform: CoordinateArgument.parse)
        var dropoff: CoordinateArgument?

        @Option(help: ArgumentHelp("Drop-off by name, looked up in the gazetteer.", valueName: "name"))
        var dropoffName: String?

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp("Number of riders (0 to 100; the fleet says how many fit).", valueName: "n"))
        var party: Int?

        /// --party: up to 100 riders; 0 is left to the service, which refuses it with its reason.
        static let partyRange = OptionRange("--party", 0...100, unit: "riders")

        @Option(help: ArgumentHelp("Ride option, such as Standard or XL (see 'lodestar ride options').", valueName: "name"))
        var option: String?

        @Option(help: ArgumentHelp("Scheduled pickup time, ISO 8601 (2026-12-01T08:00:00Z); default now.", valueName: "time"))
        var at: String?

        @OptionGroup var location: RideLocationOptions
        @OptionGroup var places: RidePlacesOptions

        @Flag(help: "Accept the proposed pickup (and the first, nearest, of several places) without asking.")
        var yes = false

        @OptionGroup var storeOptions: RideStoreOptions
        @OptionGroup var serverOptions: RideServerOptions

        func validate() throws {
            if pickup != nil, pickupName != nil { throw ValidationError("give --pickup or --pickup-name, not both") }
            if dropoff != nil, dropoffName != nil { throw ValidationError("give --dropoff or --dropoff-name, not both") }
            if let at, Self.parseDate(at) == nil {
                throw ValidationError("--at '\(at)' is not an ISO 8601 time such as 2026-12-01T08:00:00Z")
            }
            try Self.partyRange.check(party)
            try location.check()
        }

        static func parseDate(_ text: String) -> Date? {
            ISO8601.parse(text)
        }

        func run() async throws {
            if let endpoint = try serverOptions.endpoint() {
                let here = pickup == nil && pickupName == nil ? try await location.current()?.location?.coordinate : nil
                let body = RideRequestBody(
                    pickup: pickup?.coordinate ?? here, pickupName: pickupName, dropOff: dropoff?.coordinate,
                    dropOffName: dropoffName, partySize: party, rideOptionName: option,
                    scheduledPickupTime: at.flatMap(Self.parseDate))
                return try await RideRemote(endpoint: endpoint, json: storeOptions.json, command: "request").request(body)
            }
            var dialogue = RideDialogue(json: storeOptions.json, yes: yes)
            try await RideExit.guarding("request") { () throws(RideExit) in
                do throws(RideExit) {
                    try await converse(&dialogue)
                } catch {
                    dialogue.finish()
                    throw error
                }
                dialogue.finish()
                // Booked, but standard output lost it (a full disk, a closed pipe): the identifier
                // must not be lost with it. Said on standard error; the command ends with status 1.
                if let status = dialogue.report.rideStatus, let reason = StandardOutput.failure() {
                    Diagnostics.error(
                        "booked ride \(status.rideIdentifier), "
                            + "but could not write standard output: \(reason)")
                }
            }
        }

        private func converse(_ dialogue: inout RideDialogue) async throws(RideExit) {
            let gazetteer = try places.gazetteer.load()
            let resolver = PlaceResolver(gazetteer: gazetteer)
            let needsLocation = pickup == nil && pickupName == nil
            let current = try await location.current() ?? .unknown(at: Date())
            if let name = location.sourceDescription, let found = current.location {
                dialogue.say(
                    "location",
                    "\(name): \(Placemark.format(found.coordinate))"
                        + (found.horizontalAccuracy.map { " ±\(WholeNumber.text($0)) m" } ?? "")
                        + " at \(RideFormat.date(found.timestamp))")
            }

            // The pickup first: the default fleet is placed around it.
            var request = RideRequest(
                pickupLocation: pickup.map { Placemark(coordinate: $0.coordinate) } ?? pickupName.map { Placemark(name: $0) },
                dropOffLocation: dropoff.map { Placemark(coordinate: $0.coordinate) } ?? dropoffName.map { Placemark(name: $0) },
                rideOptionName: option, partySize: party, scheduledPickupTime: at.flatMap(Self.parseDate))
            let assessment = resolver.assess(current)
            request.pickupLocation = try dialogue.settle(
                resolver.resolvePickup(request.pickupLocation, current: current), parameter: "pickupLocation", label: "pickup",
                note: needsLocation ? assessment.explanation : nil,
                hint: "give --pickup LAT,LON or --pickup-name NAME"
                    + (needsLocation && location.isEmpty ? " (or --trace FILE / --gpsd)" : ""))

            let service = try await storeOptions.service(
                fleet: try places.loadFleet(near: request.pickupLocation), places: resolver)
            let handler = RideRequestHandler(service: service)
            request.dropOffLocation = try dialogue.settle(
                handler.resolveDropOffLocation(for: request, current: current), parameter: "dropOffLocation", label: "drop-off",
                note: nil, hint: "give --dropoff LAT,LON or --dropoff-name NAME")
            request.partySize = try dialogue.settle(
                handler.resolvePartySize(for: request), parameter: "partySize", label: "party size", describe: { "\($0)" },
                hint: "give --party N")
            request.rideOptionName = try dialogue.settle(
                handler.resolveRideOptionName(for: request), parameter: "rideOptionName", label: "ride option",
                describe: { "\($0.name) (\($0.availablePartySizeOptions.map(\.sizeDescription).joined(separator: ", ")))" },
                hint: "give --option NAME")?.name
            request.scheduledPickupTime = try dialogue.settle(
                handler.resolveScheduledPickupTime(for: request), parameter: "scheduledPickupTime", label: "pickup time",
                describe: RideFormat.date, hint: "give --at TIME")
            request.paymentMethod = try dialogue.settle(
                handler.resolvePaymentMethod(for: request), parameter: "paymentMethod", label: "payment",
                describe: { $0.name ?? $0.kind.rawValue }, hint: "")

            let confirmation = try await dialogue.book("confirm", expecting: .ready, into: \.confirm) {
                try await handler.confirm(request)
            }
            guard let quote = confirmation.quote else { throw .refused("confirm: \(confirmation.code) without a quote") }
            let now = service.now
            dialogue.say(
                "confirm",
                "ready  \(RideFormat.vehicle(quote.vehicle)), \(RideFormat.distance(quote.distance)) away, "
                    + "at the pickup \(RideFormat.relative(quote.estimatedPickupDate, to: now))")

            let booking = try await dialogue.book("handle", expecting: .success, into: \.handle) {
                try await handler.handle(request)
            }
            guard let status = booking.rideStatus else { throw .refused("handle: \(booking.code) without a ride status") }
            dialogue.report.rideStatus = status
            dialogue.say("handle", "success  ride \(status.rideIdentifier) stored in \(service.store.database)")
            if !storeOptions.json { print("\n" + RideFormat.status(status, now: service.now)) }
        }
    }
}
