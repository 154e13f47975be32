/// The solution of the direct geodesic problem: where a geodesic of given start, azimuth and
/// length ends, and its direction there. Made by ``Geodesic/direct(from:azimuth:distance:)``.
public struct GeodesicDirect: Sendable, Equatable {
    /// The end point; latitude in [−90, 90] and longitude in [−180, 180) degrees.
    public var coordinate: Coordinate
    /// Azimuth at the end (direction of travel on arrival), in degrees clockwise from true north,
    /// in [−180, 180].
    public var finalAzimuth: Double

    /// Makes a solution from its parts.
    /// - Parameters:
    ///   - coordinate: the end point.
    ///   - finalAzimuth: degrees in [−180, 180].
    @inlinable
    public init(coordinate: Coordinate, finalAzimuth: Double) {
        self.coordinate = coordinate
        self.finalAzimuth = finalAzimuth
    }

    /// ``finalAzimuth`` as a bearing in degrees, in [0, 360).
    @inlinable public var finalBearing: Double { Angle.normalizedBearing(finalAzimuth) }
}
