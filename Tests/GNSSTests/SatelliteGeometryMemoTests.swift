import Foundation
import GNSS
import Testing

/// The SKY writer's memo of the DOPs (`replay --json` keeps one across epochs) gives what
/// `SatelliteGeometry` gives for every sky, however the sky changes between calls.
@Suite("Satellite geometry memo")
struct SatelliteGeometryMemoTests {
    /// A sky of GPS satellites: (prn, elevation, azimuth, used).
    static func sky(_ rows: [(Int, Double?, Double?, Bool)]) -> [SatelliteInView] {
        rows.map { prn, el, az, used in
            var s = SatelliteInView(prn: prn, system: .gps, elevation: el, azimuth: az, snr: 40)
            s.used = used
            return s
        }
    }

    static let base: [(Int, Double?, Double?, Bool)] = [
        (1, 42, 164, true), (2, 76, 194, true), (4, 6, 49, true), (5, 15, 355, true),
        (7, 84, 66, true), (8, 76, 201, false), (14, 13, 233, true),
    ]

    @Test("each sky of a changing sequence: the memo's DOPs are SatelliteGeometry's, bit for bit")
    func sameAsDirect() {
        var skies: [[(Int, Double?, Double?, Bool)]] = [Self.base, Self.base]
        var moved = Self.base
        moved[0].1 = 43  // an elevation changes
        skies += [moved, moved]
        var unused = moved
        unused[1].3 = false  // a satellite is no longer used
        skies.append(unused)
        var used = unused
        used[5].3 = true  // an unused one is used
        skies.append(used)
        skies.append(used + [(20, 37, 39, true)])  // one more satellite
        skies.append(Array(used.prefix(3)))  // fewer than 4 used: no geometry
        skies.append(Self.base)  // back to the first sky
        var noAzimuth = Self.base
        noAzimuth[2].2 = nil  // a used satellite without azimuth
        skies.append(noAzimuth)
        var fraction = Self.base
        fraction[3].2 = 355.5  // an angle with a fraction
        skies.append(fraction)

        var memo = SatelliteGeometryMemo()
        var distinct = Set<String>()
        for (i, rows) in skies.enumerated() {
            let satellites = Self.sky(rows)
            let direct = SatelliteGeometry(satellites)
            #expect(memo.geometry(satellites) == direct, "sky \(i)")
            distinct.insert(direct.map { "\($0.gdop)" } ?? "nil")
        }
        // The sequence exercises different geometries, not one answer repeated.
        #expect(distinct.count >= 6, "\(distinct)")
        #expect(SatelliteGeometry(Self.sky(Array(Self.base.prefix(3)))) == nil)
    }

    @Test("SKY's el, az and ss: %.1f as printf writes it, whole or not, signed or not")
    func tenths() throws {
        let values: [Double] = [0, -0.0, 5, 9, 10, 42, 99, 100, 359, 999, 1000, 1234, -5, 42.5, 0.04, 12.25, 999.96]
        for v in values {
            var s = SatelliteInView(prn: 3, system: .gps, elevation: v, azimuth: v, snr: v)
            s.used = true
            let fix = Fix(satellitesInView: [s])
            let text = try #require(SKYEncoder.string(fix))
            let expected = String(format: "%.1f", v)
            #expect(text.contains("\"el\":\(expected),\"az\":\(expected),\"ss\":\(expected),"), "\(v): \(text)")
        }
    }
}
