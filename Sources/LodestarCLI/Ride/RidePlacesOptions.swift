import ArgumentParser
import RideBooking

/// `--fleet` and `--gazetteer`: where the vehicles and the named places come from.
struct RidePlacesOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "A fleet file (JSON, see Examples/fleet.json). Default: 400 simulated vehicles near the pickup.",
            valueName: "file"))
    var fleet: String?

    @OptionGroup var gazetteer: RideGazetteerOption

    func validate() throws {
        if fleet?.isEmpty == true { throw ValidationError("--fleet is an empty path; give a fleet file") }
    }

    /// The fleet file, or the default simulated fleet near `pickup` (see ``Fleet/defaultSimulated(near:)``);
    /// with neither, no vehicles.
    func loadFleet(near pickup: Placemark?) throws(RideExit) -> Fleet {
        if let fleet {
            do {
                return try Fleet.load(contentsOf: fleet)
            } catch {
                if case .unreadable = error { throw .noInput(error.description) }
                throw .dataError(error.description)
            }
        }
        guard let coordinate = pickup?.coordinate else { return .empty }
        return .defaultSimulated(near: coordinate)
    }
}
