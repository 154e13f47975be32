/// A 3-vector, stored inline (no allocation).
struct Vector3: Sendable {
    var a: Double, b: Double, c: Double

    static func + (l: Vector3, r: Vector3) -> Vector3 { Vector3(a: l.a + r.a, b: l.b + r.b, c: l.c + r.c) }
    static func - (l: Vector3, r: Vector3) -> Vector3 { Vector3(a: l.a - r.a, b: l.b - r.b, c: l.c - r.c) }
}

/// A 3 × 3 matrix, row-major, stored inline: the smoother's arithmetic on one axis's (p, v, b).
struct Matrix3: Sendable {
    var m00: Double, m01: Double, m02: Double
    var m10: Double, m11: Double, m12: Double
    var m20: Double, m21: Double, m22: Double

    /// The symmetric matrix of the six distinct entries of a covariance.
    init(pp: Double, pv: Double, pb: Double, vv: Double, vb: Double, bb: Double) {
        (m00, m01, m02) = (pp, pv, pb)
        (m10, m11, m12) = (pv, vv, vb)
        (m20, m21, m22) = (pb, vb, bb)
    }

    init(_ r0: (Double, Double, Double), _ r1: (Double, Double, Double), _ r2: (Double, Double, Double)) {
        (m00, m01, m02) = r0
        (m10, m11, m12) = r1
        (m20, m21, m22) = r2
    }

    /// The fusion filter's transition over `dt` seconds with the correlated error's `phi`.
    static func transition(dt: Double, phi: Double) -> Matrix3 {
        Matrix3((1, dt, 0), (0, 1, 0), (0, 0, phi))
    }

    var transposed: Matrix3 { Matrix3((m00, m10, m20), (m01, m11, m21), (m02, m12, m22)) }

    static func * (l: Matrix3, r: Matrix3) -> Matrix3 {
        Matrix3(
            (
                l.m00 * r.m00 + l.m01 * r.m10 + l.m02 * r.m20, l.m00 * r.m01 + l.m01 * r.m11 + l.m02 * r.m21,
                l.m00 * r.m02 + l.m01 * r.m12 + l.m02 * r.m22
            ),
            (
                l.m10 * r.m00 + l.m11 * r.m10 + l.m12 * r.m20, l.m10 * r.m01 + l.m11 * r.m11 + l.m12 * r.m21,
                l.m10 * r.m02 + l.m11 * r.m12 + l.m12 * r.m22
            ),
            (
                l.m20 * r.m00 + l.m21 * r.m10 + l.m22 * r.m20, l.m20 * r.m01 + l.m21 * r.m11 + l.m22 * r.m21,
                l.m20 * r.m02 + l.m21 * r.m12 + l.m22 * r.m22
            ))
    }

    static func * (l: Matrix3, v: Vector3) -> Vector3 {
        Vector3(
            a: l.m00 * v.a + l.m01 * v.b + l.m02 * v.c, b: l.m10 * v.a + l.m11 * v.b + l.m12 * v.c,
            c: l.m20 * v.a + l.m21 * v.b + l.m22 * v.c)
    }

    static func + (l: Matrix3, r: Matrix3) -> Matrix3 {
        Matrix3(
            (l.m00 + r.m00, l.m01 + r.m01, l.m02 + r.m02), (l.m10 + r.m10, l.m11 + r.m11, l.m12 + r.m12),
            (l.m20 + r.m20, l.m21 + r.m21, l.m22 + r.m22))
    }

    static func - (l: Matrix3, r: Matrix3) -> Matrix3 {
        Matrix3(
            (l.m00 - r.m00, l.m01 - r.m01, l.m02 - r.m02), (l.m10 - r.m10, l.m11 - r.m11, l.m12 - r.m12),
            (l.m20 - r.m20, l.m21 - r.m21, l.m22 - r.m22))
    }

    /// The inverse by the adjugate; nil when the determinant is not safely away from zero.
    var inverse: Matrix3? {
        let c00 = m11 * m22 - m12 * m21
        let c01 = m12 * m20 - m10 * m22
        let c02 = m10 * m21 - m11 * m20
        let det = m00 * c00 + m01 * c01 + m02 * c02
        guard det.isFinite, abs(det) > 1e-300 else { return nil }
        let s = 1 / det
        return Matrix3(
            (c00 * s, (m02 * m21 - m01 * m22) * s, (m01 * m12 - m02 * m11) * s),
            (c01 * s, (m00 * m22 - m02 * m20) * s, (m02 * m10 - m00 * m12) * s),
            (c02 * s, (m01 * m20 - m00 * m21) * s, (m00 * m11 - m01 * m10) * s))
    }
}
