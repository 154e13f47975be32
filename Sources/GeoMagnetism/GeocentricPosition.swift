import Foundation
import Geodesy

/// A point in spherical geocentric coordinates, made from geodetic (WGS84) latitude, longitude and
/// height, with the sines and cosines the field synthesis needs.
///
/// WMM2025 Technical Report §1.2, eq. 7–8 (the same steps as NOAA's
/// `MAG_GeodeticToSpherical`):
///
///     R_c = A / √(1 − e² sin² φ)            radius of curvature in the prime vertical
///     p   = (R_c + h) cos φ
///     z   = (R_c (1 − e²) + h) sin φ
///     r   = √(p² + z²),   φ′ = arcsin(z / r)
///
/// with A = 6378.137 km and f = 1/298.257223563 (WGS84), e² = f (2 − f). The geocentric latitude
/// is kept as sin φ′ = z / r and cos φ′ = p / r, so no inverse trigonometry is needed.
struct GeocentricPosition: Sendable {
    /// WGS84 semi-major axis, km.
    static let semiMajorAxis = 6378.137
    /// WGS84 flattening.
    static let flattening = 1 / 298.257223563
    /// WGS84 first eccentricity squared, e² = f (2 − f).
    static let eccentricitySquared = flattening * (2 - flattening)

    /// Geocentric radius r, km.
    let radius: Double
    /// sin φ′ (geocentric latitude); equals cos θ, θ the geocentric colatitude.
    let sinLatitude: Double
    /// cos φ′ (geocentric latitude); equals sin θ. Never negative.
    let cosLatitude: Double
    /// sin λ.
    let sinLongitude: Double
    /// cos λ.
    let cosLongitude: Double
    /// sin(φ′ − φ), φ the geodetic latitude.
    let sinLatitudeDifference: Double
    /// cos(φ′ − φ).
    let cosLatitudeDifference: Double

    /// - Parameters:
    ///   - coordinate: geodetic latitude and longitude, degrees.
    ///   - heightKilometres: height above the WGS84 ellipsoid, km.
    init(_ coordinate: Coordinate, heightKilometres h: Double) {
        let phi = Angle.radians(coordinate.latitude)
        let lambda = Angle.radians(coordinate.longitude)
        let sinPhi = sin(phi)
        let cosPhi = cos(phi)
        let e2 = Self.eccentricitySquared
        let rc = Self.semiMajorAxis / (1 - e2 * sinPhi * sinPhi).squareRoot()
        let p = (rc + h) * cosPhi
        let z = (rc * (1 - e2) + h) * sinPhi
        let r = (p * p + z * z).squareRoot()
        radius = r
        sinLatitude = z / r
        cosLatitude = p / r
        sinLongitude = sin(lambda)
        cosLongitude = cos(lambda)
        // ψ = φ′ − φ, the angle between the geocentric radius and the ellipsoid normal.
        sinLatitudeDifference = sinLatitude * cosPhi - cosLatitude * sinPhi
        cosLatitudeDifference = cosLatitude * cosPhi + sinLatitude * sinPhi
    }

    /// Rotates a field (and its rate) from the spherical geocentric frame to the geodetic frame
    /// (WMM2025 Technical Report §1.2, eq. 16–17):
    ///
    ///     X = X′ cos ψ − Z′ sin ψ,   Y = Y′,   Z = X′ sin ψ + Z′ cos ψ,   ψ = φ′ − φ
    func geodetic(_ v: FieldVector) -> FieldVector {
        let c = cosLatitudeDifference
        let s = sinLatitudeDifference
        return FieldVector(
            north: v.north * c - v.down * s,
            east: v.east,
            down: v.north * s + v.down * c,
            northRate: v.northRate * c - v.downRate * s,
            eastRate: v.eastRate,
            downRate: v.northRate * s + v.downRate * c)
    }
}
