import Foundation

/// The sines and cosines of two points on a sphere, in the frame whose x–z plane is the first
/// point's meridian, from which ``GreatCircle`` solves its inverse problem.
///
/// With U = φ and L = λ (flattening 0), the terms below are those of T. Vincenty, Survey Review
/// 23(176), 88–93 (1975), eqs. (14), (15), (20) and (21). Only the longitude *difference* enters,
/// and it is formed in degrees, where it is exact for nearby longitudes (Sterbenz), before it is
/// scaled to radians.
@usableFromInline
struct SphericalPair {
    @usableFromInline let sinφ1: Double
    @usableFromInline let cosφ1: Double
    @usableFromInline let sinφ2: Double
    @usableFromInline let cosφ2: Double
    @usableFromInline let sinΔλ: Double
    @usableFromInline let cosΔλ: Double

    /// - Parameters: latitudes and longitudes in degrees.
    @inlinable
    init(_ latitude1: Double, _ longitude1: Double, _ latitude2: Double, _ longitude2: Double) {
        let φ1 = Angle.radians(latitude1)
        let φ2 = Angle.radians(latitude2)
        let Δλ = Angle.radians(longitude2 - longitude1)
        sinφ1 = sin(φ1)
        cosφ1 = cos(φ1)
        sinφ2 = sin(φ2)
        cosφ2 = cos(φ2)
        sinΔλ = sin(Δλ)
        cosΔλ = cos(Δλ)
    }

    /// East component at the start of the direction to the end, scaled by sin σ: cos φ₂ sin Δλ.
    @inlinable var east: Double { cosφ2 * sinΔλ }

    /// North component at the start of the direction to the end, scaled by sin σ:
    /// cos φ₁ sin φ₂ − sin φ₁ cos φ₂ cos Δλ.
    @inlinable var north: Double { cosφ1 * sinφ2 - sinφ1 * cosφ2 * cosΔλ }

    /// The central angle σ in radians, in [0, π]: atan2(|n₁ × n₂|, n₁ · n₂), where
    /// |n₁ × n₂| = √(east² + north²) (Vincenty eq. (14)) and n₁ · n₂ is Vincenty eq. (15).
    @inlinable var centralAngle: Double {
        let e = east
        let n = north
        return atan2((e * e + n * n).squareRoot(), sinφ1 * sinφ2 + cosφ1 * cosφ2 * cosΔλ)
    }

    /// Initial azimuth in radians, in [−π, π] (Vincenty eq. (20)).
    @inlinable var initialAzimuth: Double { atan2(east, north) }

    /// Final azimuth in radians, in [−π, π] (Vincenty eq. (21)):
    /// atan2(cos φ₁ sin Δλ, cos φ₁ sin φ₂ cos Δλ − sin φ₁ cos φ₂).
    @inlinable var finalAzimuth: Double { atan2(cosφ1 * sinΔλ, cosφ1 * sinφ2 * cosΔλ - sinφ1 * cosφ2) }
}
