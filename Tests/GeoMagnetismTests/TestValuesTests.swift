import Geodesy
import Testing

@testable import GeoMagnetism

/// NOAA's 100 official WMM2025 test points (`WMM2025_TestValues.txt`), with the tolerances of
/// shared/reference/README.md: D and I within 0.01°, X Y Z H F within 0.01 nT, rates within
/// 0.01 nT/yr and 0.01°/yr.
@Suite("WMM2025 official test values")
struct TestValuesTests {
    @Test("the file has 100 rows")
    func rowCount() {
        #expect(ReferenceData.testValues.count == 100)
    }

    @Test("every element and rate matches NOAA", arguments: ReferenceData.testValues)
    func matchesNOAA(row: ReferenceData.Row) throws {
        let v = row.values
        let model = try WorldMagneticModel.wmm2025
        let point = try Coordinate(latitude: v[2], longitude: v[3])
        let field = try model.field(at: point, heightAboveEllipsoid: v[1] * 1000, decimalYear: v[0])
        #expect(field.warning == nil)

        let angles: [(String, Double, Double)] = [
            ("D", field.declination, v[4]), ("I", field.inclination, v[5]),
        ]
        for (name, got, want) in angles {
            #expect(abs(Angle.difference(from: want, to: got)) <= 0.01, "\(name): \(got) vs \(want)")
        }
        let intensities: [(String, Double, Double)] = [
            ("H", field.horizontalIntensity, v[6]), ("X", field.north, v[7]), ("Y", field.east, v[8]),
            ("Z", field.down, v[9]), ("F", field.totalIntensity, v[10]),
        ]
        for (name, got, want) in intensities {
            #expect(abs(got - want) <= 0.01, "\(name): \(got) vs \(want) nT")
        }
        let r = field.rates
        let rates: [(String, Double, Double)] = [
            ("dD/dt", r.declination, v[11]), ("dI/dt", r.inclination, v[12]),
            ("dH/dt", r.horizontalIntensity, v[13]), ("dX/dt", r.north, v[14]), ("dY/dt", r.east, v[15]),
            ("dZ/dt", r.down, v[16]), ("dF/dt", r.totalIntensity, v[17]),
        ]
        for (name, got, want) in rates {
            #expect(abs(got - want) <= 0.01, "\(name): \(got) vs \(want) per year")
        }
    }
}
