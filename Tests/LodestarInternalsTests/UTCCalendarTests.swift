import Foundation
import LodestarInternals
import Testing

/// Integer calendar arithmetic against Foundation's Gregorian calendar in UTC.
@Suite("UTC calendar arithmetic")
struct UTCCalendarTests {
    static let calendar: Calendar = {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = TimeZone(identifier: "UTC") ?? c.timeZone
        return c
    }()

    @Test("dates from fields equal Foundation's, across leap years and centuries")
    func dates() throws {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let year = Int.random(in: 1900...2200, using: &rng)
            let month = Int.random(in: 1...12, using: &rng)
            let day = Int.random(in: 1...UTCCalendar.daysInMonth(year: year, month: month), using: &rng)
            let seconds = Int.random(in: 0..<86_400, using: &rng)
            let millis = Int.random(in: 0..<1000, using: &rng)
            let ours = UTCCalendar.date(
                year: year, month: month, day: day,
                nanosecondsOfDay: Int64(seconds) * 1_000_000_000 + Int64(millis) * 1_000_000)
            let theirs = try #require(
                Self.calendar.date(
                    from: DateComponents(
                        year: year, month: month, day: day, hour: seconds / 3600, minute: seconds / 60 % 60, second: seconds % 60,
                        nanosecond: millis * 1_000_000)))
            #expect(abs(ours.timeIntervalSince(theirs)) < 1e-6, "\(year)-\(month)-\(day) \(seconds)")
        }
    }

    @Test("leap years and month lengths equal Foundation's")
    func monthLengths() throws {
        for year in [1900, 1999, 2000, 2004, 2019, 2020, 2100, 2400] {
            for month in 1...12 {
                let date = try #require(Self.calendar.date(from: DateComponents(year: year, month: month, day: 1)))
                let range = try #require(Self.calendar.range(of: .day, in: .month, for: date))
                #expect(UTCCalendar.daysInMonth(year: year, month: month) == range.count)
            }
        }
    }

    @Test("ISO 8601 text equals Foundation's ISO8601DateFormatter with fractional seconds")
    func iso8601() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            // Whole milliseconds, so that both sides print the same instant.
            let ms = Int64.random(in: 0..<4_102_444_800_000, using: &rng)
            let date = Date(timeIntervalSince1970: Double(ms) / 1000)
            #expect(ISO8601.string(date, fractionDigits: 3) == formatter.string(from: date))
        }
    }

    @Test("day numbers round-trip")
    func roundTrip() {
        for days in stride(from: -800_000, through: 800_000, by: 997) {
            let (y, m, d) = UTCCalendar.civilFromDays(days)
            #expect(UTCCalendar.daysFromCivil(year: y, month: m, day: d) == days)
        }
    }
}
