import Foundation

extension Fleet {
    /// The JSON document of a fleet file.
    private struct Document: Decodable {
        var name: String?
        var rideOptions: [RideOption]?
        var vehicles: [Vehicle]
    }

    /// Loads a fleet file: a JSON object with `name` (optional), `rideOptions` (optional; default
    /// ``RideOption/defaults``) and `vehicles`, each with `identifier`, `position` (`latitude`,
    /// `longitude` in degrees), `capacity`, `rideOptionName`, `speed` (m/s) and optionally `state`
    /// (`available`, `busy`, `offline`; default available), `course`, `registrationPlate`,
    /// `manufacturer`, `model` and `driver` (`name`, `rating`, `phoneNumber`).
    /// - Throws: ``FleetError`` naming the file and the problem: not a regular file, not JSON (with
    ///   the line and column), a member missing or of the wrong type (with its path).
    public static func load(contentsOf path: String) throws(FleetError) -> Fleet {
        let document: Document
        do throws(JSONDocumentFile.Problem) {
            document = try JSONDocumentFile.decode(Document.self, from: try JSONDocumentFile.read(path))
        } catch {
            switch error {
            case .unreadable(let reason): throw .unreadable(path: path, reason: reason)
            case .invalid(let reason): throw .invalid(path: path, reason: reason)
            }
        }
        let name = document.name ?? URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        return try Fleet(name: name, vehicles: document.vehicles, rideOptions: document.rideOptions ?? RideOption.defaults)
    }

}
