import Geodesy
import LodestarInternals

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A local equirectangular plane about an origin, metres: x east, y north. One metre north is 1 / M
/// radians of latitude and one metre east 1 / (N cos φ₀) radians of longitude, with the WGS84
/// radii of curvature M and N at the origin's latitude φ₀.
///
/// The map is affine in longitude and latitude, so GeoJSON's edges (straight in longitude and
/// latitude, RFC 7946 §3.1.1) stay straight. Distances are good to about (s / R)² relative at a
/// distance s from the origin (R the Earth's radius), plus the change of scale with latitude:
/// under 0.1% within 10 km at mid latitudes, which is what regions and the segments between fixes
/// need. Longitudes are taken relative to the origin across the antimeridian.
struct LocalPlane {
    let originLatitude: Double
    let originLongitude: Double
    /// Metres per degree of latitude and of longitude at the origin.
    let metresPerDegreeLatitude: Double
    let metresPerDegreeLongitude: Double

    init(origin: Coordinate) {
        originLatitude = origin.latitude
        originLongitude = origin.longitude
        let phi = Angle.radians(origin.latitude)
        let (m, n) = WGS84.radiiOfCurvature(latitude: phi)
        metresPerDegreeLatitude = Angle.radians(m)
        metresPerDegreeLongitude = Self.metresPerDegreeLongitude(n, phi)
    }

    /// Metres per degree of longitude from the prime-vertical radius `n` (metres) at latitude
    /// `phi` (radians): kept above zero at a pole, where longitude no longer spreads.
    @inline(__always)
    private static func metresPerDegreeLongitude(_ n: Double, _ phi: Double) -> Double {
        max(Angle.radians(n * cos(phi)), 1e-3)
    }

    /// The plane point of a coordinate, metres from the origin.
    func point(_ c: Coordinate) -> SIMD2<Double> {
        SIMD2(
            Angle.normalizedLongitude(c.longitude - originLongitude) * metresPerDegreeLongitude,
            (c.latitude - originLatitude) * metresPerDegreeLatitude)
    }

    /// The coordinate of a plane point (latitude clamped to ±90°).
    func coordinate(_ p: SIMD2<Double>) -> Coordinate {
        let latitude = min(max(originLatitude + p.y / metresPerDegreeLatitude, -90), 90)
        let longitude = Angle.normalizedLongitude(originLongitude + p.x / metresPerDegreeLongitude)
        return Coordinate(uncheckedLatitude: latitude, longitude: longitude)
    }
}

extension SIMD2 where Scalar == Double {
    /// The Euclidean length.
    var length: Double { ((self * self).sum()).squareRoot() }
}
