/// Why a gazetteer could not be loaded.
public enum GazetteerError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case invalid(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read gazetteer \(path): \(reason)"
        case .invalid(let path, let reason): "gazetteer \(path) is not valid: \(reason)"
        }
    }
}
