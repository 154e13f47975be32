import Glibc
import LodestarInternals

/// The lines of one connection that libgps turned into no report Lodestar reads, and the warnings
/// they deserve.
///
/// gpsd's own reports Lodestar has no use for (`VERSION`, `DEVICES`, `WATCH`, `SKY`, any other
/// `{"class":"NAME",...}` object) pass in silence. Warned about:
/// - an `ERROR` object: gpsd's message;
/// - a `TPV` or `ATT` that libgps could not read, or that is not a whole JSON object (libgps
///   half-reads it: a TPV cut short comes out as a fix with a mode and no position);
/// - anything else: not a gpsd report at all (a wrong port, a server talking garbage), an empty
///   line or one that starts with a NUL byte.
///
/// A peer that talks garbage must not flood the consumer with warnings: the first five of a
/// connection are reported, then one at each power of ten (10, 100, 1000 ...) with the count.
struct UnreadLines {
    /// Lines of this connection warned about or counted.
    private(set) var count = 0

    /// The longest line libgps 3.22 reads, line end included: its client buffer
    /// (`GPS_JSON_RESPONSE_MAX` × 2 bytes). A longer line fills the buffer and the connection can
    /// only be closed.
    static let libgpsLineLimit = 20_480

    /// Bytes of an offending line quoted in a warning.
    static let quotedBytes = 60

    /// Notes a line libgps made no TPV, ATT or NMEA report of. Returns the warning due, if any.
    mutating func note(_ line: UnsafePointer<CChar>) -> String? {
        Self.problem(Self.bytes(line)).flatMap { warning(for: $0) }
    }

    /// Notes a TPV or ATT that is not a whole JSON object (cut short, or unbalanced), which libgps
    /// half-reads. Returns the warning due, if any.
    mutating func malformed(_ line: UnsafePointer<CChar>) -> String? {
        warning(for: "a report that is not a whole JSON object: \(Self.quote(Self.bytes(line)))")
    }

    /// Counts one refused line; the warning for it when it is among the first five of the
    /// connection or its count is a power of ten.
    private mutating func warning(for problem: String) -> String? {
        count += 1
        if count <= 5 { return problem }
        var power = 10
        while power < count, power <= Int.max / 10 { power *= 10 }
        return power == count ? "\(count) lines from gpsd refused so far on this connection; the last: \(problem)" : nil
    }

    /// What is wrong with a line, nil for a gpsd report Lodestar does not use. The class name is
    /// compared as bytes: every SKY, GST or other report of `track` passes here.
    static func problem(_ line: UnsafeBufferPointer<UInt8>) -> String? {
        guard line.starts(with: classPrefix) else {
            return line.isEmpty
                ? "an empty line, or one that starts with a NUL byte"
                : "a line that is not a gpsd report: \(quote(line))"
        }
        let name = line.dropFirst(classPrefix.count).prefix { $0 != UInt8(ascii: "\"") }
        if name.elementsEqual("ERROR".utf8) { return "gpsd reports an error: \(quote(line))" }
        if name.elementsEqual("TPV".utf8) || name.elementsEqual("ATT".utf8) {
            return "a report libgps could not read: \(quote(line))"
        }
        return nil
    }

