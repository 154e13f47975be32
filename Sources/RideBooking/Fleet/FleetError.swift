/// Why a fleet could not be loaded.
public enum FleetError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// The file is not a valid fleet document.
    case invalid(path: String, reason: String)
    /// Two vehicles share an identifier.
    case duplicateIdentifier(String)
    /// A vehicle has a capacity below 1 or a speed that is not positive and finite.
    case invalidVehicle(identifier: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read fleet \(path): \(reason)"
        case .invalid(let path, let reason): "fleet \(path) is not valid: \(reason)"
        case .duplicateIdentifier(let id): "two vehicles are named \(id)"
        case .invalidVehicle(let id, let reason): "vehicle \(id): \(reason)"
        }
    }
}
