/// The solution of the inverse geodesic problem: the length of the shortest path on the ellipsoid
/// between two points and its direction at each end. Made by ``Geodesic/inverse(from:to:)``.
///
/// Azimuths are given as Karney's algorithm gives them, in [−180, 180]; the bearings are the same
/// directions in [0, 360).
public struct GeodesicInverse: Sendable, Equatable {
    /// Length of the geodesic, in metres, ≥ 0.
    public var distance: Double
    /// Azimuth at the start, in degrees clockwise from true north, in [−180, 180].
    public var initialAzimuth: Double
    /// Azimuth at the end: the direction of travel on arrival (not the bearing back to the start),
    /// in degrees clockwise from true north, in [−180, 180].
    public var finalAzimuth: Double

    /// Makes a solution from its parts.
    /// - Parameters:
    ///   - distance: metres.
    ///   - initialAzimuth: degrees in [−180, 180].
    ///   - finalAzimuth: degrees in [−180, 180].
    @inlinable
    public init(distance: Double, initialAzimuth: Double, finalAzimuth: Double) {
        self.distance = distance
        self.initialAzimuth = initialAzimuth
        self.finalAzimuth = finalAzimuth
    }

    /// ``initialAzimuth`` as a bearing in degrees, in [0, 360).
    @inlinable public var initialBearing: Double { Angle.normalizedBearing(initialAzimuth) }

    /// ``finalAzimuth`` as a bearing in degrees, in [0, 360).
    @inlinable public var finalBearing: Double { Angle.normalizedBearing(finalAzimuth) }
}
