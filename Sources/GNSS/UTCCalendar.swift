import Foundation

/// Proleptic Gregorian calendar arithmetic on integers, for UTC timestamps.
///
/// Receivers report time as calendar fields (year, month, day, hour, minute, second and a fraction).
/// Turning those into a `Date`, and a `Date` back into an ISO 8601 string, is done here with integer
/// arithmetic only (no `Calendar`, no `DateFormatter`), so that it is exact and fast enough to run
/// once per epoch on million-line traces.
///
/// The day-number conversions are Howard Hinnant's `days_from_civil` / `civil_from_days`
/// ("chrono-Compatible Low-Level Date Algorithms", 2013), valid for any year in ±5 million.
/// Leap seconds are not counted (POSIX time): 23:59:60 is the same instant as the next 00:00:00.
public enum UTCCalendar {
    /// Days from 1970-01-01 to the given civil date (negative before it).
    /// - Parameters: year: any (e.g. 2024); month: 1...12; day: 1...31 (not checked against the month).
    @inlinable
    public static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400                                   // [0, 399]
        let mp = (month + 9) % 12                                 // March = 0
        let doy = (153 * mp + 2) / 5 + day - 1                    // [0, 365]
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy           // [0, 146096]
        return era * 146097 + doe - 719468
    }

    /// The civil date of a day number (days since 1970-01-01).
    /// - Returns: year, month 1...12, day 1...31.
    @inlinable
    public static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097                                // [0, 146096]
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)         // [0, 365]
        let mp = (5 * doy + 2) / 153                              // [0, 11]
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Whether `year` is a leap year in the Gregorian calendar.
    @inlinable
    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// The number of days in a month: 28...31. `month` must be 1...12.
    @inlinable
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// A `Date` from UTC calendar fields.
    /// - Parameters:
    ///   - year, month (1...12), day (1...31): the civil date.
    ///   - nanosecondsOfDay: time of day in nanoseconds, 0 ..< 86_401 × 10⁹ (a leap second is allowed).
    @inlinable
    public static func date(year: Int, month: Int, day: Int, nanosecondsOfDay: Int64) -> Date {
        let days = daysFromCivil(year: year, month: month, day: day)
        let wholeSeconds = Int64(days) * 86_400 + nanosecondsOfDay / 1_000_000_000
        let fraction = Double(nanosecondsOfDay % 1_000_000_000) / 1e9
        // Subtract the 2001 reference first so that the Double keeps sub-microsecond resolution.
        let sinceReference = Double(wholeSeconds - 978_307_200) + fraction
        return Date(timeIntervalSinceReferenceDate: sinceReference)
    }

    /// Appends `date` as ISO 8601 UTC with millisecond precision, `2024-05-01T12:34:56.789Z`, the
    /// format gpsd and GPX use. The time is rounded to the nearest millisecond.
    public static func appendISO8601(_ date: Date, to out: inout [UInt8]) {
        let ms = (date.timeIntervalSince1970 * 1000).rounded()
        guard ms.isFinite, abs(ms) < 1e17 else {
            out.append(contentsOf: "1970-01-01T00:00:00.000Z".utf8)
            return
        }
        let totalMs = Int64(ms)
        var days = totalMs / 86_400_000
        var msOfDay = totalMs % 86_400_000
        if msOfDay < 0 { msOfDay += 86_400_000; days -= 1 }
        let (y, m, d) = civilFromDays(Int(days))
        if y < 0 || y > 9999 {
            out.append(contentsOf: "0000-01-01T00:00:00.000Z".utf8)
            return
        }
        appendDigits(y, count: 4, to: &out)
        out.append(UInt8(ascii: "-"))
        appendDigits(m, count: 2, to: &out)
        out.append(UInt8(ascii: "-"))
        appendDigits(d, count: 2, to: &out)
        out.append(UInt8(ascii: "T"))
        let secs = Int(msOfDay / 1000)
        appendDigits(secs / 3600, count: 2, to: &out)
        out.append(UInt8(ascii: ":"))
        appendDigits(secs / 60 % 60, count: 2, to: &out)
        out.append(UInt8(ascii: ":"))
        appendDigits(secs % 60, count: 2, to: &out)
        out.append(UInt8(ascii: "."))
        appendDigits(Int(msOfDay % 1000), count: 3, to: &out)
        out.append(UInt8(ascii: "Z"))
    }

    /// `date` as an ISO 8601 UTC string with milliseconds.
    public static func iso8601(_ date: Date) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(24)
        appendISO8601(date, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    @inline(__always)
    static func appendDigits(_ value: Int, count: Int, to out: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<count { divisor *= 10 }
        var v = value
        while divisor > 0 {
            out.append(UInt8(truncatingIfNeeded: 48 + v / divisor))
            v %= divisor
            divisor /= 10
        }
    }
}
