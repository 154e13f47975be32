import GNSS
import LodestarInternals

/// A UTC calendar date as an NMEA sentence gives it (RMC `ddmmyy`, ZDA day, month, year).
public struct CalendarDate: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Four-digit year.
    public let year: Int
    /// Month, 1...12.
    public let month: Int
    /// Day of the month, 1...31 (valid for the month).
    public let day: Int

    /// Makes a date; nil unless month is 1...12 and day exists in that month of that year.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1,
            day <= UTCCalendar.daysInMonth(year: year, month: month)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Days since 1970-01-01.
    public var daysSince1970: Int { UTCCalendar.daysFromCivil(year: year, month: month, day: day) }

    /// The date `days` days later (or earlier when negative).
    public func adding(days: Int) -> CalendarDate {
        let (y, m, d) = UTCCalendar.civilFromDays(daysSince1970 + days)
        return CalendarDate(unchecked: y, m, d)
    }

    init(unchecked year: Int, _ month: Int, _ day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The century pivot for two-digit years: `yy < 69` is 20yy, otherwise 19yy — the pivot POSIX
    /// `strptime %y`, Python and gpsd use. (GPS began in 1980, so 1969-1979 cannot occur in a real fix.)
    public static func year(fromTwoDigits yy: Int) -> Int { yy < 69 ? 2000 + yy : 1900 + yy }

    public static func < (a: CalendarDate, b: CalendarDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        func pad(_ v: Int, _ n: Int) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, n - s.count)) + s
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }
}
