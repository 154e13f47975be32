import Foundation
import Geodesy

/// The distanceFilter rule: a location is delivered only when it lies at least `distance` metres,
/// horizontally on the WGS84 ellipsoid, from the last *delivered* location. The first qualifying
/// location is always delivered.
///
/// The decision is exactly that of Karney's geodesic (``Geodesic/inverse(from:to:)``); a local
/// flat-earth estimate with the ellipsoid's radii of curvature settles the clear cases first, and
/// the geodesic is computed only within 1% of the threshold.
public struct DistanceFilter: Sendable, Equatable {
    /// Minimum horizontal movement, metres, > 0; nil delivers every location.
    public var distance: Double?

    public init(distance: Double?) {
        self.distance = distance
    }

    /// nil when `candidate` may be delivered, else the reason it is withheld. The `moved` figure in
    /// the reason is the geodesic distance near the threshold, and within 1% of it elsewhere.
    /// - Parameters:
    ///   - candidate: the new position.
    ///   - lastDelivered: the last delivered position, or nil when none has been.
    /// - Complexity: O(1), no allocation.
    public func check(_ candidate: Coordinate, lastDelivered: Coordinate?) -> WithholdReason? {
        guard let filter = distance, let last = lastDelivered else { return nil }
        let estimate = Self.localDistance(last, candidate)
        if estimate > filter * 1.01 { return nil }
        // Clearly short: the reason carries the estimate, which is within 1% of the geodesic.
        if estimate < filter * 0.99 { return .belowDistanceFilter(moved: estimate, filter: filter) }
        let exact = Geodesic.wgs84.inverse(from: last, to: candidate).distance
        return exact >= filter ? nil : .belowDistanceFilter(moved: exact, filter: filter)
    }

    /// A flat-earth distance estimate in metres, using the WGS84 meridional and prime-vertical radii
    /// of curvature at the mean latitude. Good to well under 1% for the distances filters use.
    @inlinable
    static func localDistance(_ a: Coordinate, _ b: Coordinate) -> Double {
        let e2 = 0.00669437999014132  // WGS84 first eccentricity squared
        let semiMajor = 6_378_137.0
        let phi = Angle.radians((a.latitude + b.latitude) / 2)
        let s = sin(phi)
        let w = (1 - e2 * s * s).squareRoot()
        let meridional = semiMajor * (1 - e2) / (w * w * w)
        let primeVertical = semiMajor / w
        let dLat = Angle.radians(b.latitude - a.latitude)
        let dLon = Angle.radians(Angle.normalizedLongitude(b.longitude - a.longitude))
        let north = dLat * meridional
        let east = dLon * primeVertical * cos(phi)
        return (north * north + east * east).squareRoot()
    }
}
