import Lodestar
import LodestarInternals

/// Whether the current location can be proposed as the pickup, and why not.
public enum CurrentPlace: Sendable, Equatable {
    /// Fresh and accurate enough: propose `placemark` (the location itself, or the designated
    /// pickup point it was snapped to, `snapDistance` metres away).
    case usable(Location, placemark: Placemark, snapDistance: Double?)
    /// The location manager has delivered no location.
    case none
    /// The last location is `age` seconds old; at most `limit` is accepted.
    case stale(Location, age: Double, limit: Double)
    /// The last location's 68% accuracy is `accuracy` metres (nil: unknown); at most `limit` is accepted.
    case inaccurate(Location, accuracy: Double?, limit: Double)

    /// One line for a person.
    public var explanation: String {
        switch self {
        case .usable(let location, let placemark, let snap):
            let accuracy = location.horizontalAccuracy.map { " ±\(WholeNumber.text($0)) m" } ?? ""
            let here = "current location \(Placemark.format(location.coordinate))\(accuracy)"
            guard let snap, let name = placemark.name else { return here }
            return "\(here), snapped to pickup point \(name) \(WholeNumber.text(snap)) m away"
        case .none: return "no current location"
        case .stale(_, let age, let limit):
            return "current location is \(WholeNumber.text(age)) s old (limit \(WholeNumber.text(limit)) s)"
        case .inaccurate(_, let accuracy, let limit):
            return
                "current location accuracy \(accuracy.map { "±\(WholeNumber.text($0)) m" } ?? "unknown") (limit ±\(WholeNumber.text(limit)) m)"
        }
    }
}
