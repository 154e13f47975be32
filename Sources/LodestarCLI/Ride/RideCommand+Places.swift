import ArgumentParser
import LodestarInternals
import RideBooking

extension RideCommand {
    /// `lodestar ride places`: the gazetteer's places and pickup points, the names `--pickup-name`
    /// and `--dropoff-name` look up.
    struct Places: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "places",
            abstract: "List the gazetteer's places and pickup points (the names --pickup-name and --dropoff-name find).",
            discussion: """
                One line per place, in the gazetteer's order: the name, latitude,longitude, 'pickup' \
                for a designated pickup point (a current location within 200 m of one is moved to it) \
                or 'place', the address, and the other names it is known by. With --json, one object \
                {"places": [...]} in the gazetteer file's own format, so that the output can be edited \
                and given back with --gazetteer.

                Examples:
                  lodestar ride places
                  lodestar ride places --pickup-points --json
                """)

        @OptionGroup var gazetteer: RideGazetteerOption

        @Flag(help: "Only the designated pickup points.")
        var pickupPoints = false

        @Flag(help: "Print JSON instead of text.")
        var json = false

        func run() throws {
            let places: [GazetteerPlace]
            do {
                places = try gazetteer.load().places
            } catch {
                Diagnostics.error(error.description)
                throw error.code
            }
            let shown = pickupPoints ? places.filter(\.isPickupPoint) : places
            if json {
                StandardOutput.line(Self.json(shown))
                return
            }
            let width = shown.map(\.name.count).max() ?? 0
            var output = BlockOutput(fd: 1, threshold: 64 * 1024)
            for place in shown {
                output.appendLine(Self.line(place, nameWidth: width))
                output.flushIfFull()
            }
            output.flush()
        }

        /// `Charing Cross station  51.5080,-0.1247  pickup  The Strand, London WC2N 5HF  (also: Charing Cross)`.
        static func line(_ place: GazetteerPlace, nameWidth: Int) -> String {
            var text = place.name.padding(toLength: max(nameWidth, place.name.count), withPad: " ", startingAt: 0)
            text +=
                "  \(DecimalText.string(place.coordinate.latitude, decimals: 5)),\(DecimalText.string(place.coordinate.longitude, decimals: 5))"
            text += place.isPickupPoint ? "  pickup" : "  place "
            if let address = place.address { text += "  \(address)" }
            if !place.aliases.isEmpty { text += "  (also: \(place.aliases.joined(separator: ", ")))" }
            return text
        }

        /// `{"places":[{"name":...,"latitude":...,"longitude":...,"aliases":[...],"address":...,"pickupPoint":true}]}`.
        static func json(_ places: [GazetteerPlace]) -> String {
            let objects = places.map { place in
                var o = JSONObjectText()
                o.add("name", place.name)
                o.add("latitude", place.coordinate.latitude)
                o.add("longitude", place.coordinate.longitude)
                if !place.aliases.isEmpty { o.add("aliases", strings: place.aliases) }
                if let address = place.address { o.add("address", address) }
                o.add("pickupPoint", place.isPickupPoint)
                return o
            }
            var document = JSONObjectText()
            document.add("places", objects: objects)
            return document.json
        }
    }
}
