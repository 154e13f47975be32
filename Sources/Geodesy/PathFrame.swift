import LodestarInternals

/// A great-circle path given by two points, as n-vectors in the start's meridian frame, with the
/// normal c = n₁ × n₂ of its plane.
struct PathFrame {
    /// |n₁ × n₂| = sin σ₁₂ below which the path's plane is taken as undefined: on the Earth,
    /// ends within about 6 µm of each other or of each other's antipode.
    static let minimumSine = 1e-12

    let start: NVector
    let normal: NVector
    private let referenceLongitude: Double

    /// `nil` when the ends coincide or are antipodal, to within ``minimumSine``.
    init?(start a: Coordinate, end b: Coordinate) {
        referenceLongitude = a.longitude
        start = NVector(latitude: a.latitude, longitude: a.longitude, referenceLongitude: a.longitude)
        let end = NVector(latitude: b.latitude, longitude: b.longitude, referenceLongitude: a.longitude)
        normal = start.cross(end)
        guard normal.length >= Self.minimumSine else { return nil }
    }

    /// The n-vector of `point` in this frame.
    func nVector(_ point: Coordinate) -> NVector {
        NVector(latitude: point.latitude, longitude: point.longitude, referenceLongitude: referenceLongitude)
    }
}
