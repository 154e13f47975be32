import Foundation
import Glibc
import LodestarInternals

/// The `time` of a gpsd report, checked against the text gpsd sent.
///
/// libgps converts any `"time"` string to a timespec without saying whether it made sense:
/// `"not-a-time"` becomes 1899-12-31, `2024-02-30T25:61:61` a normalised instant. So the text
/// itself is read from the line and checked with Lodestar's ISO 8601 reader
/// (`ISO8601.parse`: month 1...12, a day that exists in its month, hour < 24, minute < 60,
/// second ≤ 60), and must not be before the GPS epoch (1980-01-06), which no GNSS receiver reports.
enum ReportTime {
    /// The start of GPS time, 1980-01-06T00:00:00Z, in seconds since 1970.
    static let gpsEpoch: TimeInterval = 315_964_800

    /// Why the report's time is refused, or nil when it is valid or absent.
    static func problem(inLine line: UnsafePointer<CChar>) -> String? {
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(line).assumingMemoryBound(to: UInt8.self), count: strlen(line))
        // Read from the bytes of the line: the time is not copied into a String unless it is
        // refused (issue 22: each TPV of track passes here).
        guard let range = memberValue(timeKey, of: bytes) else { return nil }
        let value = UnsafeBufferPointer(rebasing: bytes[range])
        func text() -> String { String(decoding: value, as: UTF8.self) }
        guard let date = ISO8601.parse(utf8: value) else { return "time '\(text())' is not a valid ISO 8601 UTC time" }
        guard date.timeIntervalSince1970 >= gpsEpoch else { return "time '\(text())' is before the GPS epoch (1980-01-06)" }
        return nil
    }

    private static let timeKey = Array("time".utf8)

    /// The string value of the top-level member `name` of a one-line JSON object, without
    /// unescaping (gpsd's times have no escapes); nil when there is none or it is not a string.
    static func member(_ name: String, of line: UnsafeBufferPointer<UInt8>) -> String? {
        memberValue(Array(name.utf8), of: line).map { String(decoding: line[$0], as: UTF8.self) }
    }

    /// Where the string value of the top-level member `key` (its UTF-8 bytes) lies in `line`,
    /// without its quotes; see ``member(_:of:)``.
    private static func memberValue(_ key: [UInt8], of line: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        let quote = UInt8(ascii: "\"")
        var i = 0
        var depth = 0
        var lastString: Range<Int>?
        while i < line.count {
            let byte = line[i]
            if byte == quote {
                let start = i + 1
                i = start
                while i < line.count, line[i] != quote {
                    i += line[i] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard i < line.count else { return nil }
                let string = start..<i
                // A string value right after `"name":` at the object's top level.
                if depth == 1, let k = lastString, equal(line, k, key), follows(colonAfter: k, upTo: start, in: line) {
                    return string
                }
                lastString = string
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                depth += 1
                lastString = nil
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                depth -= 1
                lastString = nil
            } else if byte == UInt8(ascii: ",") {
                lastString = nil
            }
            i += 1
        }
        return nil
    }

    /// Whether the bytes `line[range]` are `key`'s: compared in place, byte by byte (a key is a
    /// few bytes; a generic comparison of the slice cost more than the walk of the line).
    private static func equal(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ key: [UInt8]) -> Bool {
        guard range.count == key.count else { return false }
        var k = 0
        for i in range {
            if line[i] != key[k] { return false }
            k += 1
        }
        return true
    }

    /// Whether only blanks and one colon lie between the string `key` and the quote that opens
    /// the next string at `valueStart - 1`.
    private static func follows(colonAfter key: Range<Int>, upTo valueStart: Int, in line: UnsafeBufferPointer<UInt8>) -> Bool {
        var colons = 0
        var i = key.upperBound + 1
        while i < valueStart - 1 {
            switch line[i] {
            case UInt8(ascii: ":"): colons += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"): break
            default: return false
            }
            i += 1
        }
        return colons == 1
    }
}
