import ArgumentParser
import RideBooking

/// `--fleet` and `--gazetteer`: where the vehicles and the named places come from.
struct RidePlacesOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "A fleet file (JSON, see Examples/fleet.json). Default: 400 simulated vehicles near the pickup.",
        valueName: "file"))
    var fleet: String?

    @Option(help: ArgumentHelp(
        "A gazetteer of named places and pickup points (JSON, see Examples/gazetteer.json). Default: the built-in London one.",
        valueName: "file"))
    var gazetteer: String?

    func validate() throws {
        if fleet?.isEmpty == true { throw ValidationError("--fleet is an empty path; give a fleet file") }
        if gazetteer?.isEmpty == true { throw ValidationError("--gazetteer is an empty path; give a gazetteer file") }
    }

    /// The gazetteer file, or the built-in London gazetteer.
    func loadGazetteer() throws(RideExit) -> Gazetteer {
        guard let gazetteer else { return .london }
        do {
            return try Gazetteer.load(contentsOf: gazetteer)
        } catch {
            if case .unreadable = error { throw .noInput(error.description) }
            throw .dataError(error.description)
        }
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
