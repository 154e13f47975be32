#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A vector in the Earth-centred frame: an n-vector, the unit normal at a point (K. Gade, "A
/// non-singular horizontal position representation", J. Navigation 63(3), 2010), or a cross
/// product of two of them. The great circle (`Geodesy`) and the vehicle index (`RideBooking`)
/// work with it.
@usableFromInline
package struct NVector: Sendable, Equatable {
    @usableFromInline package var x: Double
    @usableFromInline package var y: Double
    @usableFromInline package var z: Double

    /// The n-vector of a point given in degrees (latitude −90...90), in a frame turned about the
    /// polar axis so that longitude `referenceLongitude` lies in the x–z plane (0: Greenwich).
    @inlinable
    package init(latitude: Double, longitude: Double, referenceLongitude: Double = 0) {
        let φ = latitude * .pi / 180
        let λ = (longitude - referenceLongitude) * .pi / 180
        let cosφ = cos(φ)
        x = cosφ * cos(λ)
        y = cosφ * sin(λ)
        z = sin(φ)
    }

    /// A vector from its components.
    @inlinable
    package init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// The component on axis 0 (x), 1 (y) or 2 (z).
    @inlinable
    package subscript(axis: Int) -> Double {
        switch axis {
        case 0: x
        case 1: y
        default: z
        }
    }

    /// The scalar product.
    @inlinable
    package func dot(_ o: NVector) -> Double { x * o.x + y * o.y + z * o.z }

    /// The vector product `self × o`.
    @inlinable
    package func cross(_ o: NVector) -> NVector {
        NVector(x: y * o.z - z * o.y, y: z * o.x - x * o.z, z: x * o.y - y * o.x)
    }

    /// The Euclidean length.
    @inlinable
    package var length: Double { (x * x + y * y + z * z).squareRoot() }

    /// The squared chord length to another vector.
    @inlinable
    package func chordSquared(_ o: NVector) -> Double {
        let dx = x - o.x
        let dy = y - o.y
        let dz = z - o.z
        return dx * dx + dy * dy + dz * dz
    }

    /// The chord of a central angle on the unit sphere, radians in [0, π] (larger angles count as π).
    @inlinable
    package static func chord(angle: Double) -> Double { 2 * sin(min(angle, .pi) / 2) }

    /// The central angle of a chord on the unit sphere, radians.
    @inlinable
    package static func angle(chord: Double) -> Double { 2 * asin(min(chord / 2, 1)) }
}
