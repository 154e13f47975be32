import Foundation
import Geodesy
import LodestarInternals

/// The distanceFilter rule: a location is delivered only when it lies at least `distance` metres,
/// horizontally on the WGS84 ellipsoid, from the last *delivered* location. The first qualifying
/// location is always delivered.
///
/// The decision is exactly that of Karney's geodesic (``Geodesic/inverse(from:to:)``); a local
/// flat-earth estimate with the ellipsoid's radii of curvature settles the clear cases first, and
/// the geodesic is computed only within 1% of the threshold.
package struct DistanceFilter: Sendable, Equatable {
    /// Minimum horizontal movement, metres, > 0; nil delivers every location.
    package var distance: Double?

    package init(distance: Double?) {
        self.distance = distance
    }

    /// nil when `candidate` may be delivered, else the reason it is withheld. The `moved` figure in
    /// the reason is the geodesic distance near the threshold, and within 1% of it elsewhere.
    /// - Parameters:
    ///   - candidate: the new position.
    ///   - lastDelivered: the last delivered position, or nil when none has been.
    /// - Complexity: O(1), no allocation.
    package func check(_ candidate: Coordinate, lastDelivered: Coordinate?) -> WithholdReason? {
        guard let filter = distance, let last = lastDelivered else { return nil }
        let estimate = Self.localDistance(last, candidate)
        if estimate <= Self.flatEarthRange, abs(last.latitude) <= Self.flatEarthLatitude,
            abs(candidate.latitude) <= Self.flatEarthLatitude
        {
            if estimate > filter * 1.01 { return nil }
            // Clearly short: the reason carries the estimate, which is within 1% of the geodesic.
            if estimate < filter * 0.99 { return .belowDistanceFilter(moved: estimate, filter: filter) }
        }
        let exact = Geodesic.wgs84.inverse(from: last, to: candidate).distance
        return exact >= filter ? nil : .belowDistanceFilter(moved: exact, filter: filter)
    }

    /// The flat-earth estimate decides only below this distance, metres, where it is within 0.01%
    /// of the geodesic (the error grows as the square of the distance over the Earth's radius)...
    static let flatEarthRange = 50_000.0
    /// ... and only up to this latitude, degrees, short of the poles where meridians converge.
    static let flatEarthLatitude = 85.0

    /// A flat-earth distance estimate in metres, using the WGS84 meridional and prime-vertical radii
    /// of curvature at the mean latitude. Good to well under 1% for the distances filters use.
    /// No trigonometric call: sin φ comes from its series, cos φ = √(1 − sin²φ) (|φ| ≤ 90°).
    @inlinable
    static func localDistance(_ a: Coordinate, _ b: Coordinate) -> Double {
        let s = sine(Angle.radians((a.latitude + b.latitude) / 2))
        let s2 = s * s
        let (meridional, primeVertical) = WGS84.radiiOfCurvature(sineOfLatitude: s)
        let dLat = Angle.radians(b.latitude - a.latitude)
        let dLon = Angle.radians(Angle.normalizedLongitude(b.longitude - a.longitude))
        let north = dLat * meridional
        let east = dLon * primeVertical * (1 - s2).squareRoot()
        return (north * north + east * east).squareRoot()
    }

    /// sin x for |x| ≤ π/2 from its Taylor series to x¹⁵: the first term left out is below 7·10⁻¹²
    /// there, far inside the 1% the estimate needs.
    @inlinable
    static func sine(_ x: Double) -> Double {
        let x2 = x * x
        var p = -1.0 / 1_307_674_368_000
        p = p * x2 + 1.0 / 6_227_020_800
        p = p * x2 - 1.0 / 39_916_800
        p = p * x2 + 1.0 / 362_880
        p = p * x2 - 1.0 / 5_040
        p = p * x2 + 1.0 / 120
        p = p * x2 - 1.0 / 6
        p = p * x2 + 1
        return x * p
    }
}
