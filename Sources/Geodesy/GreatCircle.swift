import Foundation
import LodestarInternals

/// Navigation on a sphere: distance, initial and final bearing, midpoint, destination, and the
/// cross-track and along-track distances of a point from a great-circle path.
///
/// Every formula is a well-conditioned one. Distances come from `atan2(sin σ, cos σ)`, never from
/// `acos` (the spherical law of cosines loses 9 cm at 1 km) nor from the haversine (which loses a
/// centimetre near the antipode):
///
/// - Inverse: T. Vincenty, "Direct and inverse solutions of geodesics on the ellipsoid with
///   application of nested equations", Survey Review 23(176), 88–93 (1975), eqs. (14)–(16), (20)
///   and (21) with flattening f = 0, so that U = φ and λ = L. That is the n-vector form
///   σ = atan2(|n₁ × n₂|, n₁ · n₂) written in a frame whose x axis lies in the meridian of the start.
/// - Direct: Vincenty (1975) eqs. (8), (9) and (12) with f = 0; the latitude comes from `atan2`,
///   not `asin`, so it stays exact near the poles.
/// - Midpoint, cross-track and along-track: the n-vector method of K. Gade, "A non-singular
///   horizontal position representation", J. Navigation 63(3), 395–417 (2010).
///
/// Coordinates are read as spherical latitude and longitude. Angles are degrees at the API;
/// distances are metres along the surface of a sphere of ``radius``. All methods are pure, do not
/// allocate, and take constant time.
public struct GreatCircle: Sendable, Hashable {
    /// The Earth's mean radius in metres: the IUGG R₁ = (2a + b)/3 of WGS84 (6,371,008.7714 m)
    /// rounded to 0.1 m.
    public static let meanEarthRadius: Double = 6_371_008.8

    /// A sphere of radius ``meanEarthRadius``.
    public static let earth = GreatCircle()

    /// Radius of the sphere, in metres; positive and finite.
    public let radius: Double

    /// A sphere of radius ``meanEarthRadius`` (6,371,008.8 m).
    @inlinable
    public init() { radius = Self.meanEarthRadius }

    /// A sphere of the given radius.
    /// - Parameter radius: metres; positive and finite.
    /// - Throws: ``GeodesyError/invalidRadius(_:)`` otherwise.
    public init(radius: Double) throws(GeodesyError) {
        guard radius.isFinite, radius > 0 else { throw .invalidRadius(radius) }
        self.radius = radius
    }

    // MARK: Inverse problem

    /// Distance and initial and final bearings of the shorter great-circle arc from `start` to `end`.
    ///
    /// When the points coincide or are antipodal the bearings are not unique; a direction in
    /// [0, 360) is still returned.
    /// - Returns: distance in metres, in [0, π·``radius``]; bearings in degrees in [0, 360).
    /// - Complexity: O(1), no allocation.
    @inlinable
    public func inverse(from start: Coordinate, to end: Coordinate) -> GreatCircleInverse {
        let p = SphericalPair(start.latitude, start.longitude, end.latitude, end.longitude)
        return GreatCircleInverse(
            distance: radius * p.centralAngle,
            initialBearing: Self.bearing(radians: p.initialAzimuth),
            finalBearing: Self.bearing(radians: p.finalAzimuth))
    }

    /// ``inverse(from:to:)`` on raw degrees, for hot loops that have already validated their input.
    ///
    /// - Parameters:
    ///   - latitude1: the start's latitude, degrees in [-90, 90]. Outside that range (or NaN)
    ///     every field of the result is NaN.
    ///   - longitude1: the start's longitude, degrees, any finite value.
    ///   - latitude2: the end's latitude, degrees in [-90, 90], as `latitude1`.
    ///   - longitude2: the end's longitude, degrees, any finite value.
    /// - Complexity: O(1), no allocation.
    @inlinable
    public func inverse(
        latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double
    ) -> GreatCircleInverse {
        guard abs(latitude1) <= 90, abs(latitude2) <= 90 else {
            return GreatCircleInverse(distance: .nan, initialBearing: .nan, finalBearing: .nan)
        }
        let p = SphericalPair(latitude1, longitude1, latitude2, longitude2)
        return GreatCircleInverse(
            distance: radius * p.centralAngle,
            initialBearing: Self.bearing(radians: p.initialAzimuth),
            finalBearing: Self.bearing(radians: p.finalAzimuth))
    }

