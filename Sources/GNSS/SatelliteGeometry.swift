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

    /// The DOPs of `satellites`' used members; nil as said above. No allocation: the rows are
    /// summed into HᵀH as they are made, and the 4×4 matrices are inline.
    public init?(_ satellites: [SatelliteInView]) {
        var m = InlineArray<16, Double>(repeating: 0)
        var rows = 0
        let degrees = WholeDegrees.table
        Self.forEachRow(satellites) { el, az in
            let (sinE, cosE) = degrees.sineAndCosine(el)
            let (sinA, cosA) = degrees.sineAndCosine(az)
            let v: InlineArray<4, Double> = [sinA * cosE, cosA * cosE, sinE, 1]
            for i in 0..<4 { for j in 0..<4 { m[i * 4 + j] += v[i] * v[j] } }
            rows += 1
        }
        guard rows >= 4, let q = SatelliteGeometry.inverse(m) else { return nil }
        let d: InlineArray<4, Double> = [q[0], q[5], q[10], q[15]]
        for i in 0..<4 { guard d[i] >= 0 && d[i].isFinite else { return nil } }
        xdop = d[0].squareRoot()
        ydop = d[1].squareRoot()
        vdop = d[2].squareRoot()
        tdop = d[3].squareRoot()
        hdop = (d[0] + d[1]).squareRoot()
        pdop = (d[0] + d[1] + d[2]).squareRoot()
        gdop = (d[0] + d[1] + d[2] + d[3]).squareRoot()
    }

    /// Calls `body` with the elevation and azimuth (degrees) of each satellite that gives a row of
    /// H: used, numbered by gpsd, elevation in [-90, 90], azimuth in [0, 359].
    @inline(__always)
    private static func forEachRow(_ satellites: [SatelliteInView], _ body: (Double, Double) -> Void) {
        for s in satellites where s.used && s.gpsdNumber.prn > 0 {
            guard let el = s.elevation, let az = s.azimuth, abs(el) <= 90, (0...359).contains(az) else { continue }
            body(el, az)
        }
    }

    /// The inverse of a 4×4 matrix (row-major) by Gauss–Jordan elimination with partial
    /// pivoting; nil when it is singular.
    package static func inverse(_ matrix: InlineArray<16, Double>) -> InlineArray<16, Double>? {
        var a = matrix
        var inv = InlineArray<16, Double> { $0 % 5 == 0 ? 1.0 : 0.0 }
        for col in 0..<4 {
            var pivot = col
            for r in col..<4 where abs(a[r * 4 + col]) > abs(a[pivot * 4 + col]) { pivot = r }
            guard abs(a[pivot * 4 + col]) > 1e-12 else { return nil }
            if pivot != col {
                for j in 0..<4 {
                    a.swapAt(col * 4 + j, pivot * 4 + j)
                    inv.swapAt(col * 4 + j, pivot * 4 + j)
                }
            }
            let p = a[col * 4 + col]
            for j in 0..<4 {
                a[col * 4 + j] /= p
                inv[col * 4 + j] /= p
            }
            for r in 0..<4 where r != col {
                let f = a[r * 4 + col]
                guard f != 0 else { continue }
                for j in 0..<4 {
                    a[r * 4 + j] -= f * a[col * 4 + j]
                    inv[r * 4 + j] -= f * inv[col * 4 + j]
                }
            }
        }
        return inv
    }
}

/// Sine and cosine of angles in degrees, read from a table when the angle is a whole number of
/// degrees (as NMEA's GSV sends elevations and azimuths): four libm calls per satellite were a
/// tenth of `replay --json`'s cost. The table holds `sin(d * .pi / 180)` and `cos(d * .pi / 180)`,
/// the very expressions computed otherwise, so the results are the same bits either way. Read
/// ``table`` once per use, not once per angle: each read of a lazy global is a call.
private struct WholeDegrees {
    /// Whole degrees −90...359, the elevations' and the azimuths' ranges.
    static let first = -90
    static let table = WholeDegrees()

    let sines: [Double] = (first...359).map { sin(Double($0) * .pi / 180) }
    let cosines: [Double] = (first...359).map { cos(Double($0) * .pi / 180) }

    /// sin and cos of `degrees`, any finite value; whole values in −90...359 come from the table.
    func sineAndCosine(_ degrees: Double) -> (Double, Double) {
        // In range, the conversion is exact for whole values (and cheaper than rounding).
        if degrees >= Double(Self.first), degrees <= 359, case let whole = Int(degrees), Double(whole) == degrees {
            let i = whole - Self.first
            return (sines[i], cosines[i])
        }
        let radians = degrees * .pi / 180
        return (sin(radians), cos(radians))
    }
}
