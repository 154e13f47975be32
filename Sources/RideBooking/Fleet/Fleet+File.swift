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
    /// - Throws: ``FleetError`` naming the file and the problem.
    public static func load(contentsOf path: String) throws(FleetError) -> Fleet {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(path: path, reason: (error as NSError).localizedDescription)
        }
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: data)
        } catch let error as DecodingError {
            throw .invalid(path: path, reason: Self.explain(error))
        } catch {
            throw .invalid(path: path, reason: String(describing: error))
        }
        let name = document.name ?? URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        return try Fleet(name: name, vehicles: document.vehicles, rideOptions: document.rideOptions ?? RideOption.defaults)
    }

    /// One line for a decoding error: where, and what.
    static func explain(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return keys.isEmpty ? "" : " at \(keys.hasPrefix(".") ? String(keys.dropFirst()) : keys)"
        }
        switch error {
        case .keyNotFound(let key, let context): return "missing '\(key.stringValue)'\(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(context.debugDescription)\(path(context))"
        @unknown default: return String(describing: error)
        }
    }
}
