import Foundation
import Geodesy

/// The unit normal to the WGS84 ellipsoid at a geodetic coordinate (Gade's n-vector, 2010), the
/// space the vehicle index searches in: the angle between two normals bounds the ellipsoidal
/// distance between the points (see ``VehicleIndex``).
@usableFromInline
struct UnitVector: Sendable, Equatable {
    @usableFromInline var x: Double
    @usableFromInline var y: Double
    @usableFromInline var z: Double

    @usableFromInline
    init(_ c: Coordinate) {
        let lat = c.latitude * .pi / 180, lon = c.longitude * .pi / 180
        let cosLat = cos(lat)
        x = cosLat * cos(lon)
        y = cosLat * sin(lon)
        z = sin(lat)
    }

    @inlinable
    subscript(axis: Int) -> Double {
        switch axis {
        case 0: x
        case 1: y
        default: z
        }
    }

    /// Squared chord length to another unit vector.
    @inlinable
    func chordSquared(_ o: UnitVector) -> Double {
        let dx = x - o.x, dy = y - o.y, dz = z - o.z
        return dx * dx + dy * dy + dz * dz
    }

    /// The chord of a central angle, radians in [0, π].
    @inlinable
    static func chord(angle: Double) -> Double { 2 * sin(min(angle, .pi) / 2) }

    /// The central angle of a chord, radians.
    @inlinable
    static func angle(chord: Double) -> Double { 2 * asin(min(chord / 2, 1)) }
}
