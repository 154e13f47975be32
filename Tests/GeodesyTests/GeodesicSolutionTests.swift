import Foundation
import Geodesy
import Testing

/// `Geodesic.solution`: GeodSolve -f's quantities (GeographicLib's GenInverse and GenDirect).
/// Azimuths and lengths are checked against GeographicLib's reference vectors; the reduced length,
/// the geodesic scales and the area have no reference column, so they are checked against what
/// they mean: m12 against the sideways shift of the end point when azi1 turns, a sphere's closed
/// forms (m12 = R sin σ, M12 = M21 = cos σ, S12 from the spherical excess), and the symmetries of
/// reversing a geodesic (m21 = m12, M12 ⇄ M21, S21 = −S12).
@Suite("Geodesic full solutions (GeodSolve -f)")
struct GeodesicSolutionTests {
    @Test(
        "the random and medium rows: s12 and both azimuths as the reference; the direct solution returns to point 2 with the same m12, M12, M21, S12"
    )
    func referenceRows() throws {
        let table = try ReferenceTable(named: "geodesic-vectors.csv")
        var checked = 0
        for row in table.rows where (2...651).contains(row.line) {
            let start = try coordinate(row[0], row[1])
            let end = try coordinate(row[2], row[3])
            let s = Geodesic.wgs84.solution(from: start, to: end)
            #expect(abs(s.distance - row[4]) <= 1e-6, "line \(row.line)")
            let tolerance = 1e-8 + Angle.degrees(1e-8 / row[4])
            #expect(angularError(s.initialAzimuth, row[5]) <= tolerance, "line \(row.line)")
            #expect(angularError(s.finalAzimuth, row[6]) <= tolerance, "line \(row.line)")
            #expect(abs(s.arcLength) <= 180)
            #expect(s.geodesicScale12 <= 1 + 1e-12 && s.geodesicScale21 <= 1 + 1e-12)

            let d = try Geodesic.wgs84.solution(from: start, azimuth: s.initialAzimuth, distance: s.distance)
            #expect(abs(d.end.latitude - row[2]) <= 1e-9, "line \(row.line)")
            #expect(angularError(d.end.longitude, row[3]) <= 1e-9, "line \(row.line)")
            #expect(abs(d.reducedLength - s.reducedLength) <= 1e-6, "line \(row.line)")
            #expect(abs(d.geodesicScale12 - s.geodesicScale12) <= 1e-12 && abs(d.geodesicScale21 - s.geodesicScale21) <= 1e-12)
            #expect(abs(d.area - s.area) <= 1e-3 * max(1, abs(s.area) * 1e-9) + 1, "line \(row.line): S12 \(d.area) vs \(s.area)")

            let back = Geodesic.wgs84.solution(from: end, to: start)
            #expect(abs(back.reducedLength - s.reducedLength) <= 1e-6, "line \(row.line): m21 = m12")
            #expect(
                abs(back.geodesicScale12 - s.geodesicScale21) <= 1e-12 && abs(back.geodesicScale21 - s.geodesicScale12) <= 1e-12)
            #expect(abs(back.area + s.area) <= 1 + abs(s.area) * 1e-12, "line \(row.line): S21 = -S12")
            checked += 1
        }
        #expect(checked == 650)
    }

    @Test("m12 is the sideways shift of point 2 per radian of azi1 (finite difference of ±1e-4°, 1e-6 relative)")
    func reducedLengthMeaning() throws {
        let table = try ReferenceTable(named: "geodesic-vectors.csv")
        for row in table.rows where (602...651).contains(row.line) {
            let start = try coordinate(row[0], row[1])
            let s = Geodesic.wgs84.solution(from: start, to: try coordinate(row[2], row[3]))
            let delta = 1e-4  // degrees
            let left = try Geodesic.wgs84.direct(from: start, azimuth: s.initialAzimuth - delta, distance: s.distance).coordinate
            let right = try Geodesic.wgs84.direct(from: start, azimuth: s.initialAzimuth + delta, distance: s.distance).coordinate
            let shift = Geodesic.wgs84.inverse(from: left, to: right).distance
            let expected = abs(s.reducedLength) * Angle.radians(2 * delta)
            #expect(abs(shift - expected) <= 1e-6 * expected + 1e-9, "line \(row.line): shift \(shift) vs m12·2δ \(expected)")
        }
    }

    @Test("on a sphere: m12 = R sin σ, M12 = M21 = cos σ, S12 = R² × the spherical excess")
    func sphereClosedForms() throws {
        let radius = 6_371_008.8
        let sphere = try Geodesic(equatorialRadius: radius, flattening: 0)
        let points: [(Double, Double, Double, Double)] = [
            (10, 20, 40, 80), (-33.9, 151.2, 51.5, -0.1), (0, 0, 0, 90), (60, -170, 62, 170), (-80, 10, 5, 100),
        ]
        for (lat1, lon1, lat2, lon2) in points {
            let s = sphere.solution(from: try coordinate(lat1, lon1), to: try coordinate(lat2, lon2))
            let sigma = s.distance / radius
            #expect(abs(s.reducedLength - radius * sin(sigma)) <= 1e-6)
            #expect(abs(s.geodesicScale12 - cos(sigma)) <= 1e-12 && abs(s.geodesicScale21 - cos(sigma)) <= 1e-12)
            #expect(abs(s.arcLength - Angle.degrees(sigma)) <= 1e-12)
            // tan(E/2) = tan(Δλ/2) (tan(φ1/2) + tan(φ2/2)) / (1 + tan(φ1/2) tan(φ2/2)).
            let dl = Angle.radians(lon2 - lon1).remainder(dividingBy: 2 * .pi)
            let t1 = tan(Angle.radians(lat1) / 2)
            let t2 = tan(Angle.radians(lat2) / 2)
            let excess = 2 * atan2(tan(dl / 2) * (t1 + t2), 1 + t1 * t2)
            #expect(
                abs(s.area - radius * radius * excess) <= 1e-6 * abs(radius * radius * excess) + 1,
                "S12 \(s.area) vs \(radius * radius * excess)")
        }
    }
}
