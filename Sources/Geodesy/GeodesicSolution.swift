/// Everything Karney's algorithms know about one geodesic from point 1 to point 2, as
/// GeographicLib's `GeodSolve -f` prints it: both ends, both azimuths, the length and arc length,
/// the reduced length, the two geodesic scales and the area under the geodesic. Made by
/// ``Geodesic/solution(from:to:)`` (inverse) and ``Geodesic/solution(from:azimuth:distance:)``
/// (direct).
public struct GeodesicSolution: Sendable, Equatable {
    /// Point 1 (latitude in [−90, 90], longitude in [−180, 180)).
    public var start: Coordinate
    /// Azimuth at point 1, degrees clockwise from north, in [−180, 180].
    public var initialAzimuth: Double
    /// Point 2 (latitude in [−90, 90], longitude in [−180, 180)).
    public var end: Coordinate
    /// Azimuth at point 2 (the direction of travel on arrival), degrees, in [−180, 180].
    public var finalAzimuth: Double
    /// Length s12 from point 1 to point 2, metres (negative when a direct problem goes backwards).
    public var distance: Double
    /// Arc length a12 on the auxiliary sphere, degrees.
    public var arcLength: Double
    /// Reduced length m12, metres: how far point 2 moves sideways per radian of change of the
    /// azimuth at point 1 (for a sphere of radius R, R·sin(s12/R)).
    public var reducedLength: Double
    /// Geodesic scale M12 of point 2 relative to point 1 (dimensionless, at most 1 on WGS84).
    public var geodesicScale12: Double
    /// Geodesic scale M21 of point 1 relative to point 2 (dimensionless).
    public var geodesicScale21: Double
    /// Area S12 between the geodesic and the equator, square metres: the area of the
    /// quadrilateral (lat1, lon1), (0, lon1), (0, lon2), (lat2, lon2), counter-clockwise positive.
    public var area: Double

    /// Makes a solution from its parts (units as the properties say).
    public init(
        start: Coordinate, initialAzimuth: Double, end: Coordinate, finalAzimuth: Double, distance: Double,
        arcLength: Double, reducedLength: Double, geodesicScale12: Double, geodesicScale21: Double, area: Double
    ) {
        self.start = start
        self.initialAzimuth = initialAzimuth
        self.end = end
        self.finalAzimuth = finalAzimuth
        self.distance = distance
        self.arcLength = arcLength
        self.reducedLength = reducedLength
        self.geodesicScale12 = geodesicScale12
        self.geodesicScale21 = geodesicScale21
        self.area = area
    }
}
