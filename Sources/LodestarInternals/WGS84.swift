#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The WGS84 ellipsoid's constants and its principal radii of curvature, for local flat-earth
/// work (offsets and plots over a few kilometres). Geodesics proper are `Geodesy.Geodesic`'s.
@usableFromInline
package enum WGS84 {
    /// Semi-major axis a, metres.
    @inlinable package static var semiMajorAxis: Double { 6_378_137.0 }
    /// First eccentricity squared e² = f (2 − f), f = 1 / 298.257223563.
    @inlinable package static var eccentricitySquared: Double { 0.00669437999014132 }

    /// The meridional radius of curvature M = a (1 − e²) / W³ and the prime-vertical radius
    /// N = a / W, W = √(1 − e² sin² φ), in metres, at geodetic latitude φ (radians, −π/2...π/2).
    /// One metre north is 1 / M radians of latitude; one metre east is 1 / (N cos φ) of longitude.
    @inlinable
    package static func radiiOfCurvature(latitude phi: Double) -> (meridional: Double, primeVertical: Double) {
        radiiOfCurvature(sineOfLatitude: sin(phi))
    }

    /// The same radii from sin φ (−1...1), for callers that have the sine without a trigonometric
    /// call.
    @inlinable
    package static func radiiOfCurvature(sineOfLatitude s: Double) -> (meridional: Double, primeVertical: Double) {
        let a = semiMajorAxis
        let e2 = eccentricitySquared
        let w = (1 - e2 * s * s).squareRoot()
        return (a * (1 - e2) / (w * w * w), a / w)
    }
}