    /// Length of the shorter great-circle arc between two points, in metres, in [0, π·``radius``].
    /// - Complexity: O(1), no allocation.
    @inlinable
    public func distance(from start: Coordinate, to end: Coordinate) -> Double {
        radius * SphericalPair(start.latitude, start.longitude, end.latitude, end.longitude).centralAngle
    }

    /// Direction of travel at `start` on the shorter great-circle arc to `end`, in degrees
    /// clockwise from true north, in [0, 360).
    /// - Complexity: O(1), no allocation.
    @inlinable
    public func initialBearing(from start: Coordinate, to end: Coordinate) -> Double {
        Self.bearing(radians: SphericalPair(start.latitude, start.longitude, end.latitude, end.longitude).initialAzimuth)
    }

    /// Direction of travel on arrival at `end` on the shorter great-circle arc from `start`, in
    /// degrees clockwise from true north, in [0, 360). This is the bearing from `end` back to
    /// `start` plus 180°.
    /// - Complexity: O(1), no allocation.
    @inlinable
    public func finalBearing(from start: Coordinate, to end: Coordinate) -> Double {
        Self.bearing(radians: SphericalPair(start.latitude, start.longitude, end.latitude, end.longitude).finalAzimuth)
    }

    /// The point halfway along the shorter great-circle arc between two points.
    ///
    /// It is the normalised sum of the two n-vectors (Gade 2010). For antipodal points (within
    /// about 6 µm on the Earth) that sum vanishes and every point 90° from both is a midpoint; the
    /// one returned lies a quarter circle from `start` along the initial bearing of ``inverse(from:to:)``.
    /// - Returns: latitude in [-90, 90] and longitude in [-180, 180) degrees.
    public func midpoint(between start: Coordinate, and end: Coordinate) -> Coordinate {
        let p = SphericalPair(start.latitude, start.longitude, end.latitude, end.longitude)
        // n₁ + n₂ in the frame where the start's meridian is the x–z plane.
        let x = p.cosφ1 + p.cosφ2 * p.cosΔλ
        let y = p.cosφ2 * p.sinΔλ
        let z = p.sinφ1 + p.sinφ2
        let horizontal = (x * x + y * y).squareRoot()
        if horizontal * horizontal + z * z < 1e-24 {
            let θ = p.initialAzimuth
            return Self.travel(
                from: start, sinφ1: p.sinφ1, cosφ1: p.cosφ1, sinθ: sin(θ), cosθ: cos(θ), sinσ: 1, cosσ: 0
            ).coordinate
        }
        let latitude = Angle.degrees(atan2(z, horizontal))
        let longitude = start.longitude + Angle.degrees(atan2(y, x))
        return Coordinate(uncheckedLatitude: latitude, longitude: longitude)
    }

    // MARK: Direct problem

    /// Where a great-circle journey from `start` with the given initial bearing and length ends,
    /// and the direction of travel there.
    ///
    /// - Parameters:
    ///   - start: the starting point. At a pole the bearing is taken as the limit along the
    ///     start's meridian: from the north pole, bearing θ leads to longitude λ + 180° − θ.
    ///   - bearing: initial bearing in degrees clockwise from true north; any finite value.
    ///   - distance: metres along the surface; any finite value (negative goes backwards, and
    ///     journeys longer than half the circumference wrap round).
    /// - Returns: the end point (latitude in [-90, 90], longitude in [-180, 180)) and the final
    ///   bearing in [0, 360) degrees.
    /// - Throws: ``GeodesyError/nonFiniteAzimuth(_:)`` or ``GeodesyError/nonFiniteDistance(_:)``.
    /// - Complexity: O(1), no allocation.
    @inlinable
    public func direct(from start: Coordinate, bearing: Double, distance: Double) throws(GeodesyError)
        -> GreatCircleDirect
    {
        guard bearing.isFinite else { throw .nonFiniteAzimuth(bearing) }
        guard distance.isFinite else { throw .nonFiniteDistance(distance) }
        let φ1 = Angle.radians(start.latitude)
        let θ = Angle.radians(bearing)
        let σ = distance / radius
        return Self.travel(
            from: start, sinφ1: sin(φ1), cosφ1: cos(φ1), sinθ: sin(θ), cosθ: cos(θ), sinσ: sin(σ), cosσ: cos(σ))
    }

