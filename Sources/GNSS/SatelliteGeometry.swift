import Foundation

/// Dilutions of precision computed from the geometry of the satellites used, as gpsd 3.22's
/// `fill_dop` does: a row (sin az cos el, cos az cos el, sin el, 1) per used satellite with an
/// elevation in [-90, 90] and an azimuth in [0, 359], Q = (HᵀH)⁻¹, and each DOP the square root
/// of a sum of Q's diagonal terms (x, y, v, t; h = x + y, p = x + y + v, g = all four).
/// Dimensionless; nil with fewer than 4 such satellites or a singular geometry.
public struct SatelliteGeometry: Sendable, Equatable {
    public var xdop: Double
    public var ydop: Double
    public var vdop: Double
    public var tdop: Double
    public var hdop: Double
    public var pdop: Double
    public var gdop: Double

    /// The DOPs of `satellites`' used members; nil as said above.
    public init?(_ satellites: [SatelliteInView]) {
        var rows: [(Double, Double, Double, Double)] = []
        for s in satellites where s.used && s.gpsdNumber.prn > 0 {
            guard let el = s.elevation, let az = s.azimuth, abs(el) <= 90, (0...359).contains(az) else { continue }
            let e = el * .pi / 180, a = az * .pi / 180
            rows.append((sin(a) * cos(e), cos(a) * cos(e), sin(e), 1))
        }
        guard rows.count >= 4 else { return nil }
        var m = [[Double]](repeating: [Double](repeating: 0, count: 4), count: 4)
        for r in rows {
            let v = [r.0, r.1, r.2, r.3]
            for i in 0..<4 { for j in 0..<4 { m[i][j] += v[i] * v[j] } }
        }
        guard let q = SatelliteGeometry.inverse(m) else { return nil }
        let d = (0..<4).map { q[$0][$0] }
        guard d.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return nil }
        xdop = d[0].squareRoot()
        ydop = d[1].squareRoot()
        vdop = d[2].squareRoot()
        tdop = d[3].squareRoot()
        hdop = (d[0] + d[1]).squareRoot()
        pdop = (d[0] + d[1] + d[2]).squareRoot()
        gdop = (d[0] + d[1] + d[2] + d[3]).squareRoot()
    }

    /// The inverse of a 4×4 matrix by Gauss–Jordan elimination with partial pivoting; nil when
    /// it is singular.
    static func inverse(_ matrix: [[Double]]) -> [[Double]]? {
        var a = matrix
        var inv = (0..<4).map { i in (0..<4).map { j in i == j ? 1.0 : 0.0 } }
        for col in 0..<4 {
            var pivot = col
            for r in col..<4 where abs(a[r][col]) > abs(a[pivot][col]) { pivot = r }
            guard abs(a[pivot][col]) > 1e-12 else { return nil }
            a.swapAt(col, pivot)
            inv.swapAt(col, pivot)
            let p = a[col][col]
            for j in 0..<4 {
                a[col][j] /= p
                inv[col][j] /= p
            }
            for r in 0..<4 where r != col {
                let f = a[r][col]
                guard f != 0 else { continue }
                for j in 0..<4 {
                    a[r][j] -= f * a[col][j]
                    inv[r][j] -= f * inv[col][j]
                }
            }
        }
        return inv
    }
}