    /// How every gpsd report begins.
    private static let classPrefix: [UInt8] = Array(#"{"class":""#.utf8)

    /// Whether a line is one whole JSON object: `{` first, its closing `}` last (a CR may
    /// follow), brackets balanced outside strings, every string closed. A nil line passes.
    static func isWholeObject(_ line: UnsafePointer<CChar>?) -> Bool {
        guard let line else { return true }
        return isWholeObject(bytes(line))
    }

    /// The same check on the bytes of a line (its length known). Each report of
    /// `track --json` passes here, so it looks only at the bytes that matter (a quote, a
    /// backslash, the four brackets), found 16 at a time (SSE2 once compiled); the others are
    /// never visited one by one (issue 22: a walk of every byte was 30% of Lodestar's share of an
    /// epoch; an enumerated slice before it, more).
    static func isWholeObject(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let p = line.baseAddress else { return false }
        var end = line.count
        if end > 0, p[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        guard end > 0, p[0] == UInt8(ascii: "{"), p[end - 1] == UInt8(ascii: "}") else { return false }
        var walk = ObjectWalk(last: end - 1)
        var i = 0
        while i &+ 16 <= end {
            let x = UnsafeRawPointer(p + i).loadUnaligned(as: SIMD16<UInt8>.self)
            // `{` and `[`, `}` and `]`: of all bytes, only these pairs differ in bit 5 alone.
            let folded = x | SIMD16(repeating: 0x20)
            let marks = ByteLanes.halves(
                x .== SIMD16(repeating: ObjectWalk.quote) .| x .== SIMD16(repeating: ObjectWalk.backslash)
                    .| folded .== SIMD16(repeating: ObjectWalk.open) .| folded .== SIMD16(repeating: ObjectWalk.close))
            var low = marks[0] & 0x8080_8080_8080_8080
            var high = marks[1] & 0x8080_8080_8080_8080
            while low != 0 {
                let k = i &+ low.trailingZeroBitCount &>> 3
                guard walk.step(p[k], at: k) else { return false }
                low &= low &- 1
            }
            while high != 0 {
                let k = i &+ 8 &+ high.trailingZeroBitCount &>> 3
                guard walk.step(p[k], at: k) else { return false }
                high &= high &- 1
            }
            i &+= 16
        }
        while i < end {
            guard walk.step(p[i], at: i) else { return false }
            i &+= 1
        }
        return walk.isClosed
    }

    /// The state of ``isWholeObject(_:)-(UnsafeBufferPointer<UInt8>)`` along a line: the
    /// bracket depth outside strings, whether a string is open, and the byte a backslash in it
    /// escapes. It may be shown every byte, or only the quotes, backslashes and brackets.
    struct ObjectWalk {
        static var quote: UInt8 { UInt8(ascii: "\"") }
        static var backslash: UInt8 { UInt8(ascii: "\\") }
        /// `{` or `[` with bit 5 set.
        static var open: UInt8 { UInt8(ascii: "{") }
        /// `}` or `]` with bit 5 set.
        static var close: UInt8 { UInt8(ascii: "}") }

        /// Index of the line's last byte (its closing `}`), where alone the first object may close.
        let last: Int
        var depth = 0
        var inString = false
        /// Index of the byte the last backslash in a string escapes.
        var escaped = -1

        init(last: Int) { self.last = last }

        /// Takes the byte at index `i` (indices increasing); false when the line cannot be one
        /// whole object (a bracket closes what is not open, or the first object closes before
        /// the end).
        @inline(__always)
        mutating func step(_ byte: UInt8, at i: Int) -> Bool {
            if inString {
                if i == escaped { return true }
                if byte == Self.quote {
                    inString = false
                } else if byte == Self.backslash {
                    escaped = i &+ 1
                }
                return true
            }
            if byte == Self.quote {
                inString = true
            } else if byte | 0x20 == Self.open {
                depth &+= 1
            } else if byte | 0x20 == Self.close {
                depth &-= 1
                if depth < 0 || (depth == 0 && i != last) { return false }
            }
            return true
        }

        /// Every bracket closed and no string open.
        var isClosed: Bool { depth == 0 && !inString }
    }

    static func bytes(_ line: UnsafePointer<CChar>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: UnsafeRawPointer(line).assumingMemoryBound(to: UInt8.self), count: strlen(line))
    }

    /// The first ``quotedBytes`` bytes of a line, quoted, other bytes than printable ASCII
    /// escaped as `\xNN`, and its length when it is cut.
    static func quote(_ line: UnsafeBufferPointer<UInt8>) -> String {
        var text = "'"
        for byte in line.prefix(quotedBytes) {
            if (0x20..<0x7F).contains(byte), byte != UInt8(ascii: "\\") {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                text += "\\x" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        text += "'"
        if line.count > quotedBytes { text += " (\(line.count) bytes)" }
        return text
    }
}
