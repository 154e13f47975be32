import Foundation

extension ISO8601 {
    /// Reads `YYYY-MM-DDTHH:MM:SS[.fraction]` followed by `Z` or an offset `±HH:MM` (also `±HHMM`
    /// or `±HH`), as RFC 3339 writes it.
    ///
    /// - Returns: the instant, or nil when the text is malformed or names a date or time that does
    ///   not exist (month 1...12, day within the month, hour < 24, minute < 60, second < 61,
    ///   offset below 24 h). A leap second 23:59:60 is the next midnight.
    package static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(utf8: $0) }
    }

    /// ``parse(_:)`` on UTF-8 bytes: no copy of them is made (a gpsd TPV's time is read from the
    /// line libgps holds).
    package static func parse(utf8 b: UnsafeBufferPointer<UInt8>) -> Date? {
        guard b.count >= 20, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"),
            b[10] == UInt8(ascii: "T") || b[10] == UInt8(ascii: "t"),
            b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"),
            let year = number(b, 0..<4), let month = number(b, 5..<7), let day = number(b, 8..<10),
            let hour = number(b, 11..<13), let minute = number(b, 14..<16), let second = number(b, 17..<19),
            (1...12).contains(month), (1...UTCCalendar.daysInMonth(year: year, month: month)).contains(day),
            hour < 24, minute < 60, second < 61
        else { return nil }
        var i = 19
        if b[i] == UInt8(ascii: ".") {
            i += 1
            while i < b.count, (48...57).contains(b[i]) { i += 1 }
            guard i > 20 else { return nil }
        }
        // The seconds with their fraction are read as one decimal number, so that the Double is the
        // one closest to what is written: up to 13 fraction digits, the digits as an exact integer
        // divided once by the exact power of ten (one correctly rounded division, as Double's
        // parser rounds); more through Double's parser.
        guard let offset = offsetSeconds(UnsafeBufferPointer(rebasing: b[i...])),
            let secondsOfMinute = i - 20 <= 13
                ? secondsDecimal(second, b, fraction: 20..<max(i, 20))
                : Double(String(decoding: b[17..<i], as: UTF8.self))
        else { return nil }
        let days = UTCCalendar.daysFromCivil(year: year, month: month, day: day)
        let seconds = Double(days) * 86_400 + Double(hour * 3600 + minute * 60 - offset) + secondsOfMinute
        return Date(timeIntervalSince1970: seconds)
    }

    /// `Z` → 0, `±HH:MM` / `±HHMM` / `±HH` → seconds east of UTC; nil for anything else.
    /// `second` and the fraction digits `b[fraction]` (at most 13, all digits) as the nearest
    /// Double to their decimal value.
    private static func secondsDecimal(_ second: Int, _ b: UnsafeBufferPointer<UInt8>, fraction: Range<Int>) -> Double? {
        guard !fraction.isEmpty else { return Double(second) }
        var mantissa = Int64(second)
        for k in fraction {
            mantissa = mantissa &* 10 &+ Int64(b[k] &- 48)
        }
        return Double(mantissa) / PowerOfTen.double(fraction.count)
    }

    private static func offsetSeconds(_ s: UnsafeBufferPointer<UInt8>) -> Int? {
        if s.count == 1, s[0] == UInt8(ascii: "Z") || s[0] == UInt8(ascii: "z") { return 0 }
        guard let sign = s.first.flatMap({ $0 == UInt8(ascii: "+") ? 1 : $0 == UInt8(ascii: "-") ? -1 : nil }) else { return nil }
        let digits: [UInt8]
        switch s.count {
        case 3, 5: digits = Array(s[1...])
        case 6 where s[3] == UInt8(ascii: ":"): digits = [s[1], s[2], s[4], s[5]]
        default: return nil
        }
        guard let hours = number(digits, 0..<2), hours < 24 else { return nil }
        let minutes = digits.count == 4 ? number(digits, 2..<4) : 0
        guard let minutes, minutes < 60 else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }

    /// The decimal number written in `b[range]`, ASCII digits only.
    private static func number<Bytes: RandomAccessCollection<UInt8>>(_ b: Bytes, _ range: Range<Int>) -> Int?
    where Bytes.Index == Int {
        var value = 0
        for i in range {
            guard (48...57).contains(b[i]) else { return nil }
            value = value * 10 + Int(b[i] - 48)
        }
        return value
    }
}
