import Geodesy
import Testing

@testable import GeoMagnetism

/// The 12-row test-value table of the WMM2025 Technical Report
/// (`WMM2025_TEST_VALUES_report_table.txt`), including grid variation. Tolerance: half a unit in
/// the last printed digit, plus 1e−6.
@Suite("WMM2025 Technical Report test table")
struct ReportTableTests {
    @Test("the table has 12 rows")
    func rowCount() {
        #expect(ReferenceData.reportTable.count == 12)
    }

    @Test("every element, grid variation and rate matches the report", arguments: ReferenceData.reportTable)
    func matchesReport(row: ReferenceData.Row) throws {
        let v = row.values
        let model = try WorldMagneticModel.wmm2025
        let point = try Coordinate(latitude: v[2], longitude: v[3])
        let field = try model.field(at: point, heightAboveEllipsoid: v[1] * 1000, decimalYear: v[0])
        let r = field.rates
        let columns: [(Int, String, Double)] = [
            (4, "X", field.north), (5, "Y", field.east), (6, "Z", field.down),
            (7, "H", field.horizontalIntensity), (8, "F", field.totalIntensity),
            (9, "I", field.inclination), (10, "D", field.declination),
            (12, "dX/dt", r.north), (13, "dY/dt", r.east), (14, "dZ/dt", r.down),
            (15, "dH/dt", r.horizontalIntensity), (16, "dF/dt", r.totalIntensity),
            (17, "dI/dt", r.inclination), (18, "dD/dt", r.declination),
        ]
        for (i, name, got) in columns {
            let tolerance = row.halfUnit(i) + 1e-6
            #expect(abs(got - v[i]) <= tolerance, "\(name): \(got) vs \(row.texts[i]) (±\(tolerance))")
        }
        if v[11].isNaN {
            #expect(field.gridVariation == nil, "GV is NaN in the report")
            #expect(r.gridVariation == nil)
        } else {
            let gv = try #require(field.gridVariation, "GV is \(row.texts[11]) in the report")
            #expect(abs(Angle.difference(from: v[11], to: gv)) <= row.halfUnit(11) + 1e-6, "GV: \(gv)")
            #expect(r.gridVariation == r.declination)
        }
    }
}
