import Foundation

/// The minute of the last time a JSON time member wrote
/// (``JSONMemberCursor/add(_:time:fractionDigits:memo:)``) and its text up to the seconds, `2024-03-10T08:00:`: a time in the same minute, as a 1 Hz
/// receiver's next epochs are, is written as that text and its own seconds, without working out
/// the calendar again. The same text as ``ISO8601/write(_:fractionDigits:rounding:to:)``.
///
/// A value type: each writer keeps its own; not shared between threads.
package struct TimeTextMemo: Sendable {
    /// The minute kept, in minutes since 1970 (of the time rounded to `digits`), and the digits.
    var minute: Int64 = -1
    var digits = -1
    /// `YYYY-MM-DDTHH:MM:`, 17 bytes, in three words.
    var prefix: (UInt64, UInt64, UInt64) = (0, 0, 0)

    package init() {}

    /// The first instant the memo does not keep, seconds since 1970: 10000-01-01T00:00:00Z
    /// (a later year is not written as it is).
    static let end: Int64 = 253_402_300_800

    /// Writes `date` as ``ISO8601/write(_:fractionDigits:rounding:to:)`` does (rounded to the
    /// nearest unit, ties away from zero), at `p` (room for ``ISO8601/maximumLength`` bytes).
    /// - Returns: the bytes written.
    @inline(__always)
    mutating func write(_ date: Date, fractionDigits: Int, to p: UnsafeMutablePointer<UInt8>) -> Int {
        let d = min(max(fractionDigits, 0), 9)
        let unitsPerSecond = PowerOfTen.int64(d)
        // The units UTCCalendar.fields computes; a time before 1970 or from year 10000 on is
        // not kept (the prefix would not be the minute's), and is written as ever.
        let total = (date.timeIntervalSince1970 * Double(unitsPerSecond)).rounded(.toNearestOrAwayFromZero)
        guard total >= 0, total < min(Double(Self.end) * Double(unitsPerSecond), 9e18) else {
            minute = -1
            return ISO8601.write(date, fractionDigits: d, to: p)
        }
        let units = Int64(total)
        let unitsPerMinute = 60 &* unitsPerSecond
        let minute = units / unitsPerMinute
        let rest = units % unitsPerMinute
        let target = UnsafeMutableRawPointer(p)
        if minute == self.minute && d == digits {
            target.storeBytes(of: prefix.0, as: UInt64.self)
            target.storeBytes(of: prefix.1, toByteOffset: 8, as: UInt64.self)
            target.storeBytes(of: prefix.2, toByteOffset: 16, as: UInt64.self)
            DecimalText.writeTwoDigits(Int(rest / unitsPerSecond), to: p + 17)
            var n = 19
            if d > 0 {
                p[19] = UInt8(ascii: ".")
                n = 20 &+ DecimalText.writePadded(Int(rest % unitsPerSecond), digits: d, to: p + 20)
            }
            p[n] = UInt8(ascii: "Z")
            return n &+ 1
        }
        let n = ISO8601.write(date, fractionDigits: d, to: p)
        // The room holds at least 24 bytes (the text is at least 20): the prefix's words are read
        // inside it.
        let source = UnsafeRawPointer(p)
        prefix = (
            source.loadUnaligned(as: UInt64.self),
            source.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
            UInt64(source.load(fromByteOffset: 16, as: UInt8.self))
        )
        self.minute = minute
        digits = d
        return n
    }
}
