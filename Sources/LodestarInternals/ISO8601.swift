import Foundation

/// ISO 8601 UTC timestamps (RFC 3339 profile), written and read without `DateFormatter`: exact,
/// locale-free and fast enough to run once per epoch on million-line traces.
///
/// Written as `2024-05-01T12:34:56Z`, `2024-05-01T12:34:56.78Z` or `2024-05-01T12:34:56.789Z`:
/// gpsd and GPX use milliseconds, the synthesized traces' ground truth centiseconds, ride times
/// whole seconds. Leap seconds are not counted (POSIX time).
package enum ISO8601 {
    /// The most bytes ``write(_:fractionDigits:rounding:to:)`` writes:
    /// `YYYY-MM-DDTHH:MM:SS.fffffffffZ`.
    package static let maximumLength = 30

    /// Appends `date` in UTC with `fractionDigits` (0...9) digits of the second, rounded to the
    /// nearest unit (ties away from zero) unless `rule` says otherwise.
    ///
    /// An instant that is not finite, or too far from 1970 to convert, is written as
    /// `1970-01-01T00:00:00Z`; a year outside 0...9999 as `0000-01-01T00:00:00Z` (with the same
    /// number of fraction digits, all zero).
    package static func append(
        _ date: Date, fractionDigits: Int, rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero,
        to out: inout [UInt8]
    ) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumLength) { text in
            guard let base = text.baseAddress else { return }
            let n = write(date, fractionDigits: fractionDigits, rounding: rule, to: base)
            out.append(contentsOf: UnsafeBufferPointer(start: base, count: n))
        }
    }

    /// Writes `date` as ``append(_:fractionDigits:rounding:to:)`` does, at `p`, which has room for
    /// ``maximumLength`` bytes: the JSON writer's in-place path (gpsd's TPV `time`).
    /// - Returns: the bytes written.
    package static func write(
        _ date: Date, fractionDigits: Int, rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero,
        to p: UnsafeMutablePointer<UInt8>
    ) -> Int {
        let digits = min(max(fractionDigits, 0), 9)
        var f =
            UTCCalendar.fields(date, fractionDigits: digits, rounding: rule)
            ?? UTCCalendar.Fields(
                year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0, fraction: 0, fractionDigits: digits)
        if !(0...9999).contains(f.year) {
            f = UTCCalendar.Fields(year: 0, month: 1, day: 1, hour: 0, minute: 0, second: 0, fraction: 0, fractionDigits: digits)
        }
        DecimalText.writeTwoDigits(f.year / 100, to: p)
        DecimalText.writeTwoDigits(f.year % 100, to: p + 2)
        p[4] = UInt8(ascii: "-")
        DecimalText.writeTwoDigits(f.month, to: p + 5)
        p[7] = UInt8(ascii: "-")
        DecimalText.writeTwoDigits(f.day, to: p + 8)
        p[10] = UInt8(ascii: "T")
        DecimalText.writeTwoDigits(f.hour, to: p + 11)
        p[13] = UInt8(ascii: ":")
        DecimalText.writeTwoDigits(f.minute, to: p + 14)
        p[16] = UInt8(ascii: ":")
        DecimalText.writeTwoDigits(f.second, to: p + 17)
        var n = 19
        if digits > 0 {
            p[19] = UInt8(ascii: ".")
            n = 20 + DecimalText.writePadded(f.fraction, digits: digits, to: p + 20)
        }
        p[n] = UInt8(ascii: "Z")
        return n + 1
    }

    /// `date` as an ISO 8601 UTC string (see ``append(_:fractionDigits:rounding:to:)``).
    package static func string(
        _ date: Date, fractionDigits: Int, rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero
    ) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(30)
        append(date, fractionDigits: fractionDigits, rounding: rule, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
