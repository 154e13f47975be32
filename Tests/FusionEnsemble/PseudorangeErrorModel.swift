import Foundation
import GNSS
import LodestarInternals

/// The second error model, written apart from the first and of another structure: errors in the
/// range domain, solved into positions as a receiver does.
///
/// Each satellite has an elevation-dependent pseudorange error: white tracking noise, a slow
/// atmospheric Gauss–Markov error (τ 300 s) and, below 40°, a multipath Gauss–Markov error (τ 10–40 s)
/// growing toward the horizon. In a street canyon, satellites low across the street (within 50° of
/// the perpendicular to the direction of travel, below 45°) are blocked, so turns change the
/// geometry and the fix jumps. The receiver solves weighted least squares with its own elevation
/// model; its GST is that solution's covariance, its HDOP the geometry's. The Doppler velocity comes
/// from pseudorange-rate errors solved through the same geometry. Fewer than five satellites: no fix.
package struct PseudorangeErrorModel: ReceiverErrorModel {
    /// The sky: open (no canyon) or urban (canyon blocking and more multipath).
    package enum Sky: String, CaseIterable, Sendable {
        case open = "open sky"
        case urban = "urban canyon"
    }

    struct Satellite {
        var azimuth: Double, elevation: Double  // radians
        var atmosphere: GaussMarkov
        var multipath: GaussMarkov
    }

    let sky: Sky
    let statement: Statement
    private var satellites: [Satellite] = []

    package init(_ sky: Sky, statement: Statement, rng: inout SplitMix64) {
        self.sky = sky
        self.statement = statement
        let count = 9 + Int(rng.next() % 6)
        for _ in 0..<count {
            let elevation = asin(sin(5 * .pi / 180) + (1 - sin(5 * .pi / 180)) * rng.nextUnit())
            let low = max(0, (40 * .pi / 180 - elevation) / (35 * .pi / 180))
            let multipath = (sky == .urban ? 4.0 : 1.5) * low
            satellites.append(
                Satellite(
                    azimuth: 2 * .pi * rng.nextUnit(), elevation: elevation,
                    atmosphere: GaussMarkov(sigma: 0.7 / sin(elevation).squareRoot(), tau: 300, rng: &rng),
                    multipath: GaussMarkov(sigma: max(multipath, 0.01), tau: 10 + 30 * rng.nextUnit(), rng: &rng)))
        }
    }

    /// The receiver's own one-sigma pseudorange model at elevation `e` (radians), metres.
    static func modelSigma(_ e: Double) -> Double { 0.8 + 1.2 / sin(e) }

    package mutating func next(_ truth: TruthEpoch, dt: Double, heading: Double, rng: inout SplitMix64) -> ReceiverEpoch {
        // Normal equations of the weighted solution (east, north, up, clock) and of the geometry.
        var n = [Double](repeating: 0, count: 16)
        var g = [Double](repeating: 0, count: 16)
        var rows: [(h: (Double, Double, Double, Double), w: Double, range: Double, rate: Double)] = []
        for i in satellites.indices {
            satellites[i].azimuth += dt * 0.00007  // the sky turns slowly
            let s = satellites[i]
            let range = satellites[i].atmosphere.step(dt, rng: &rng)
            let multipath = satellites[i].multipath.step(dt, rng: &rng)
            if sky == .urban {
                var across = abs(remainder(s.azimuth - heading, .pi))  // 0 along the street
                across = abs(across - .pi / 2)  // 0 across it
                if across < 50 * .pi / 180, s.elevation < 45 * .pi / 180 { continue }
            }
            let ce = cos(s.elevation)
            let h = (-ce * sin(s.azimuth), -ce * cos(s.azimuth), -sin(s.elevation), 1.0)
            let sigma = Self.modelSigma(s.elevation)
            let error = range + multipath + rng.gaussian(sigma: 0.3 / sin(s.elevation))
            let rate = rng.gaussian(sigma: 0.04 / sin(s.elevation).squareRoot()) + multipath * 0.002
            rows.append((h, 1 / (sigma * sigma), error, rate))
        }
        var r = ReceiverEpoch()
        r.satellites = rows.count
        guard rows.count >= 5 else {
            r.hasFix = false
            return r
        }
        for row in rows {
            let h = [row.h.0, row.h.1, row.h.2, row.h.3]
            for a in 0..<4 {
                for b in 0..<4 {
                    n[a * 4 + b] += row.w * h[a] * h[b]
                    g[a * 4 + b] += h[a] * h[b]
                }
            }
        }
        // GNSS's own 4 × 4 inverse (the one behind its DOPs): the solver is shared, the error model is not.
        guard let cov = Self.inverse(n), let geometry = Self.inverse(g) else {
            r.hasFix = false
            return r
        }
        // The error of the solution: (HᵀWH)⁻¹ HᵀW ε, for the ranges and for the range rates.
        var dx = [0.0, 0.0, 0.0, 0.0]
        var dv = [0.0, 0.0, 0.0, 0.0]
        for row in rows {
            let h = [row.h.0, row.h.1, row.h.2, row.h.3]
            for a in 0..<4 {
                var k = 0.0
                for b in 0..<4 { k += cov[a * 4 + b] * h[b] }
                dx[a] += k * row.w * row.range
                dv[a] += k * row.w * row.rate
            }
        }
        r.east = dx[0]
        r.north = dx[1]
        r.velocityEast = dv[0]
        r.velocityNorth = dv[1]
        r.hdop = (geometry[0] + geometry[5]).squareRoot()
        let uere = 3.0
        r.errors = statement.errors(east: cov[0].squareRoot(), north: cov[5].squareRoot(), hdopRadius: r.hdop * uere)
        return r
    }

    /// `SatelliteGeometry.inverse` on an array of 16 (row-major); nil when singular.
    static func inverse(_ m: [Double]) -> [Double]? {
        let matrix = InlineArray<16, Double> { m[$0] }
        guard let inv = SatelliteGeometry.inverse(matrix) else { return nil }
        return (0..<16).map { inv[$0] }
    }
}
