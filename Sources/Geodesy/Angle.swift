import Foundation

/// Angle helpers. Angles are degrees at the API and radians inside the formulas.
public enum Angle {
    /// Degrees to radians.
    @inlinable public static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
    /// Radians to degrees.
    @inlinable public static func degrees(_ radians: Double) -> Double { radians * 180 / .pi }

    /// A longitude (or any angle) in degrees, reduced to [-180, 180).
    ///
    /// The reduction is exact: IEEE 754 `remainder` introduces no rounding, so a longitude that is
    /// already in range comes back bit for bit and 190.1 becomes exactly 190.1 − 360.
    @inlinable public static func normalizedLongitude(_ degrees: Double) -> Double {
        if degrees >= -180 && degrees < 180 { return degrees }
        // remainder(x, 360) is exact and lies in [-180, 180]; only +180 needs moving.
        let r = degrees.remainder(dividingBy: 360)
        return r >= 180 ? r - 360 : r
    }

    /// A bearing in degrees reduced to [0, 360). `-0.0` becomes `0.0`.
    @inlinable public static func normalizedBearing(_ degrees: Double) -> Double {
        // Adding +0.0 turns -0.0 into +0.0 and leaves every other value unchanged.
        if degrees >= 0 && degrees < 360 { return degrees + 0 }
        var r = fmod(degrees, 360)
        if r < 0 { r += 360 }
        // fmod is exact, but r + 360 can round up to exactly 360 for tiny negative r.
        return r >= 360 ? 0 : r + 0
    }

    /// The signed difference `to - from` on the circle, in (-180, 180] degrees.
    /// 359° → 1° is +2°, not -358°.
    @inlinable public static func difference(from: Double, to: Double) -> Double {
        var d = fmod(to - from, 360)
        if d <= -180 { d += 360 } else if d > 180 { d -= 360 }
        return d
    }
}
