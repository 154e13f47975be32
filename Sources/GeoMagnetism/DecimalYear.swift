import Foundation
import LodestarInternals

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
        let civil = UTCCalendar.civilFromDays(days)
        let dayOfYear = days - UTCCalendar.daysFromCivil(year: civil.year, month: 1, day: 1)
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
            (1...UTCCalendar.daysInMonth(year: year, month: month)).contains(day)
        else { throw .invalidCalendarDate(year: year, month: month, day: day) }
        let dayOfYear =
            UTCCalendar.daysFromCivil(year: year, month: month, day: day)
            - UTCCalendar.daysFromCivil(year: year, month: 1, day: 1)
        return Double(year) + Double(dayOfYear) / Double(daysInYear(year))
    }

    /// True for Gregorian leap years.
    public static func isLeapYear(_ year: Int) -> Bool { UTCCalendar.isLeapYear(year) }

    /// 365 or 366.
    public static func daysInYear(_ year: Int) -> Int { UTCCalendar.daysInYear(year) }
}
