import Foundation

/// A vector in the Earth-centred frame: an n-vector (the unit normal to the sphere at a point,
/// K. Gade, J. Navigation 63(3), 2010) or a cross product of two of them.
struct NVector {
    var x: Double
    var y: Double
    var z: Double

    /// The n-vector of a point, in a frame turned about the polar axis so that longitude
    /// `referenceLongitude` lies in the x–z plane. Angles in degrees.
    init(latitude: Double, longitude: Double, referenceLongitude: Double) {
        let φ = Angle.radians(latitude), λ = Angle.radians(longitude - referenceLongitude)
        let cosφ = cos(φ)
        x = cosφ * cos(λ)
        y = cosφ * sin(λ)
        z = sin(φ)
    }

    init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    func dot(_ o: NVector) -> Double { x * o.x + y * o.y + z * o.z }

    func cross(_ o: NVector) -> NVector {
        NVector(x: y * o.z - z * o.y, y: z * o.x - x * o.z, z: x * o.y - y * o.x)
    }

    var length: Double { (x * x + y * y + z * z).squareRoot() }
}
