import Foundation

/// A JSON text read in place, value by value, with no tree of values: what Lodestar's GeoJSON
/// reader reads regions with, and RideAPI's batch reader the batched form of vehicle positions. The caller walks the text (``enterObject(depth:)``, ``memberName()``,
/// ``nextMember()``, ``enterArray(depth:)``, ``nextElement()``) and keeps what it needs;
/// ``skipValue(depth:)`` checks and passes over the rest. Foundation's `JSONSerialization` took
/// 2.3 s and 960 MB for 100,000 circle features (13.7 MB) on Linux, an object per value; a tree of
/// enum values 0.9 s; this reader allocates nothing for the text it passes over.
///
/// Strict RFC 8259: no NaN or infinities, no trailing commas, no comments, strings valid UTF-8
/// with control characters escaped; nesting at most ``maximumDepth`` deep. Every function checks
/// what it reads, so a walk that reaches the end of the text has checked all of it, and the first
/// fault met is the one reported, with its line and column.
///
/// The scanner borrows the text's bytes: use it only inside ``scan(_:_:)``.
///
/// Public, not `package`, with its reading functions `@inlinable`: Swift 6.3 does not serialize
/// the body of an `@inlinable package` function, and the GeoJSON reader in another module called
/// each of them out of line, a dozen calls a feature (issue 25). LodestarInternals is no product.
public struct JSONScanner {
    /// Why a text is not JSON: where (line and column, from 1) and what.
    public struct SyntaxError: Error, Sendable, CustomStringConvertible {
        public var line: Int
        public var column: Int
        public var reason: String
        public var description: String { "line \(line), column \(column): \(reason)" }
    }

    /// What a value is, told by its first byte.
    public enum Kind: Equatable {
        case object, array, string, number, boolean, null
    }

    /// A value the scanner has passed over: where it lies, what it is, and a number's value, so
    /// that it can be read again (``string(_:)``, ``forEachElement(of:_:)``) without checking it again.
    public struct Value {
        /// Its first byte's offset in the text.
        public var start: Int
        /// The offset just past its last byte.
        public var end: Int
        public var kind: Kind
        /// Whether a string holds an escape (then its text differs from its bytes).
        public var escaped = false
        /// A number's value; 0 for other kinds.
        public var number = 0.0

        @inlinable
        public init(start: Int, end: Int, kind: Kind, escaped: Bool = false, number: Double = 0) {
            self.start = start
            self.end = end
            self.kind = kind
            self.escaped = escaped
            self.number = number
        }

        /// A string value's bytes between its quotes.
        @inlinable public var raw: RawString { RawString(start: start + 1, end: end - 1, escaped: escaped) }
    }

    /// A string as it stands in the text, between its quotes: its bytes' offsets, and whether it
    /// holds an escape (then its text differs from its bytes).
    public struct RawString {
        public var start: Int
        public var end: Int
        public var escaped: Bool

        @inlinable
        public init(start: Int, end: Int, escaped: Bool) {
            self.start = start
            self.end = end
            self.escaped = escaped
        }
    }

    /// Nesting deeper than this is refused (GeoJSON needs 7: collection, features, feature,
    /// geometry, coordinates of a multipolygon, polygon, ring, position).
    public static let maximumDepth = 64

    @usableFromInline let base: UnsafePointer<UInt8>
    /// The text's length, bytes.
    public let end: Int
    /// The offset of the next byte to read.
    @usableFromInline var i = 0
    /// The offset of the next byte to read.
    @inlinable public var offset: Int { i }

    private init(base: UnsafePointer<UInt8>, end: Int) {
        self.base = base
        self.end = end
    }

