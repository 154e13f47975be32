/// The solution of the direct problem on a sphere: where a great-circle journey of a given length
/// and initial bearing ends, and which way it is heading there. Made by
/// ``GreatCircle/direct(from:bearing:distance:)``.
public struct GreatCircleDirect: Sendable, Equatable {
    /// The end point; latitude in [-90, 90] and longitude in [-180, 180) degrees.
    public var coordinate: Coordinate
    /// Direction of travel on arrival, in degrees clockwise from true north, in [0, 360).
    public var finalBearing: Double

    /// Makes a solution from its parts.
    /// - Parameters:
    ///   - coordinate: the end point.
    ///   - finalBearing: degrees in [0, 360).
    @inlinable
    public init(coordinate: Coordinate, finalBearing: Double) {
        self.coordinate = coordinate
        self.finalBearing = finalBearing
    }
}
