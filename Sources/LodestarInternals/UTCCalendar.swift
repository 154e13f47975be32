import Foundation

/// Proleptic Gregorian calendar arithmetic on integers, for UTC timestamps.
///
/// Receivers report time as calendar fields (year, month, day, hour, minute, second and a fraction).
/// Turning those into a `Date`, and a `Date` back into calendar fields (for ``ISO8601`` and NMEA
/// sentences), is done here with integer arithmetic only (no `Calendar`, no `DateFormatter`), so that it is exact and fast enough to run
/// once per epoch on million-line traces.
///
/// The day-number conversions are Howard Hinnant's `days_from_civil` / `civil_from_days`
/// ("chrono-Compatible Low-Level Date Algorithms", 2013), valid for any year in ±5 million.
/// Leap seconds are not counted (POSIX time): 23:59:60 is the same instant as the next 00:00:00.
package enum UTCCalendar {
    /// Days from 1970-01-01 to the given civil date (negative before it).
    /// - Parameters: year: any (e.g. 2024); month: 1...12; day: 1...31 (not checked against the month).
    @inlinable
    package static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400  // [0, 399]
        let mp = (month + 9) % 12  // March = 0
        let doy = (153 * mp + 2) / 5 + day - 1  // [0, 365]
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy  // [0, 146096]
        return era * 146097 + doe - 719468
    }

    /// The civil date of a day number (days since 1970-01-01).
    /// - Returns: year, month 1...12, day 1...31.
    @inlinable
    package static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097  // [0, 146096]
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)  // [0, 365]
        let mp = (5 * doy + 2) / 153  // [0, 11]
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Whether `year` is a leap year in the Gregorian calendar.
    @inlinable
    package static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// 365 or 366.
    @inlinable
    package static func daysInYear(_ year: Int) -> Int { isLeapYear(year) ? 366 : 365 }

    /// The number of days in a month: 28...31. `month` must be 1...12.
    @inlinable
    package static func daysInMonth(year: Int, month: Int) -> Int {
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
    package static func date(year: Int, month: Int, day: Int, nanosecondsOfDay: Int64) -> Date {
        let days = daysFromCivil(year: year, month: month, day: day)
        let wholeSeconds = Int64(days) * 86_400 + nanosecondsOfDay / 1_000_000_000
        let fraction = Double(nanosecondsOfDay % 1_000_000_000) / 1e9
        // Subtract the 2001 reference first so that the Double keeps sub-microsecond resolution.
        let sinceReference = Double(wholeSeconds - 978_307_200) + fraction
        return Date(timeIntervalSinceReferenceDate: sinceReference)
    }

    /// The UTC calendar fields of an instant, rounded to the nearest 10⁻ᵈ second.
    ///
    /// - Parameters:
    ///   - date: the instant.
    ///   - fractionDigits: d, 0...9: the fraction of a second is counted in units of 10⁻ᵈ s.
    ///   - rule: how the instant is rounded to that unit; to nearest (ties away from zero) unless
    ///     told otherwise.
    /// - Returns: nil when the instant is not finite, lies 10¹⁴ s (about 3 million years) or more
    ///   from 1970, or (with 7 to 9 digits) counts more units than an `Int64` holds.
    package static func fields(
        _ date: Date, fractionDigits: Int, rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero
    ) -> Fields? {
        let digits = min(max(fractionDigits, 0), 9)
        var unitsPerSecond: Int64 = 1
        for _ in 0..<digits { unitsPerSecond *= 10 }
        let total = (date.timeIntervalSince1970 * Double(unitsPerSecond)).rounded(rule)
        guard total.isFinite, abs(total) < min(1e14 * Double(unitsPerSecond), 9e18) else { return nil }
        let units = Int64(total)
        let unitsPerDay = 86_400 * unitsPerSecond
        var days = units / unitsPerDay
        var unitsOfDay = units % unitsPerDay
        if unitsOfDay < 0 {
            unitsOfDay += unitsPerDay
            days -= 1
        }
        let (year, month, day) = civilFromDays(Int(days))
        let seconds = Int(unitsOfDay / unitsPerSecond)
        return Fields(
            year: year, month: month, day: day, hour: seconds / 3600, minute: seconds / 60 % 60, second: seconds % 60,
            fraction: Int(unitsOfDay % unitsPerSecond), fractionDigits: digits)
    }
}