    /// Calls `body` with a scanner at the start of `data`'s bytes (at its first non-space byte).
    public static func scan<R, E: Error>(_ data: some ContiguousBytes, _ body: (inout JSONScanner) throws(E) -> R) throws(E) -> R
    {
        let result: Result<R, E> = data.withUnsafeBytes { raw in
            // An empty text still needs a valid address: one byte of our own.
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1) { spare in
                let bytes = raw.bindMemory(to: UInt8.self)
                guard let base = bytes.baseAddress ?? UnsafePointer(spare.baseAddress) else {
                    preconditionFailure("a temporary allocation has an address")
                }
                var scanner = JSONScanner(base: base, end: bytes.count)
                scanner.skipSpace()
                do throws(E) { return .success(try body(&scanner)) } catch { return .failure(error) }
            }
        }
        return try result.get()
    }

    /// The error `reason` at the current byte.
    public func error(_ reason: String) -> SyntaxError {
        var line = 1
        var column = 1
        for k in 0..<min(i, end) {
            if base[k] == 0x0A {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return SyntaxError(line: line, column: column, reason: reason)
    }

    /// Passes over white space.
    @inlinable @inline(__always)
    public mutating func skipSpace() {
        // One comparison when no space follows (compact JSON): every white-space byte is ≤ 0x20.
        guard i < end, base[i] <= 0x20 else { return }
        var j = i
        while j < end, case let c = base[j], c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { j &+= 1 }
        i = j
    }

    /// Throws unless the text ends here (white space allowed).
    public mutating func finish() throws(SyntaxError) {
        skipSpace()
        guard i == end else { throw error("text after the JSON value") }
    }

    /// What the value at the current byte is (nothing is read).
    @inlinable @inline(__always)
    public func kind() throws(SyntaxError) -> Kind {
        guard i < end else { throw error("unexpected end of the text") }
        switch base[i] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .boolean
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        default: throw error("unexpected character")
        }
    }

    /// ``skipValue(depth:)`` with a string or number read in line: the common values of a
    /// GeoJSON feature.
    @inlinable @inline(__always)
    public mutating func value(depth: Int) throws(SyntaxError) -> Value {
        let start = i
        if i < end {
            let c = base[i]
            if c == UInt8(ascii: "\"") {
                let raw = try string()
                return Value(start: start, end: i, kind: .string, escaped: raw.escaped)
            }
            if c &- 0x30 <= 9 || c == UInt8(ascii: "-") {
                let number = try number()
                return Value(start: start, end: i, kind: .number, number: number)
            }
        }
        return try skipValue(depth: depth)
    }

    /// Checks and passes over the value at the current byte, which lies in a container `depth`
    /// deep (0: the text's own value). - Returns: the value, to be read again if wanted.
    public mutating func skipValue(depth: Int) throws(SyntaxError) -> Value {
        let start = i
        let kind = try kind()
        var number = 0.0
        var escaped = false
        switch kind {
        case .object:
            if try enterObject(depth: depth + 1) {
                repeat {
                    _ = try memberName()
                    _ = try value(depth: depth + 1)
                } while try nextMember()
            }
        case .array:
            if try enterArray(depth: depth + 1) {
                repeat { _ = try value(depth: depth + 1) } while try nextElement()
            }
        case .string: escaped = try string().escaped
        case .number: number = try self.number()
        case .boolean: try literal(base[i] == UInt8(ascii: "t") ? "true" : "false")
        case .null: try literal("null")
        }
        return Value(start: start, end: i, kind: kind, escaped: escaped, number: number)
    }

    private mutating func literal(_ word: StaticString) throws(SyntaxError) {
        let n = word.utf8CodeUnitCount
        guard end - i >= n, memcmp(base + i, word.utf8Start, n) == 0 else { throw error("invalid literal") }
        i += n
    }

    // MARK: Objects and arrays

    /// Steps into the object at the current byte (its `{`), `depth` deep (the text's own value
    /// is 1). - Returns: whether a member follows (read it with ``memberName()``); false when the
    /// object is empty, and passed over.
    @inlinable @inline(__always)
    public mutating func enterObject(depth: Int) throws(SyntaxError) -> Bool {
        guard depth <= Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth)") }
        i += 1
        skipSpace()
        guard i < end, base[i] == UInt8(ascii: "}") else { return true }
        i += 1
        return false
    }

    /// Reads a member's name and its `:`, leaving the scanner at the member's value.
    @inlinable @inline(__always)
    public mutating func memberName() throws(SyntaxError) -> RawString {
        skipSpace()
        guard i < end, base[i] == UInt8(ascii: "\"") else { throw error("expected a member name") }
        let name = try string()
        skipSpace()
        guard i < end, base[i] == UInt8(ascii: ":") else { throw error("expected ':'") }
        i += 1
        skipSpace()
        return name
    }

    /// The 16 bytes after the quote that opens the string at the current byte (white space
    /// passed first), as two little-endian words, for a reader that knows the member names or
    /// values it expects: a string of plain ASCII bytes followed by its closing quote is matched
    /// there and passed with ``acceptMemberName(count:)`` or ``acceptString(count:)``, without
    /// reading it as a string. Nil when no quote is there or fewer than 16 bytes follow it (then
    /// read it with ``memberName()`` or ``value(depth:)``).
    @inlinable @inline(__always)
    public mutating func peekString() -> (first: UInt64, second: UInt64)? {
        skipSpace()
        guard end - i > 16, base[i] == UInt8(ascii: "\"") else { return nil }
        let p = UnsafeRawPointer(base + i + 1)
        return (p.loadUnaligned(as: UInt64.self), p.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
    }

    /// Passes over a string value the caller matched in ``peekString()``'s words: `count` bytes,
    /// none a quote, a backslash, a control character or past ASCII, then its closing quote.
    /// - Returns: the value.
    @inlinable @inline(__always)
    public mutating func acceptString(count: Int) -> Value {
        let start = i
        i &+= count &+ 2
        return Value(start: start, end: i, kind: .string)
    }

    /// Passes over a member name the caller matched in ``peekString()``'s words: `count`
    /// bytes, none a quote, a backslash, a control character or past ASCII, then its closing
    /// quote; then the `:` (checked) and white space, leaving the scanner at the value.
    @inlinable @inline(__always)
    public mutating func acceptMemberName(count: Int) throws(SyntaxError) {
        i &+= count &+ 2
        skipSpace()
        guard i < end, base[i] == UInt8(ascii: ":") else { throw error("expected ':'") }
        i &+= 1
        skipSpace()
    }

    /// After a member's value: true when another member follows, false at the object's `}` (then
    /// passed over).
    @inlinable @inline(__always)
    public mutating func nextMember() throws(SyntaxError) -> Bool {
        skipSpace()
        guard i < end else { throw error("unexpected end of the text in an object") }
        if base[i] == UInt8(ascii: ",") {
            i += 1
            return true
        }
        guard base[i] == UInt8(ascii: "}") else { throw error("expected ',' or '}'") }
        i += 1
        return false
    }

    /// Steps into the array at the current byte (its `[`), `depth` deep. - Returns: whether an
    /// element follows (the scanner is at it); false when the array is empty, and passed over.
    @inlinable @inline(__always)
    public mutating func enterArray(depth: Int) throws(SyntaxError) -> Bool {
        guard depth <= Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth)") }
        i += 1
        skipSpace()
        guard i < end, base[i] == UInt8(ascii: "]") else { return true }
        i += 1
        return false
    }

    /// After an element: true when another follows (the scanner is at it), false at the array's
    /// `]` (then passed over).
    @inlinable @inline(__always)
    public mutating func nextElement() throws(SyntaxError) -> Bool {
        skipSpace()
        guard i < end else { throw error("unexpected end of the text in an array") }
        if base[i] == UInt8(ascii: ",") {
            i += 1
            skipSpace()
            return true
        }
        guard base[i] == UInt8(ascii: "]") else { throw error("expected ',' or ']'") }
        i += 1
        return false
    }

    // MARK: Reading again

    /// Calls `body` with each element of an array the scanner has passed over already (as
    /// ``skipValue(depth:)`` returns them); nothing for another kind.
    public func forEachElement<E: Error>(of array: Value, _ body: (Value) throws(E) -> Void) throws(E) {
        guard array.kind == .array else { return }
        var s = self
        s.i = array.start
        // Checked once already: no error can come, and depth is no longer a concern.
        guard (try? s.enterArray(depth: 0)) == true else { return }
        repeat {
            guard let element = try? s.skipValue(depth: 0) else { return }
            try body(element)
        } while (try? s.nextElement()) == true
    }

    /// The text of a string value the scanner has passed over, escapes decoded; nil for another kind.
    public func string(_ value: Value) -> String? {
        value.kind == .string ? text(value.raw) : nil
    }

    /// The text of a string the scanner has read (``memberName()``), escapes decoded.
    public func text(_ raw: RawString) -> String {
        let bytes = UnsafeBufferPointer(start: base + raw.start, count: raw.end - raw.start)
        // Checked when read: valid UTF-8, and its escapes decode.
        guard raw.escaped else { return String(decoding: bytes, as: UTF8.self) }
        return (try? decode(bytes)) ?? ""
    }

    /// Whether a string the scanner has read is `word` (escapes decoded).
    @inlinable
    public func matches(_ raw: RawString, _ word: StaticString) -> Bool {
        if raw.escaped { return text(raw) == word.description }
        let n = word.utf8CodeUnitCount
        return raw.end - raw.start == n && memcmp(base + raw.start, word.utf8Start, n) == 0
    }

    /// Whether a value the scanner has passed over is the string `word`.
    @inlinable
    public func matches(_ value: Value, _ word: StaticString) -> Bool {
        value.kind == .string && matches(value.raw, word)
    }

    /// The first `count` (0...8) bytes of a string the scanner has read, as a little-endian word
    /// (the first byte lowest), zeros above: the GeoJSON reader compares member names with it.
    @inlinable @inline(__always)
    public func word(_ raw: RawString, from offset: Int = 0, count: Int) -> UInt64 {
        let at = raw.start + offset
        if end - at >= 8 {
            let w = UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self)
            return count >= 8 ? w : w & ((1 << UInt64(count * 8)) &- 1)
        }
        var w: UInt64 = 0
        for k in 0..<min(count, 8) { w |= UInt64(base[at + k]) << UInt64(8 * k) }
        return w
    }

    /// Whether a value the scanner has passed over is the literal `true`.
    @inlinable
    public func isTrue(_ value: Value) -> Bool {
        value.kind == .boolean && base[value.start] == UInt8(ascii: "t")
    }

    // MARK: Numbers

    /// Skips decimal digits, accumulating them into `mantissa` (wrapping past 19 digits).
    /// - Returns: how many.
    ///
    /// Eight bytes at a time (SWAR): the digits leading a word are found by a mask and converted by
    /// three multiplications (Lemire's, as simdjson's), a coordinate's seven fraction digits at once.
    @inlinable @inline(__always)
    static func digits(
        _ base: UnsafePointer<UInt8>, _ end: Int, _ i: inout Int, into mantissa: inout UInt64
    ) -> Int {
        let s = i
        while end - i >= 8 {
            let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            // A byte is a digit when its high nibble is 3 and adding 6 keeps it 3; a carry out of a
            // byte that is no digit only reaches bytes after it.
            let high: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
            let threes: UInt64 = 0x3030_3030_3030_3030
            let other = ((w & high) ^ threes) | (((w &+ 0x0606_0606_0606_0606) & high) ^ threes)
            // Each byte's top bit: set when the byte is not a digit.
            let flags = (((other & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | other) & 0x8080_8080_8080_8080
            let n = flags == 0 ? 8 : flags.trailingZeroBitCount >> 3
            if n > 0 {
                // The n digits moved to the top; the bytes below become leading zeros.
                var v = (w << UInt64(64 - 8 * n)) & 0x0F0F_0F0F_0F0F_0F0F
                v = (v &* 2561) >> 8
                v = ((v & 0x00FF_00FF_00FF_00FF) &* 6_553_601) >> 16
                v = ((v & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) >> 32
                mantissa = mantissa &* UInt64(PowerOfTen.int64(n)) &+ v
                i &+= n
            }
            if n < 8 { return i - s }
        }
        while i < end, case let d = base[i] &- 0x30, d <= 9 {
            mantissa = mantissa &* 10 &+ UInt64(d)
            i &+= 1
        }
        return i - s
    }

    /// A number by the JSON grammar, correctly rounded: at most 15 significant digits and no
    /// exponent (a GeoJSON coordinate, a radius) is one exact division (Clinger's fast path:
    /// both operands are exact doubles); any other is converted by strtod.
    @inlinable
    public mutating func number() throws(SyntaxError) -> Double {
        // The offset in a local (stored back once): reads through `base` are not taken to leave
        // it alone, so `i` itself would be loaded and stored at every byte.
        let start = i
        let base = base
        let end = end
        var j = i
        let negative = base[j] == UInt8(ascii: "-")
        if negative { j &+= 1 }
        guard j < end, base[j] >= 0x30 && base[j] <= 0x39 else {
            i = j
            throw error("a number needs digits")
        }
        var mantissa: UInt64 = 0
        var count = 0
        if base[j] == 0x30 {
            j &+= 1
        } else {
            // An integer part is short (a coordinate's 1–3 digits): byte by byte.
            let first = j
            while j < end, case let d = base[j] &- 0x30, d <= 9 {
                mantissa = mantissa &* 10 &+ UInt64(d)
                j &+= 1
            }
            count = j &- first
        }
        var fraction = 0
        if j < end && base[j] == UInt8(ascii: ".") {
            j &+= 1
            fraction = Self.digits(base, end, &j, into: &mantissa)
            guard fraction > 0 else {
                i = j
                throw error("a number needs digits after '.'")
            }
            count &+= fraction
        }
        i = j
        if count <= 15, j >= end || (base[j] != UInt8(ascii: "e") && base[j] != UInt8(ascii: "E")) {
            // mantissa < 10¹⁵ < 2⁵³ and 10^fraction (≤ 10¹⁵) are exact: one rounding.
            let value = Double(mantissa) / PowerOfTen.double(fraction)
            return negative ? -value : value
        }
        return try longNumber(from: start)
    }

    /// The rest of a number with an exponent or more than 15 significant digits, the scanner past
    /// its digits before any exponent; converted by strtod from `start`. Out of line: the common
    /// number stays short where it is inlined.
    @usableFromInline
    mutating func longNumber(from start: Int) throws(SyntaxError) -> Double {
        if i < end && (base[i] == UInt8(ascii: "e") || base[i] == UInt8(ascii: "E")) {
            i += 1
            if i < end && (base[i] == UInt8(ascii: "+") || base[i] == UInt8(ascii: "-")) { i += 1 }
            var ignored: UInt64 = 0
            guard Self.digits(base, end, &i, into: &ignored) > 0 else { throw error("a number needs digits in its exponent") }
        }
        // strtod reads up to a NUL: the number's bytes are copied to a terminated buffer.
        let length = i - start
        let value = withUnsafeTemporaryAllocation(of: CChar.self, capacity: length + 1) { text -> Double in
            guard let p = text.baseAddress else { return .nan }
            UnsafeMutableRawPointer(p).copyMemory(from: base + start, byteCount: length)
            p[length] = 0
            return strtod(p, nil)
        }
        guard value.isFinite else {
            i = start
            throw error("a number too large for a double")
        }
        return value
    }

    // MARK: Strings

    /// Reads the string at the current byte (its opening quote): refused when it is not valid
    /// UTF-8, holds a control character, or has a bad escape. - Returns: where its bytes are.
    @inlinable
    public mutating func string() throws(SyntaxError) -> RawString {
        // The offset in a local, stored back once (see ``number()``).
        let base = base
        let end = end
        var i = self.i &+ 1
        let start = i
        var escaped = false
        var ascii = true
        while i < end {
            // Eight plain bytes at a time (SWAR): none a quote, a backslash, a control character
            // or past ASCII. Otherwise the first such byte is found, and read below.
            if end - i >= 8 {
                let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                let ones: UInt64 = 0x0101_0101_0101_0101
                let tops: UInt64 = 0x8080_8080_8080_8080
                let quote = w ^ (ones &* 0x22)
                let backslash = w ^ (ones &* 0x5C)
                // A byte's top bit: set in each mask for a zero byte (a quote, a backslash), a
                // byte below 0x20, a byte from 0x80; exact for the first such byte.
                let special =
                    ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((w &- ones &* 0x20) & ~w) | w
                let flags = special & tops
                guard flags != 0 else {
                    i &+= 8
                    continue
                }
                i &+= flags.trailingZeroBitCount >> 3
            }
            let c = base[i]
            if c == UInt8(ascii: "\"") { break }
            if c < 0x20 {
                self.i = i
                throw error("a control character in a string")
            }
            if c >= 0x80 { ascii = false }
            if c == UInt8(ascii: "\\") {
                escaped = true
                i += 1
            }
            i += 1
        }
        self.i = i
        guard i < end else { throw error("a string without its closing quote") }
        let raw = RawString(start: start, end: i, escaped: escaped)
        self.i = i &+ 1
        // ASCII is valid UTF-8: no validation (a tenth of reading 100,000 features).
        if ascii && !escaped { return raw }
        let bytes = UnsafeBufferPointer(start: base + start, count: raw.end - start)
        if !escaped {
            guard String(validating: bytes, as: UTF8.self) != nil else { throw error("a string that is not valid UTF-8") }
            return raw
        }
        _ = try decode(bytes)
        return raw
    }

    /// The text of a string's bytes with escapes (between its quotes), decoded and checked.
    @usableFromInline
    func decode(_ raw: UnsafeBufferPointer<UInt8>) throws(SyntaxError) -> String {
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
                guard var scalar = Self.hex4(raw, k) else { throw error("a bad \\u escape") }
                k += 4
                if (0xD800..<0xDC00).contains(scalar) {
                    guard k + 6 <= raw.count, raw[k] == UInt8(ascii: "\\"), raw[k + 1] == UInt8(ascii: "u"),
                        let low = Self.hex4(raw, k + 2), (0xDC00..<0xE000).contains(low)
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

    private static func hex4(_ raw: UnsafeBufferPointer<UInt8>, _ at: Int) -> UInt32? {
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
