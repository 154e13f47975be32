import Geodesy
import Testing

@testable import GeoMagnetism

/// Compass zones (blackout H < 2000 nT, caution H < 6000 nT) and NOAA's WMM2025 error model.
@Suite("Compass zones and uncertainty")
struct ZoneAndUncertaintyTests {
    @Test("near the north magnetic pole is blackout")
    func blackout() throws {
        let model = try WorldMagneticModel.wmm2025
        // WMM2025_TestValues.txt lines 19 and 97: NOAA gives H = 1504.3 nT and 906.9 nT.
        let a = try model.field(
            at: try Coordinate(latitude: 89, longitude: -121), heightAboveEllipsoid: 28_000, decimalYear: 2025.0)
        let b = try model.field(
            at: try Coordinate(latitude: 87, longitude: -154), heightAboveEllipsoid: 50_000, decimalYear: 2029.0)
        #expect(a.zone == .blackout)
        #expect(b.zone == .blackout)
    }

    @Test("H between 2000 and 6000 nT is caution; mid-latitudes are normal")
    func cautionAndNormal() throws {
        let model = try WorldMagneticModel.wmm2025
        // Line 20: H = 2164.3 nT. Line 22: (43°, 93°), H = 24300.8 nT.
        let caution = try model.field(
            at: try Coordinate(latitude: 80, longitude: -96), heightAboveEllipsoid: 48_000, decimalYear: 2025.0)
        let normal = try model.field(
            at: try Coordinate(latitude: 43, longitude: 93), heightAboveEllipsoid: 65_000, decimalYear: 2025.0)
        #expect(caution.zone == .caution)
        #expect(normal.zone == .normal)
    }

    @Test("the zone agrees with NOAA's H on all 100 test points")
    func zonesOfTestValues() throws {
        let model = try WorldMagneticModel.wmm2025
        var counts: [CompassZone: Int] = [:]
        for row in ReferenceData.testValues {
            let v = row.values
            let field = try model.field(
                at: try Coordinate(latitude: v[2], longitude: v[3]), heightAboveEllipsoid: v[1] * 1000,
                decimalYear: v[0])
            let expected: CompassZone = v[6] < 2000 ? .blackout : v[6] < 6000 ? .caution : .normal
            #expect(field.zone == expected, "line \(row.line)")
            counts[field.zone, default: 0] += 1
        }
        #expect(counts[.blackout] == 2)
        #expect(counts[.caution] == 7)
        #expect(counts[.normal] == 91)
    }

    @Test("zone thresholds are 2000 nT and 6000 nT")
    func thresholds() {
        #expect(CompassZone(horizontalIntensity: 1999.999) == .blackout)
        #expect(CompassZone(horizontalIntensity: 2000) == .caution)
        #expect(CompassZone(horizontalIntensity: 5999.999) == .caution)
        #expect(CompassZone(horizontalIntensity: 6000) == .normal)
    }

    @Test(
        "declination uncertainty is sqrt(0.26² + (5417/H)²)",
        arguments: [
            (5417.0, 1.0332473082471592), (20000.0, 0.37544603140797744),
            (6000.0, 0.9395254268926296), (2000.0, 2.7209506151343503),
        ])
    func declinationUncertainty(h: Double, expected: Double) {
        let u = MagneticUncertainty.wmm2025(horizontalIntensity: h)
        #expect(abs(u.declination - expected) < 1e-12)
    }

    @Test("the other one-sigma values are NOAA's constants")
    func constants() {
        let u = MagneticUncertainty.wmm2025(horizontalIntensity: 20000)
        #expect(u.north == 137 && u.east == 89 && u.down == 141)
        #expect(u.horizontalIntensity == 133 && u.totalIntensity == 138)
        #expect(u.inclination == 0.20)
    }

    @Test("a field's uncertainty uses its own H")
    func fieldUncertainty() throws {
        let model = try WorldMagneticModel.wmm2025
        let field = try model.field(
            at: try Coordinate(latitude: 89, longitude: -121), heightAboveEllipsoid: 28_000, decimalYear: 2025.0)
        // NOAA's H = 1504.298146 nT gives δD = 3.6103889°; our H agrees to 0.01 nT.
        #expect(abs(field.declinationUncertainty - 3.6103889165995784) < 1e-4)
    }
}
