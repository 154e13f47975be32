/// A point on the Earth given by geodetic latitude and longitude, in degrees.
///
/// A `Coordinate` is validated when it is made: latitude must lie in [-90, 90] and longitude must
/// be finite. Longitude is normalised to [-180, 180), so `Coordinate(latitude: 0, longitude: 180)`
/// has longitude -180. Invalid input throws ``CoordinateError``; it never traps.
///
/// The datum is WGS84 wherever the ellipsoid matters (``Geodesic``); ``GreatCircle`` treats the same
/// numbers as spherical coordinates.
public struct Coordinate: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Geodetic latitude in degrees, in [-90, 90]; positive north.
    public let latitude: Double
    /// Longitude in degrees, in [-180, 180); positive east.
    public let longitude: Double

    /// Makes a coordinate, normalising longitude to [-180, 180).
    /// - Parameters:
    ///   - latitude: degrees in [-90, 90].
    ///   - longitude: degrees, any finite value.
    /// - Throws: ``CoordinateError`` when latitude is out of range or either value is not finite.
    public init(latitude: Double, longitude: Double) throws(CoordinateError) {
        guard latitude.isFinite else { throw .nonFiniteLatitude(latitude) }
        guard longitude.isFinite else { throw .nonFiniteLongitude(longitude) }
        guard (-90.0...90.0).contains(latitude) else { throw .latitudeOutOfRange(latitude) }
        self.latitude = latitude
        self.longitude = Angle.normalizedLongitude(longitude)
    }

    /// Makes a coordinate from values already known to be valid, such as the output of a geodesic
    /// computation. Latitude is clamped to [-90, 90] and longitude normalised; non-finite values
    /// become 0. Use ``init(latitude:longitude:)`` for any input that comes from outside.
    public init(uncheckedLatitude latitude: Double, longitude: Double) {
        self.latitude = latitude.isFinite ? min(90, max(-90, latitude)) : 0
        self.longitude = longitude.isFinite ? Angle.normalizedLongitude(longitude) : 0
    }

    /// `"lat,lon"` with the full precision of both doubles.
    public var description: String { "\(latitude),\(longitude)" }

    private enum CodingKeys: String, CodingKey { case latitude, longitude }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let lat = try container.decode(Double.self, forKey: .latitude)
        let lon = try container.decode(Double.self, forKey: .longitude)
        do {
            try self.init(latitude: lat, longitude: lon)
        } catch {
            throw DecodingError.dataCorruptedError(
                forKey: .latitude, in: container, debugDescription: error.description)
        }
    }
}

/// Why a ``Coordinate`` could not be made.
public enum CoordinateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Latitude outside [-90, 90] degrees.
    case latitudeOutOfRange(Double)
    /// Latitude is NaN or infinite.
    case nonFiniteLatitude(Double)
    /// Longitude is NaN or infinite.
    case nonFiniteLongitude(Double)

    public var description: String {
        switch self {
        case .latitudeOutOfRange(let v): "latitude \(v) is outside [-90, 90]"
        case .nonFiniteLatitude(let v): "latitude \(v) is not a finite number"
        case .nonFiniteLongitude(let v): "longitude \(v) is not a finite number"
        }
    }
}
