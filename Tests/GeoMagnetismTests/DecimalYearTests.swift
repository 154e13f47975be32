import Foundation
import Geodesy
import Testing

@testable import GeoMagnetism

/// Date → decimal year, as NOAA's `MAG_DateToYear` does it, plus the fraction of the UTC day.
@Suite("Decimal year")
struct DecimalYearTests {
    static func date(_ iso: String) throws -> Date {
        let formatter = ISO8601DateFormatter()
        return try #require(formatter.date(from: iso), "\(iso) parses")
    }

    @Test("2025-07-02T12:00Z is 2025.5")
    func midYear() throws {
        #expect(DecimalYear.from(try Self.date("2025-07-02T12:00:00Z")) == 2025.5)
    }

    @Test(
        "instants in UTC",
        arguments: [
            ("2025-01-01T00:00:00Z", 2025.0),
            ("2024-12-31T00:00:00Z", 2024.9972677595629),  // 2024 + 365/366, a leap year
            ("2025-07-02T00:00:00Z", 2025.4986301369863),  // 2025 + 182/365
            ("1969-12-31T18:00:00Z", 1969.9993150684932),  // before 1970: 1969 + 364.75/365
            ("2030-01-01T00:00:00Z", 2030.0),
        ])
    func instants(iso: String, expected: Double) throws {
        #expect(abs(DecimalYear.from(try Self.date(iso)) - expected) < 1e-12)
    }

    @Test("calendar dates at 00:00 UTC")
    func calendarDates() throws {
        #expect(try DecimalYear.from(year: 2025, month: 1, day: 1) == 2025.0)
        #expect(abs(try DecimalYear.from(year: 2025, month: 7, day: 2) - 2025.4986301369863) < 1e-12)
        #expect(abs(try DecimalYear.from(year: 2028, month: 2, day: 29) - (2028 + 59.0 / 366)) < 1e-12)
    }

    @Test(
        "days that do not exist are a typed error",
        arguments: [
            (2025, 2, 29), (2025, 13, 1), (2025, 0, 1), (2025, 4, 31), (2025, 1, 0), (2100, 2, 29),
        ])
    func invalidDates(year: Int, month: Int, day: Int) {
        #expect(throws: MagneticModelError.invalidCalendarDate(year: year, month: month, day: day)) {
            try DecimalYear.from(year: year, month: month, day: day)
        }
    }

    @Test("leap years follow the Gregorian rule")
    func leapYears() {
        #expect(DecimalYear.isLeapYear(2028))
        #expect(DecimalYear.isLeapYear(2000))
        #expect(!DecimalYear.isLeapYear(2100))
        #expect(!DecimalYear.isLeapYear(2025))
    }

    @Test("the field for a Date equals the field for its decimal year")
    func fieldForDate() throws {
        let model = try WorldMagneticModel.wmm2025
        let point = try Coordinate(latitude: 51.47, longitude: -0.4543)
        let byDate = try model.field(at: point, date: try Self.date("2025-07-02T12:00:00Z"))
        let byYear = try model.field(at: point, decimalYear: 2025.5)
        #expect(byDate == byYear)
        #expect(try model.declination(at: point, date: try Self.date("2025-07-02T12:00:00Z")) == byYear.declination)
    }
}