    /// The end point of ``direct(from:bearing:distance:)``.
    /// - Parameters:
    ///   - start: the starting point.
    ///   - bearing: initial bearing in degrees clockwise from true north; any finite value.
    ///   - distance: metres along the surface; any finite value.
    /// - Throws: ``GeodesyError/nonFiniteAzimuth(_:)`` or ``GeodesyError/nonFiniteDistance(_:)``.
    @inlinable
    public func destination(from start: Coordinate, bearing: Double, distance: Double) throws(GeodesyError)
        -> Coordinate
    {
        try direct(from: start, bearing: bearing, distance: distance).coordinate
    }

    // MARK: Distance from a path

    /// Signed distance from `point` to the great circle through `start` and `end`, in metres.
    ///
    /// Positive when the point lies to the right of the path travelled from `start` towards `end`,
    /// negative to the left; in [−π·``radius``/2, π·``radius``/2]. Computed as
    /// R·atan2(c · p, |c × p|) with c = n₁ × n₂, the normal of the path's plane (Gade 2010).
    /// - Returns: `nil` when the path does not define one great circle: `start` and `end` within
    ///   about 6 µm of each other, or of each other's antipode, on the Earth.
    public func crossTrackDistance(of point: Coordinate, from start: Coordinate, to end: Coordinate) -> Double? {
        guard let t = PathFrame(start: start, end: end) else { return nil }
        let p = t.nVector(point)
        let cDotP = t.normal.dot(p)
        let cCrossP = t.normal.cross(p).length
        return -radius * atan2(cDotP, cCrossP)
    }

    /// Signed distance from `start`, along the great circle through `start` and `end`, to the foot
    /// of the perpendicular from `point`, in metres.
    ///
    /// Positive in the direction of `end`, negative behind `start`; in (−π·``radius``, π·``radius``].
    /// Computed as R·atan2(p · (c × n₁)/|c|, p · n₁) with c = n₁ × n₂ (Gade 2010). For a point at a
    /// pole of the path (90° from it) every foot is equally near and the result is 0.
    /// - Returns: `nil` when the path does not define one great circle (see
    ///   ``crossTrackDistance(of:from:to:)``).
    public func alongTrackDistance(of point: Coordinate, from start: Coordinate, to end: Coordinate) -> Double? {
        guard let t = PathFrame(start: start, end: end) else { return nil }
        let p = t.nVector(point)
        // c × n₁ is the direction of travel at the start, scaled by |c| = sin σ₁₂.
        let ahead = t.normal.cross(t.start).dot(p) / t.normal.length
        return radius * atan2(ahead, t.start.dot(p))
    }

    // MARK: Helpers

    /// The end of a great-circle arc of central angle σ leaving `start` (latitude φ₁) with
    /// azimuth θ, given their sines and cosines; Vincenty (1975) eqs. (8), (9) and (12) with f = 0.
    @inlinable
    static func travel(
        from start: Coordinate, sinφ1: Double, cosφ1: Double, sinθ: Double, cosθ: Double, sinσ: Double, cosσ: Double
    ) -> GreatCircleDirect {
        // The end's n-vector n₁ cos σ + (north cos θ + east sin θ) sin σ, in the start's meridian frame.
        let x = cosφ1 * cosσ - sinφ1 * sinσ * cosθ
        let y = sinσ * sinθ
        let z = sinφ1 * cosσ + cosφ1 * sinσ * cosθ
        let latitude = Angle.degrees(atan2(z, (x * x + y * y).squareRoot()))  // Vincenty (8)
        let longitude = start.longitude + Angle.degrees(atan2(y, x))  // Vincenty (9)
        // Vincenty (12): tan α₂ = sin α / (cos U₁ cos σ cos α₁ − sin U₁ sin σ), sin α = cos U₁ sin α₁.
        let final = atan2(cosφ1 * sinθ, cosφ1 * cosσ * cosθ - sinφ1 * sinσ)
        return GreatCircleDirect(
            coordinate: Coordinate(uncheckedLatitude: latitude, longitude: longitude),
            finalBearing: bearing(radians: final))
    }

    /// A direction in radians from `atan2`, in [−π, π], as a bearing in degrees in [0, 360).
    @inlinable
    static func bearing(radians: Double) -> Double {
        let d = Angle.degrees(radians)
        if d < 0 {
            let r = d + 360
            return r < 360 ? r : 0
        }
        return d + 0  // turns -0.0 into 0.0
    }
}
