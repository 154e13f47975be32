import Foundation

/// Conversion of dates to the decimal years the World Magnetic Model takes as its time argument.
///
/// NOAA's WMM software (`MAG_DateToYear`) turns a calendar date into
/// `year + (dayOfYear − 1) / daysInYear`, with 366 days in Gregorian leap years. Lodestar does the
/// same and adds the fraction of the UTC day, so 2025-07-02T12:00:00Z is exactly 2025.5.
/// Leap seconds are ignored, as they are by `Date`.
public enum DecimalYear {
    /// The decimal year of an instant, in UTC, proleptic Gregorian calendar.
    ///
    /// - Returns: `year + (dayOfYear − 1 + fractionOfDay) / daysInYear`. For instants more than
    ///   about a billion years from 1970 the result is approximate (mean Gregorian year), but
    ///   always finite for finite input.
    public static func from(_ date: Date) -> Double {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite else { return .nan }
        let dayCount = (seconds / 86_400).rounded(.down)
        // Far outside any useful range: Int conversion would trap, and the model cannot be used.
        guard abs(dayCount) < 1e11 else { return 1970 + seconds / 31_556_952 }
        let days = Int(dayCount)
        let secondsOfDay = seconds - dayCount * 86_400
        let civil = civilDate(daysSince1970: days)
        let dayOfYear = days - daysSince1970(year: civil.year, month: 1, day: 1)
        let fraction = (Double(dayOfYear) + secondsOfDay / 86_400) / Double(daysInYear(civil.year))
        return Double(civil.year) + fraction
    }

    /// The decimal year at 00:00 UTC of a calendar date, as NOAA's `MAG_DateToYear` gives it.
    ///
    /// - Parameters:
    ///   - year: Gregorian year.
    ///   - month: 1…12.
    ///   - day: 1…(days in that month).
    /// - Throws: ``MagneticModelError/invalidCalendarDate(year:month:day:)`` for a date that does
    ///   not exist, such as 2025-02-29.
    public static func from(year: Int, month: Int, day: Int) throws(MagneticModelError) -> Double {
        guard abs(year) < 1_000_000, (1...12).contains(month),
              (1...daysInMonth(year: year, month: month)).contains(day)
        else { throw .invalidCalendarDate(year: year, month: month, day: day) }
        let dayOfYear = daysSince1970(year: year, month: month, day: day)
            - daysSince1970(year: year, month: 1, day: 1)
        return Double(year) + Double(dayOfYear) / Double(daysInYear(year))
    }

    /// True for Gregorian leap years.
    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// 365 or 366.
    public static func daysInYear(_ year: Int) -> Int { isLeapYear(year) ? 366 : 365 }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant, "chrono-Compatible
    /// Low-Level Date Algorithms", `days_from_civil`).
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let shiftedMonth = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day count from 1970-01-01 (Hinnant, `civil_from_days`).
    static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
