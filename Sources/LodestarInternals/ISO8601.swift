import Foundation

/// ISO 8601 UTC timestamps (RFC 3339 profile), written and read without `DateFormatter`: exact,
/// locale-free and fast enough to run once per epoch on million-line traces.
///
/// Written as `2024-05-01T12:34:56Z`, `2024-05-01T12:34:56.78Z` or `2024-05-01T12:34:56.789Z`:
/// gpsd and GPX use milliseconds, the synthesized traces' ground truth centiseconds, ride times
/// whole seconds. Leap seconds are not counted (POSIX time).
package enum ISO8601 {
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
        let digits = min(max(fractionDigits, 0), 9)
        guard let f = UTCCalendar.fields(date, fractionDigits: digits, rounding: rule) else {
            return appendPlaceholder(year: 1970, fractionDigits: digits, to: &out)
        }
        guard (0...9999).contains(f.year) else { return appendPlaceholder(year: 0, fractionDigits: digits, to: &out) }
        DecimalText.appendPadded(f.year, digits: 4, to: &out)
        out.append(UInt8(ascii: "-"))
        DecimalText.appendPadded(f.month, digits: 2, to: &out)
        out.append(UInt8(ascii: "-"))
        DecimalText.appendPadded(f.day, digits: 2, to: &out)
        out.append(UInt8(ascii: "T"))
        DecimalText.appendPadded(f.hour, digits: 2, to: &out)
        out.append(UInt8(ascii: ":"))
        DecimalText.appendPadded(f.minute, digits: 2, to: &out)
        out.append(UInt8(ascii: ":"))
        DecimalText.appendPadded(f.second, digits: 2, to: &out)
        if digits > 0 {
            out.append(UInt8(ascii: "."))
            DecimalText.appendPadded(f.fraction, digits: digits, to: &out)
        }
        out.append(UInt8(ascii: "Z"))
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

    /// `YYYY-01-01T00:00:00[.000]Z`, for instants that cannot be written.
    private static func appendPlaceholder(year: Int, fractionDigits: Int, to out: inout [UInt8]) {
        DecimalText.appendPadded(year, digits: 4, to: &out)
        out.append(contentsOf: "-01-01T00:00:00".utf8)
        if fractionDigits > 0 {
            out.append(UInt8(ascii: "."))
            out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: fractionDigits))
        }
        out.append(UInt8(ascii: "Z"))
    }
}
