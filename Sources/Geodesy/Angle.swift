import Foundation

/// Angle helpers. Angles are degrees at the API and radians inside the formulas.
public enum Angle {
    /// Degrees to radians.
    @inlinable public static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
    /// Radians to degrees.
    @inlinable public static func degrees(_ radians: Double) -> Double { radians * 180 / .pi }

    /// A longitude (or any angle) in degrees, reduced to [-180, 180).
    @inlinable public static func normalizedLongitude(_ degrees: Double) -> Double {
        if degrees >= -180 && degrees < 180 { return degrees }
        var r = fmod(degrees + 180, 360)
        if r < 0 { r += 360 }
        let out = r - 180
        // fmod is exact, but the additions can round up to exactly 180.
        return out >= 180 ? out - 360 : out
    }

    /// A bearing in degrees reduced to [0, 360).
    @inlinable public static func normalizedBearing(_ degrees: Double) -> Double {
        if degrees >= 0 && degrees < 360 { return degrees }
        var r = fmod(degrees, 360)
        if r < 0 { r += 360 }
        return r >= 360 ? 0 : r
    }

    /// The signed difference `to - from` on the circle, in (-180, 180] degrees.
    /// 359° → 1° is +2°, not -358°.
    @inlinable public static func difference(from: Double, to: Double) -> Double {
        var d = fmod(to - from, 360)
        if d <= -180 { d += 360 } else if d > 180 { d -= 360 }
        return d
    }
}
