/// The solution of the inverse problem on a sphere: how far apart two points are and which way
/// the shorter great-circle arc between them runs. Made by ``GreatCircle/inverse(from:to:)``.
public struct GreatCircleInverse: Sendable, Equatable {
    /// Length of the shorter great-circle arc, in metres, in [0, π·radius].
    public var distance: Double
    /// Direction of travel at the start, in degrees clockwise from true north, in [0, 360).
    public var initialBearing: Double
    /// Direction of travel on arrival at the end (not the bearing back to the start), in degrees
    /// clockwise from true north, in [0, 360).
    public var finalBearing: Double

    /// Makes a solution from its parts.
    /// - Parameters:
    ///   - distance: metres.
    ///   - initialBearing: degrees in [0, 360).
    ///   - finalBearing: degrees in [0, 360).
    @inlinable
    public init(distance: Double, initialBearing: Double, finalBearing: Double) {
        self.distance = distance
        self.initialBearing = initialBearing
        self.finalBearing = finalBearing
    }
}
