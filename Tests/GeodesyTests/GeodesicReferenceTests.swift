import Foundation
import Geodesy
import Testing

/// Every row of `shared/reference/geodesic-vectors.csv` (GeographicLib 2.0, Karney 2013), checked
/// with the tolerances and special-row rules of `shared/reference/README.md`:
/// - s12 within 1e-6 m on every row;
/// - azimuths within 1e-8° + degrees(1e-8 m / s12), compared modulo 360°;
/// - s12 = 0 (coincident points): azimuths skipped;
/// - points at opposite poles: azimuths skipped;
/// - lat1 = −lat2 and neither point at a pole: (azi1, azi2) may come swapped;
/// - one point exactly at a pole: both azimuths checked, because `Geodesic` runs Karney's own
///   algorithm (PROJ's C port), which reproduces GeographicLib's limit convention.
@Suite("Geodesic against GeographicLib reference vectors")
struct GeodesicReferenceTests {
    /// Line ranges of the README's blocks.
    static let blocks: [(name: String, lines: ClosedRange<Int>)] = [
        ("random", 2...601), ("medium 1 km–1000 km", 602...651), ("short 1 mm–1 km", 652...951),
        ("nearly antipodal", 952...1201), ("equator", 1202...1351), ("over the pole", 1352...1501),
        ("at a pole", 1502...1651), ("meridional", 1652...1801), ("antimeridian", 1802...1951),
        ("degenerate", 1952...2001),
    ]

    @Test("all 2000 rows: distance to 1e-6 m, azimuths to 1e-8° + 10 nm sideways")
    func everyRow() throws {
        let table = try ReferenceTable(named: "geodesic-vectors.csv")
        #expect(table.header == ["lat1", "lon1", "lat2", "lon2", "s12_m", "azi1_deg", "azi2_deg"])
        let geodesic = Geodesic.wgs84

        var distancesChecked = 0
        var azimuthsChecked = 0
        var coincident = 0
        var oppositePoles = 0
        var swapped = 0
        var atPole = 0
        var worstDistance = 0.0
        var worstAzimuthShare = 0.0
        var perBlock: [String: Int] = [:]

        for row in table.rows {
            let (lat1, lon1, lat2, lon2) = (row[0], row[1], row[2], row[3])
            let (s12, azi1, azi2) = (row[4], row[5], row[6])
            let block = Self.blocks.first { $0.lines.contains(row.line) }?.name ?? "outside every block"
            perBlock[block, default: 0] += 1

            let r = geodesic.inverse(from: try coordinate(lat1, lon1), to: try coordinate(lat2, lon2))
            let distanceError = abs(r.distance - s12)
            worstDistance = max(worstDistance, distanceError)
            #expect(distanceError <= 1e-6, "line \(row.line) (\(block)): s12 \(r.distance) vs \(s12)")
            distancesChecked += 1

            if s12 == 0 {
                coincident += 1
                continue
            }
            if abs(lat1) == 90 && lat2 == -lat1 {
                oppositePoles += 1
                continue
            }
            if abs(lat1) == 90 || abs(lat2) == 90 { atPole += 1 }

            let tolerance = 1e-8 + Angle.degrees(1e-8 / s12)
            var e1 = angularError(r.initialAzimuth, azi1)
            var e2 = angularError(r.finalAzimuth, azi2)
            if max(e1, e2) > tolerance && lat1 == -lat2 && abs(lat1) != 90 {
                // A second geodesic of the same length runs with the azimuths swapped.
                let s1 = angularError(r.initialAzimuth, azi2)
                let s2 = angularError(r.finalAzimuth, azi1)
                if max(s1, s2) <= tolerance {
                    (e1, e2) = (s1, s2)
                    swapped += 1
                }
            }
            worstAzimuthShare = max(worstAzimuthShare, max(e1, e2) / tolerance)
            #expect(e1 <= tolerance, "line \(row.line) (\(block)): azi1 \(r.initialAzimuth) vs \(azi1)")
            #expect(e2 <= tolerance, "line \(row.line) (\(block)): azi2 \(r.finalAzimuth) vs \(azi2)")
            azimuthsChecked += 1
        }

        print(
            """
            geodesic-vectors.csv: \(table.rows.count) rows; s12 checked on \(distancesChecked) \
            (worst |Δs12| \(worstDistance) m); azimuths checked on \(azimuthsChecked) \
            (\(atPole) with one end at a pole, \(swapped) matched with swapped azimuths; worst error \
            \(worstAzimuthShare) of the tolerance); azimuths skipped on \(coincident) coincident and \
            \(oppositePoles) opposite-pole rows
            """)
        #expect(table.rows.count == 2000)
        #expect(distancesChecked == 2000)
        #expect(coincident == 20)  // "20 lines in 1952–2001"
        #expect(azimuthsChecked + coincident + oppositePoles == 2000)
        #expect(swapped <= 62)  // the README's count of rows with two shortest geodesics
        for (name, lines) in Self.blocks {
            #expect(perBlock[name] == lines.count, "block \(name)")
        }
    }
}
