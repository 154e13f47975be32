import CGeographicLib

/// Geodesics on an ellipsoid of revolution, WGS84 by default: the shortest path between two points
/// (inverse problem) and where a path of given azimuth and length ends (direct problem).
///
/// The algorithms are C. F. F. Karney's, "Algorithms for geodesics", J. Geodesy 87, 43–55 (2013),
/// doi:10.1007/s00190-012-0578-z, in the author's own implementation, GeographicLib's C++
/// `Geodesic` class (Debian's libgeographiclib, whose only dependency is the C++ runtime), reached
/// through the small C face in the `CGeographicLib` target. They converge everywhere, including for
/// nearly antipodal points where Vincenty's method fails, and are accurate to about 15 nanometres
/// for the Earth.
///
/// A `Geodesic` holds GeographicLib's initialised ellipsoid (its series coefficients computed
/// once), so every call goes straight to the solver with no allocation and no set-up. Values are
/// immutable and safe to share between tasks.
public struct Geodesic: Sendable {
    /// The WGS84 ellipsoid: a = 6,378,137 m, f = 1/298.257223563.
    public static let wgs84 = Geodesic(checkedEquatorialRadius: 6_378_137, flattening: 1 / 298.257223563)

    /// Equatorial radius (semi-major axis) a, in metres.
    public let equatorialRadius: Double
    /// Flattening f = (a − b)/a; 0 is a sphere, negative a prolate ellipsoid.
    public let flattening: Double
    /// GeographicLib's ellipsoid, with its series coefficients precomputed.
    @usableFromInline let ellipsoid: Ellipsoid

    /// An ellipsoid of revolution.
    /// - Parameters:
    ///   - equatorialRadius: a, in metres; positive and finite.
    ///   - flattening: f; finite and below 1. Karney's series are accurate for |f| ≤ 0.01, which
    ///     covers every planet; beyond that the error grows.
    /// - Throws: ``GeodesyError/invalidRadius(_:)`` or ``GeodesyError/invalidFlattening(_:)``.
    public init(equatorialRadius: Double, flattening: Double) throws(GeodesyError) {
        guard equatorialRadius.isFinite, equatorialRadius > 0 else { throw .invalidRadius(equatorialRadius) }
        guard flattening.isFinite, flattening < 1 else { throw .invalidFlattening(flattening) }
        self.init(checkedEquatorialRadius: equatorialRadius, flattening: flattening)
    }

    private init(checkedEquatorialRadius a: Double, flattening f: Double) {
        equatorialRadius = a
        flattening = f
        ellipsoid = Ellipsoid(equatorialRadius: a, flattening: f)
    }

    // MARK: Inverse problem

    /// The shortest geodesic from `start` to `end`: its length and its azimuth at both ends.
    ///
    /// When the points coincide, are at opposite poles, or lie on opposite sides of the equator at
    /// mirrored latitudes with more than one shortest path, the azimuths are one valid choice
    /// (Karney's). At a pole, the azimuth is the limit along the coordinate's meridian.
    /// - Returns: distance in metres; azimuths in degrees in [−180, 180] (and as bearings in
    ///   [0, 360)).
    /// - Complexity: O(1), no allocation; one call to GeographicLib's inverse solver.
    @inlinable
    public func inverse(from start: Coordinate, to end: Coordinate) -> GeodesicInverse {
        inverse(latitude1: start.latitude, longitude1: start.longitude, latitude2: end.latitude, longitude2: end.longitude)
    }

    /// ``inverse(from:to:)`` on raw degrees, for hot loops that have already validated their input.
    ///
    /// - Parameters:
    ///   - latitude1: the start's latitude, degrees in [−90, 90]. Outside that range, or NaN,
    ///     every field of the result is NaN.
    ///   - longitude1: the start's longitude, degrees, any finite value.
    ///   - latitude2: the end's latitude, degrees in [−90, 90], as `latitude1`.
    ///   - longitude2: the end's longitude, degrees, any finite value.
    /// - Complexity: O(1), no allocation; one call to GeographicLib's inverse solver.
    @inlinable
    public func inverse(
        latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double
    ) -> GeodesicInverse {
        var s12 = Double.nan
        var azi1 = Double.nan
        var azi2 = Double.nan
        lodestar_geodesic_inverse(ellipsoid.solver, latitude1, longitude1, latitude2, longitude2, &s12, &azi1, &azi2)
        return GeodesicInverse(distance: s12, initialAzimuth: azi1, finalAzimuth: azi2)
    }

    // MARK: Direct problem

    /// Where the geodesic that leaves `start` with the given azimuth ends after `distance` metres,
    /// and its azimuth there.
    ///
    /// - Parameters:
    ///   - start: the starting point. At a pole the azimuth is taken along the start's meridian.
    ///   - azimuth: degrees clockwise from true north; any finite value.
    ///   - distance: metres along the ellipsoid; any finite value (negative goes backwards).
    /// - Returns: the end point (latitude in [−90, 90], longitude in [−180, 180)) and the final
    ///   azimuth in [−180, 180] degrees.
    /// - Throws: ``GeodesyError/nonFiniteAzimuth(_:)`` or ``GeodesyError/nonFiniteDistance(_:)``.
    /// - Complexity: O(1), no allocation; one call to GeographicLib's direct solver.
    @inlinable
    public func direct(from start: Coordinate, azimuth: Double, distance: Double) throws(GeodesyError)
        -> GeodesicDirect
    {
        guard azimuth.isFinite else { throw .nonFiniteAzimuth(azimuth) }
        guard distance.isFinite else { throw .nonFiniteDistance(distance) }
        var lat2 = Double.nan
        var lon2 = Double.nan
        var azi2 = Double.nan
        lodestar_geodesic_direct(ellipsoid.solver, start.latitude, start.longitude, azimuth, distance, &lat2, &lon2, &azi2)
        return GeodesicDirect(
            coordinate: Coordinate(uncheckedLatitude: lat2, longitude: lon2), finalAzimuth: azi2)
    }

    /// The end point of ``direct(from:azimuth:distance:)``.
    /// - Parameters:
    ///   - start: the starting point.
    ///   - azimuth: degrees clockwise from true north; any finite value.
    ///   - distance: metres along the ellipsoid; any finite value.
    /// - Throws: ``GeodesyError/nonFiniteAzimuth(_:)`` or ``GeodesyError/nonFiniteDistance(_:)``.
    @inlinable
    public func destination(from start: Coordinate, azimuth: Double, distance: Double) throws(GeodesyError)
        -> Coordinate
    {
        try direct(from: start, azimuth: azimuth, distance: distance).coordinate
    }
}
