import Foundation
import Geodesy

/// One epoch of a synthesized trace: the truth, and what the receiver reported (as written in the
/// NMEA, after rounding). The rows of the ground-truth CSV.
public struct TraceEpoch: Sendable, Equatable {
    /// UTC time of the epoch.
    public var time: Date
    /// Seconds from the start of the trace.
    public var offset: Double
    /// True position.
    public var coordinate: Coordinate
    /// True speed, metres per second.
    public var speed: Double
    /// True course over ground, degrees in [0, 360); nil when stationary.
    public var course: Double?
    /// True heading, degrees in [0, 360); nil when the receiver has no heading sensor and is stationary.
    public var heading: Double?
    /// Whether the receiver reported a fix.
    public var hasFix: Bool
    /// Per-axis position noise σ written in GST (or used, when there is no GST), metres.
    public var sigma: Double
    /// The position written in the NMEA, when there is a fix.
    public var reported: Coordinate?
    /// The speed written, metres per second (converted back from knots as written).
    public var reportedSpeed: Double?
    /// The course written, degrees.
    public var reportedCourse: Double?
    /// The true heading written in HDT, degrees.
    public var reportedTrueHeading: Double?
    /// The magnetic sensor heading written in HDG or HDM, degrees.
    public var reportedMagneticHeading: Double?
    /// The variation written in HDG or RMC, degrees east positive.
    public var reportedVariation: Double?
    /// True when this epoch is an old epoch sent again (``TraceSpecification/Replay``).
    public var isRepeat: Bool

    /// The CSV header of ``csvRow``.
    public static let csvHeader =
        "time,lat,lon,speed,course,heading,fix,sigma,reported_lat,reported_lon,reported_speed,"
        + "reported_course,reported_true_heading,reported_magnetic_heading,reported_variation,repeat"

    /// The epoch as a CSV row; unknown values are empty fields.
    public var csvRow: String {
        func f(_ x: Double?, _ digits: Int) -> String { x.map { String(format: "%.\(digits)f", $0) } ?? "" }
        return [
            TraceTime.iso8601(time), f(coordinate.latitude, 8), f(coordinate.longitude, 8), f(speed, 3),
            f(course, 2), f(heading, 2), hasFix ? "1" : "0", f(sigma, 2),
            f(reported?.latitude, 9), f(reported?.longitude, 9), f(reportedSpeed, 4), f(reportedCourse, 1),
            f(reportedTrueHeading, 1), f(reportedMagneticHeading, 1), f(reportedVariation, 1), isRepeat ? "1" : "0",
        ].joined(separator: ",")
    }
}

/// UTC time formatting for traces, without locale or time-zone surprises.
public enum TraceTime {
    /// The UTC calendar fields of an instant, with centiseconds.
    public static func fields(_ date: Date) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, centiseconds: Int) {
        let total = (date.timeIntervalSince1970 * 100).rounded()
        let centis = Int(total)
        let days = Int((Double(centis) / 8_640_000).rounded(.down))
        let inDay = centis - days * 8_640_000
        let (y, m, d) = civil(fromDays: days)
        return (y, m, d, inDay / 360_000, (inDay / 6000) % 60, inDay % 6000)
    }

    /// "2026-03-14T09:30:00.00Z".
    public static func iso8601(_ date: Date) -> String {
        let f = fields(date)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d.%02dZ", f.year, f.month, f.day, f.hour, f.minute,
            f.centiseconds / 100, f.centiseconds % 100)
    }

    /// Parses "YYYY-MM-DDTHH:MM:SS[.ss]Z"; nil when malformed.
    public static func parse(_ text: String) -> Date? {
        let scanner = Array(text.utf8)
        guard scanner.count >= 20, text.hasSuffix("Z") else { return nil }
        func int(_ a: Int, _ b: Int) -> Int? { Int(String(decoding: scanner[a..<b], as: UTF8.self)) }
        guard let y = int(0, 4), let mo = int(5, 7), let d = int(8, 10), let h = int(11, 13), let mi = int(14, 16),
            let sec = Double(String(decoding: scanner[17..<(scanner.count - 1)], as: UTF8.self)),
            (1...12).contains(mo), (1...31).contains(d), h < 24, mi < 60, sec < 61
        else { return nil }
        let days = days(fromCivil: y, mo, d)
        return Date(timeIntervalSince1970: Double(days) * 86_400 + Double(h * 3600 + mi * 60) + sec)
    }

    /// Howard Hinnant's `days_from_civil` (chrono-Compatible Low-Level Date Algorithms, 2013).
    public static func days(fromCivil year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// Howard Hinnant's `civil_from_days`.
    public static func civil(fromDays days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp + (mp < 10 ? 3 : -9)
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}
