import Foundation
import Geodesy
import Testing

/// Every row of `shared/reference/greatcircle-vectors.csv` (mpmath at 40 digits, R = 6371008.8 m),
/// checked with the tolerances of `shared/reference/README.md`:
/// - distance within 1e-6 m below 1.9e7 m, and 0.05 m beyond (where a haversine loses precision);
///   because ``GreatCircle`` uses the well-conditioned atan2(|n₁ × n₂|, n₁ · n₂), a second check
///   holds it to 1e-6 m on every row, as the README says that form achieves;
/// - bearings within 1e-8° + degrees(1e-8 m / distance), or 1e-6° in the nearly antipodal block
///   (lines 602–701), compared modulo 360°; at a pole the bearing is the formula's limit along
///   the given meridian, which ``GreatCircle`` reproduces, so those rows are checked too;
/// - midpoint |Δlat| and |Δlon|·cos(lat) within 1e-9°, or 1e-6° in lines 602–701.
@Suite("GreatCircle against mpmath reference vectors")
struct GreatCircleReferenceTests {
    static let nearlyAntipodal = 602...701

    static let blocks: [(name: String, lines: ClosedRange<Int>)] = [
        ("random", 2...401), ("short 1 mm–1 km", 402...551), ("medium 1 km–1000 km", 552...601),
        ("nearly antipodal", 602...701), ("equator", 702...761), ("meridional", 762...821),
        ("antimeridian", 822...901), ("high latitude", 902...961), ("at a pole", 962...1001),
    ]

    @Test("all 1000 rows: distance, initial and final bearing, midpoint")
    func everyRow() throws {
        let table = try ReferenceTable(named: "greatcircle-vectors.csv")
        #expect(
            table.header == [
                "lat1", "lon1", "lat2", "lon2", "distance_m", "initial_bearing_deg", "final_bearing_deg",
                "midpoint_lat", "midpoint_lon",
            ])
        let sphere = GreatCircle.earth
        var checked = 0
        var looseDistance = 0
        var looseAngles = 0
        var atPole = 0
        var worstDistance = 0.0
        var worstBearingShare = 0.0
        var worstMidpoint = 0.0
        var perBlock: [String: Int] = [:]

        for row in table.rows {
            let block = Self.blocks.first { $0.lines.contains(row.line) }?.name ?? "outside every block"
            perBlock[block, default: 0] += 1
            let start = try coordinate(row[0], row[1])
            let end = try coordinate(row[2], row[3])
            let (distance, initial, final, midLat, midLon) = (row[4], row[5], row[6], row[7], row[8])
            let nearlyAntipodal = Self.nearlyAntipodal.contains(row.line)

            let r = sphere.inverse(from: start, to: end)
            let distanceError = abs(r.distance - distance)
            worstDistance = max(worstDistance, distanceError)
            let distanceTolerance = distance < 1.9e7 ? 1e-6 : 0.05
            if distanceTolerance > 1e-6 { looseDistance += 1 }
            #expect(distanceError <= distanceTolerance, "line \(row.line) (\(block)): \(r.distance) vs \(distance)")
            #expect(distanceError <= 1e-6, "line \(row.line) (\(block)): n-vector distance beyond 1e-6 m")

            if row[0].magnitude == 90 || row[2].magnitude == 90 { atPole += 1 }
            if nearlyAntipodal { looseAngles += 1 }
            let bearingTolerance = nearlyAntipodal ? 1e-6 : 1e-8 + Angle.degrees(1e-8 / distance)
            let e1 = angularError(r.initialBearing, initial)
            let e2 = angularError(r.finalBearing, final)
            worstBearingShare = max(worstBearingShare, max(e1, e2) / bearingTolerance)
            #expect(e1 <= bearingTolerance, "line \(row.line) (\(block)): initial \(r.initialBearing) vs \(initial)")
            #expect(e2 <= bearingTolerance, "line \(row.line) (\(block)): final \(r.finalBearing) vs \(final)")
            #expect(r.initialBearing >= 0 && r.initialBearing < 360 && r.finalBearing >= 0 && r.finalBearing < 360)

            let m = sphere.midpoint(between: start, and: end)
            let midpointTolerance = nearlyAntipodal ? 1e-6 : 1e-9
            let latError = abs(m.latitude - midLat)
            let lonError = angularError(m.longitude, midLon) * cos(Angle.radians(midLat))
            worstMidpoint = max(worstMidpoint, latError, lonError)
            #expect(latError <= midpointTolerance, "line \(row.line) (\(block)): midpoint lat \(m.latitude) vs \(midLat)")
            #expect(lonError <= midpointTolerance, "line \(row.line) (\(block)): midpoint lon \(m.longitude) vs \(midLon)")
            checked += 1
        }

        print(
            """
            greatcircle-vectors.csv: \(table.rows.count) rows; distance, bearings and midpoint checked \
            on \(checked) (\(looseDistance) beyond 1.9e7 m, \(looseAngles) with the nearly-antipodal \
            angle tolerance, \(atPole) with one end at a pole); worst |Δd| \(worstDistance) m, worst \
            bearing error \(worstBearingShare) of the tolerance, worst midpoint error \(worstMidpoint)°
            """)
        #expect(table.rows.count == 1000)
        #expect(checked == 1000)
        #expect(looseDistance == 112)  // "112 rows" in the README
        #expect(looseAngles == 100)
        for (name, lines) in Self.blocks {
            #expect(perBlock[name] == lines.count, "block \(name)")
        }
    }

    @Test("the reference midpoint lies on the path, halfway along it; destination lands on point 2")
    func trackAndDestinationFromReferenceRows() throws {
        let table = try ReferenceTable(named: "greatcircle-vectors.csv")
        let sphere = GreatCircle.earth
        var checked = 0
        var worstCross = 0.0
        var worstAlong = 0.0
        var worstLanding = 0.0
        for row in table.rows where !Self.nearlyAntipodal.contains(row.line) && row[4] < 1.9e7 {
            let start = try coordinate(row[0], row[1])
            let end = try coordinate(row[2], row[3])
            let midpoint = try coordinate(row[7], row[8])
            let distance = row[4]
            // The midpoint is rounded to 1 ulp (< 1.5e-14°, 1.6e-9 m); the formulas add a few more.
            guard let cross = sphere.crossTrackDistance(of: midpoint, from: start, to: end),
                let along = sphere.alongTrackDistance(of: midpoint, from: start, to: end)
            else {
                Issue.record("line \(row.line): path reported undefined for distance \(distance) m")
                continue
            }
            worstCross = max(worstCross, abs(cross))
            worstAlong = max(worstAlong, abs(along - distance / 2))
            #expect(abs(cross) <= 1e-6, "line \(row.line): cross-track of midpoint \(cross) m")
            #expect(abs(along - distance / 2) <= 1e-6, "line \(row.line): along-track \(along) vs \(distance / 2)")

            // Destination from point 1 with the reference bearing and distance lands on point 2.
            let landing = try sphere.destination(from: start, bearing: row[5], distance: distance)
            let miss = sphere.distance(from: landing, to: end)
            worstLanding = max(worstLanding, miss)
            #expect(miss <= 1e-6, "line \(row.line): destination misses point 2 by \(miss) m")
            checked += 1
        }
        print(
            """
            greatcircle-vectors.csv track check: \(checked) rows; worst |cross-track| \(worstCross) m, \
            worst |along − d/2| \(worstAlong) m, worst destination miss \(worstLanding) m
            """)
        #expect(checked == 888)  // 1000 rows less the 112 beyond 1.9e7 m
    }
}
