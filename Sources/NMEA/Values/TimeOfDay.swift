/// A UTC time of day as an NMEA sentence gives it (`hhmmss.sss`), without a date.
///
/// Stored as nanoseconds since midnight, so that two times compare exactly. A leap second,
/// 23:59:60 (UTC inserts them at the end of a day only), is allowed, so the range is
/// 0 ..< 86 401 s; whether a day has one is ``CalendarDate/endsWithLeapSecond``.
public struct TimeOfDay: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Nanoseconds since 00:00:00 UTC, 0 ..< 86 401 × 10⁹.
    public let nanosecondsOfDay: Int64

    /// Makes a time of day from nanoseconds since midnight.
    @inlinable public init(nanosecondsOfDay: Int64) { self.nanosecondsOfDay = nanosecondsOfDay }

    /// Makes a time of day from its fields. Nil when a field is out of range (hour 0...23,
    /// minute 0...59, second 0...59, or 60 at 23:59 only, nanosecond 0 ..< 10⁹).
    public init?(hour: Int, minute: Int, second: Int, nanosecond: Int = 0) {
        guard (0...23).contains(hour), (0...59).contains(minute),
            (0...59).contains(second) || (second == 60 && hour == 23 && minute == 59),
            (0..<1_000_000_000).contains(nanosecond)
        else { return nil }
        nanosecondsOfDay = Int64((hour * 60 + minute) * 60 + second) * 1_000_000_000 + Int64(nanosecond)
    }

    /// Hour, 0...23.
    public var hour: Int { Int(nanosecondsOfDay / 3_600_000_000_000) }
    /// Minute, 0...59.
    public var minute: Int { Int(nanosecondsOfDay / 60_000_000_000 % 60) }
    /// Second, 0...60.
    public var second: Int {
        let s = Int(nanosecondsOfDay / 1_000_000_000)
        return s >= 86_400 ? 60 : s % 60
    }
    /// Fraction of the second, nanoseconds 0 ..< 10⁹.
    public var nanosecond: Int { Int(nanosecondsOfDay % 1_000_000_000) }
    /// Seconds since midnight, with the fraction.
    public var secondsOfDay: Double { Double(nanosecondsOfDay) / 1e9 }

    public static func < (a: TimeOfDay, b: TimeOfDay) -> Bool { a.nanosecondsOfDay < b.nanosecondsOfDay }

    /// `hh:mm:ss` with the fraction, trailing zeros removed: `"18:43:53.07"`, `"12:35:19"`.
    public var description: String {
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let hh = nanosecondsOfDay >= 86_400_000_000_000 ? 23 : hour
        let mm = nanosecondsOfDay >= 86_400_000_000_000 ? 59 : minute
        var text = "\(two(hh)):\(two(mm)):\(two(second))"
        var ns = nanosecond
        if ns > 0 {
            var digits = 9
            while ns % 10 == 0 {
                ns /= 10
                digits -= 1
            }
            let s = String(ns)
            text += "." + String(repeating: "0", count: digits - s.count) + s
        }
        return text
    }
}
