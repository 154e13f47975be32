import Foundation
import LodestarInternals

/// A JSON document as values, read by ``JSONValue/parse(_:)``: what ``RegionCollection`` reads
/// GeoJSON with. Foundation's `JSONSerialization` took 2.3 s and 960 MB for 100,000 circle
/// features (13.7 MB) on Linux, an object per value; this reader takes a small fraction of both.
///
/// Strict RFC 8259: no NaN or infinities, no trailing commas, no comments, strings valid UTF-8
/// with control characters escaped; nesting at most ``maximumDepth`` deep. Objects keep their
/// members in order; a repeated name's first value is the one read.
enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.number(let x), .number(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)): x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// Nesting deeper than this is refused (GeoJSON needs 7: collection, features, feature,
    /// geometry, coordinates of a multipolygon, polygon, ring, position).
    static let maximumDepth = 64

    /// The value of member `name` of an object; nil for a missing member or a value that is not an object.
    subscript(name: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        let length = name.utf8.count
        return members.first { $0.0.utf8.count == length && $0.0 == name }?.1
    }

    var string: String? { if case .string(let s) = self { s } else { nil } }
    var number: Double? { if case .number(let n) = self { n } else { nil } }
    var array: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    var isObject: Bool { if case .object = self { true } else { false } }

    /// Why a text is not JSON: where (line and column, from 1) and what.
    struct SyntaxError: Error, Sendable, CustomStringConvertible {
        var line: Int
        var column: Int
        var reason: String
        var description: String { "line \(line), column \(column): \(reason)" }
    }

    /// Parses one JSON text (surrounding white space allowed).
    static func parse(_ data: Data) throws(SyntaxError) -> JSONValue {
        // A terminating NUL lets strtod read a number at the very end without going past it.
        var bytes = [UInt8](data)
        bytes.append(0)
        return try bytes.withUnsafeBufferPointer { (b) throws(SyntaxError) -> JSONValue in
            guard let base = b.baseAddress else { return .null }
            var parser = Parser(bytes: b, base: base, end: b.count - 1)
            parser.skipSpace()
            let value = try parser.value(depth: 0)
            parser.skipSpace()
            guard parser.i == parser.end else { throw parser.error("text after the JSON value") }
            return value
        }
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        let base: UnsafePointer<UInt8>
        let end: Int
        var i = 0

        init(bytes: UnsafeBufferPointer<UInt8>, base: UnsafePointer<UInt8>, end: Int) {
            self.bytes = bytes
            self.base = base
            self.end = end
        }

        func error(_ reason: String) -> SyntaxError {
            var line = 1
            var column = 1
            for k in 0..<min(i, end) {
                if bytes[k] == 0x0A {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            }
            return SyntaxError(line: line, column: column, reason: reason)
        }

        mutating func skipSpace() {
            while i < end, case let c = bytes[i], c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { i += 1 }
        }

        mutating func value(depth: Int) throws(SyntaxError) -> JSONValue {
            guard i < end else { throw error("unexpected end of the text") }
            switch bytes[i] {
            case UInt8(ascii: "{"): return try object(depth: depth + 1)
            case UInt8(ascii: "["): return try array(depth: depth + 1)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"):
                try literal("true")
                return .bool(true)
            case UInt8(ascii: "f"):
                try literal("false")
                return .bool(false)
            case UInt8(ascii: "n"):
                try literal("null")
                return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            default: throw error("unexpected character")
            }
        }

        mutating func literal(_ word: StaticString) throws(SyntaxError) {
            let n = word.utf8CodeUnitCount
            guard end - i >= n, memcmp(base + i, word.utf8Start, n) == 0 else {
                throw error("invalid literal")
            }
            i += n
        }

        mutating func object(depth: Int) throws(SyntaxError) -> JSONValue {
            guard depth <= JSONValue.maximumDepth else { throw error("nested deeper than \(JSONValue.maximumDepth)") }
            i += 1
            var members: [(String, JSONValue)] = []
            skipSpace()
            if i < end && bytes[i] == UInt8(ascii: "}") {
                i += 1
                return .object(members)
            }
            while true {
                skipSpace()
                guard i < end, bytes[i] == UInt8(ascii: "\"") else { throw error("expected a member name") }
                let name = try string()
                skipSpace()
                guard i < end, bytes[i] == UInt8(ascii: ":") else { throw error("expected ':'") }
                i += 1
                skipSpace()
                let v = try value(depth: depth)
                // The byte counts first: different names usually differ in length.
                let length = name.utf8.count
                if !members.contains(where: { $0.0.utf8.count == length && $0.0 == name }) { members.append((name, v)) }
                skipSpace()
                guard i < end else { throw error("unexpected end of the text in an object") }
                if bytes[i] == UInt8(ascii: ",") {
                    i += 1
                    continue
                }
                guard bytes[i] == UInt8(ascii: "}") else { throw error("expected ',' or '}'") }
                i += 1
                return .object(members)
            }
        }

        mutating func array(depth: Int) throws(SyntaxError) -> JSONValue {
            guard depth <= JSONValue.maximumDepth else { throw error("nested deeper than \(JSONValue.maximumDepth)") }
            i += 1
            var elements: [JSONValue] = []
            skipSpace()
            if i < end && bytes[i] == UInt8(ascii: "]") {
                i += 1
                return .array(elements)
            }
            while true {
                skipSpace()
                elements.append(try value(depth: depth))
                skipSpace()
                guard i < end else { throw error("unexpected end of the text in an array") }
                if bytes[i] == UInt8(ascii: ",") {
                    i += 1
                    continue
                }
                guard bytes[i] == UInt8(ascii: "]") else { throw error("expected ',' or ']'") }
                i += 1
                return .array(elements)
            }
        }

        /// Skips decimal digits. - Returns: how many.
        mutating func digits() -> Int {
            var ignored: UInt64 = 0
            return digits(into: &ignored)
        }

        /// Skips decimal digits, accumulating them into `mantissa` (wrapping past 19 digits).
        /// - Returns: how many.
        mutating func digits(into mantissa: inout UInt64) -> Int {
            let s = i
            while i < end, case let d = bytes[i] &- 0x30, d <= 9 {
                mantissa = mantissa &* 10 &+ UInt64(d)
                i += 1
            }
            return i - s
        }

        /// A number by the JSON grammar, correctly rounded: at most 15 significant digits and no
        /// exponent (a GeoJSON coordinate, a radius) is one exact division (Clinger's fast path:
        /// both operands are exact doubles); any other is converted by strtod.
        mutating func number() throws(SyntaxError) -> Double {
            let start = i
            let negative = bytes[i] == UInt8(ascii: "-")
            if negative { i += 1 }
            guard i < end, bytes[i] >= 0x30 && bytes[i] <= 0x39 else { throw error("a number needs digits") }
            var mantissa: UInt64 = 0
            var count = 0
            if bytes[i] == 0x30 { i += 1 } else { count = digits(into: &mantissa) }
            var fraction = 0
            if i < end && bytes[i] == UInt8(ascii: ".") {
                i += 1
                fraction = digits(into: &mantissa)
                guard fraction > 0 else { throw error("a number needs digits after '.'") }
                count += fraction
            }
            if i < end && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
                i += 1
                if i < end && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { i += 1 }
                guard digits() > 0 else { throw error("a number needs digits in its exponent") }
            } else if count <= 15 {
                // mantissa < 10¹⁵ < 2⁵³ and 10^fraction (≤ 10¹⁵) are exact: one rounding.
                let value = Double(mantissa) / PowerOfTen.double(fraction)
                return negative ? -value : value
            }
            let p = UnsafeRawPointer(base + start).assumingMemoryBound(to: CChar.self)
            let value = strtod(p, nil)
            guard value.isFinite else {
                i = start
                throw error("a number too large for a double")
            }
            return value
        }

        /// A string, its escapes decoded; refused when not valid UTF-8 or holding a control character.
        mutating func string() throws(SyntaxError) -> String {
            i += 1
            let start = i
            var escaped = false
            var ascii = true
            while i < end {
                let c = bytes[i]
                if c == UInt8(ascii: "\"") { break }
                if c < 0x20 { throw error("a control character in a string") }
                if c >= 0x80 { ascii = false }
                if c == UInt8(ascii: "\\") {
                    escaped = true
                    i += 1
                }
                i += 1
            }
            guard i < end else { throw error("a string without its closing quote") }
            let raw = UnsafeBufferPointer(rebasing: bytes[start..<i])
            i += 1
            // ASCII is valid UTF-8: no validation (a tenth of reading 100,000 features).
            if !escaped && ascii { return String(decoding: raw, as: UTF8.self) }
            if !escaped {
                guard let s = String(validating: raw, as: UTF8.self) else { throw error("a string that is not valid UTF-8") }
                return s
            }
            var out: [UInt8] = []
            out.reserveCapacity(raw.count)
            var k = 0
            while k < raw.count {
                let c = raw[k]
                guard c == UInt8(ascii: "\\") else {
                    out.append(c)
                    k += 1
                    continue
                }
                guard k + 1 < raw.count else { throw error("a bad escape") }
                let e = raw[k + 1]
                k += 2
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    guard var scalar = hex4(raw, k) else { throw error("a bad \\u escape") }
                    k += 4
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard k + 6 <= raw.count, raw[k] == UInt8(ascii: "\\"), raw[k + 1] == UInt8(ascii: "u"),
                            let low = hex4(raw, k + 2), (0xDC00..<0xE000).contains(low)
                        else {
                            throw error("a lone surrogate in a \\u escape")
                        }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        k += 6
                    }
                    guard let u = Unicode.Scalar(scalar) else { throw error("a lone surrogate in a \\u escape") }
                    out.append(contentsOf: String(Character(u)).utf8)
                default: throw error("a bad escape")
                }
            }
            guard let s = String(validating: out, as: UTF8.self) else { throw error("a string that is not valid UTF-8") }
            return s
        }

        private func hex4(_ raw: UnsafeBufferPointer<UInt8>, _ at: Int) -> UInt32? {
            guard at + 4 <= raw.count else { return nil }
            var v: UInt32 = 0
            for k in at..<(at + 4) {
                let c = raw[k]
                let d: UInt8
                switch c {
                case 0x30...0x39: d = c - 0x30
                case 0x41...0x46: d = c - 0x41 + 10
                case 0x61...0x66: d = c - 0x61 + 10
                default: return nil
                }
                v = v << 4 | UInt32(d)
            }
            return v
        }
    }
}
