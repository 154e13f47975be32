/// Why a geodesic or great-circle computation, or the model it runs on, was refused.
///
/// Coordinates are checked when they are made (``CoordinateError``); this error covers the other
/// inputs: the azimuth and distance of a direct problem, and the size and shape of the model.
public enum GeodesyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An azimuth or bearing that is NaN or infinite, in degrees.
    case nonFiniteAzimuth(Double)
    /// A distance that is NaN or infinite, in metres.
    case nonFiniteDistance(Double)
    /// A sphere radius or ellipsoid equatorial radius that is not a positive finite number of metres.
    case invalidRadius(Double)
    /// An ellipsoid flattening that is not finite or not less than 1.
    case invalidFlattening(Double)

    public var description: String {
        switch self {
        case .nonFiniteAzimuth(let v): "azimuth \(v) is not a finite number"
        case .nonFiniteDistance(let v): "distance \(v) is not a finite number"
        case .invalidRadius(let v): "radius \(v) is not a positive finite number of metres"
        case .invalidFlattening(let v): "flattening \(v) is not a finite number below 1"
        }
    }
}
