import CGeographicLib

extension Geodesic {
    /// The full solution of the inverse problem from `start` to `end` (GeographicLib's
    /// `GenInverse`): the azimuths and length of ``inverse(from:to:)``, and the arc length,
    /// reduced length, geodesic scales and area.
    /// - Complexity: O(1), no allocation.
    public func solution(from start: Coordinate, to end: Coordinate) -> GeodesicSolution {
        var s12 = Double.nan
        var azi1 = Double.nan
        var azi2 = Double.nan
        var m12 = Double.nan
        var bigM12 = Double.nan
        var bigM21 = Double.nan
        var area = Double.nan
        let a12 = lodestar_geodesic_general_inverse(
            ellipsoid.solver, start.latitude, start.longitude, end.latitude, end.longitude,
            &s12, &azi1, &azi2, &m12, &bigM12, &bigM21, &area)
        return GeodesicSolution(
            start: start, initialAzimuth: azi1, end: end, finalAzimuth: azi2, distance: s12, arcLength: a12,
            reducedLength: m12, geodesicScale12: bigM12, geodesicScale21: bigM21, area: area)
    }

    /// The full solution of the direct problem (GeographicLib's `GenDirect`): where the geodesic that
    /// leaves `start` with `azimuth` is after `distance` metres, and the arc length, reduced
    /// length, geodesic scales and area from `start` to there.
    /// - Parameters:
    ///   - start: the starting point.
    ///   - azimuth: degrees clockwise from north; any finite value (``GeodesicSolution/initialAzimuth``
    ///     is the same direction in (−180, 180], as GeodSolve prints it).
    ///   - distance: metres; any finite value (negative goes backwards).
    /// - Throws: ``GeodesyError/nonFiniteAzimuth(_:)`` or ``GeodesyError/nonFiniteDistance(_:)``.
    /// - Complexity: O(1), no allocation.
    public func solution(from start: Coordinate, azimuth: Double, distance: Double) throws(GeodesyError) -> GeodesicSolution {
        guard azimuth.isFinite else { throw .nonFiniteAzimuth(azimuth) }
        guard distance.isFinite else { throw .nonFiniteDistance(distance) }
        var lat2 = Double.nan
        var lon2 = Double.nan
        var azi2 = Double.nan
        var s12 = Double.nan
        var m12 = Double.nan
        var bigM12 = Double.nan
        var bigM21 = Double.nan
        var area = Double.nan
        let a12 = lodestar_geodesic_general_direct(
            ellipsoid.solver, start.latitude, start.longitude, azimuth, distance,
            &lat2, &lon2, &azi2, &s12, &m12, &bigM12, &bigM21, &area)
        return GeodesicSolution(
            start: start, initialAzimuth: Self.reducedAzimuth(azimuth),
            end: Coordinate(uncheckedLatitude: lat2, longitude: lon2), finalAzimuth: azi2, distance: s12,
            arcLength: a12, reducedLength: m12, geodesicScale12: bigM12, geodesicScale21: bigM21, area: area)
    }

    /// An azimuth in (−180, 180] (GeographicLib's `AngNormalize`).
    static func reducedAzimuth(_ degrees: Double) -> Double {
        let x = degrees.remainder(dividingBy: 360)
        return x == -180 ? 180 : x
    }
}
