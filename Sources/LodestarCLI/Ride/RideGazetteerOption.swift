import ArgumentParser
import RideBooking

/// `--gazetteer`: where the named places and pickup points come from, shared by `ride places` and
/// the commands that resolve places (``RidePlacesOptions``).
struct RideGazetteerOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "A gazetteer of named places and pickup points (JSON, see Examples/gazetteer.json). Default: the built-in London one.",
            valueName: "file"))
    var gazetteer: String?

    func validate() throws {
        if gazetteer?.isEmpty == true { throw ValidationError("--gazetteer is an empty path; give a gazetteer file") }
    }

    /// The gazetteer file, or the built-in London gazetteer.
    /// - Throws: ``RideExit/noInput(_:)`` for a file that cannot be read, ``RideExit/dataError(_:)``
    ///   for one that is not a valid gazetteer.
    func load() throws(RideExit) -> Gazetteer {
        guard let gazetteer else { return .london }
        do {
            return try Gazetteer.load(contentsOf: gazetteer)
        } catch {
            if case .unreadable = error { throw .noInput(error.description) }
            throw .dataError(error.description)
        }
    }
}
