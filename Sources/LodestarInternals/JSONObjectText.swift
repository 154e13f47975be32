import Foundation

/// Builds the UTF-8 text of one compact JSON object (RFC 8259), member by member, in the order the
/// members are added: `{"type":"GGA","talker":"GP","hdop":0.9}`. The one JSON writer of the
/// package: gpsd TPV and ATT lines, `nmea decode` descriptions and `guide --json` events.
///
/// - Strings (keys too) are escaped: `"` and `\`, control characters as `\n`, `\r`, `\t` or
///   `\u00XX`, DEL as `\u007f`. Other characters are written as they are (UTF-8).
/// - ``add(_:_:)-(_,Double?)`` writes the shortest form that reads back to the same `Double`
///   (Swift's `description`: `0.9`, `545.0`, `1e-05`), −0 as `0.0`; nil or non-finite as `null`.
/// - ``add(_:fixed:decimals:)`` writes printf's `%.Nf` (``DecimalText``) and leaves the member out
///   when the value is nil or not finite, as gpsd does.
/// - Other nil values are written as `null`: callers leave out the keys that must be absent.
///
/// Cost: the writer serves `replay --json` at millions of lines a second, so its common members
/// (a short key with a number, a Boolean or a short string) are written in place, through one
/// pointer into the buffer's spare capacity (`Array.append(addingCapacity:initializingWith:)`:
/// nothing is filled first or cut after), instead of element by element; the rest (times,
/// escaped strings, arrays) append as usual. Issue 22 has the figures.
public struct JSONObjectText: Sendable {
    /// The text so far, without the closing brace.
    @usableFromInline var bytes: [UInt8]
    @usableFromInline var isEmpty = true

    /// An empty object.
    package init() {
        bytes = [UInt8(ascii: "{")]
    }

    /// An object written after what `out` already holds; ``finish(into:)`` hands the whole
    /// buffer back, so that a caller that reuses one buffer allocates nothing per object.
    ///
    /// The buffer moves by `swap`, never by assignment: `out` and the object never share it, so
    /// every write is to a uniquely held buffer and nothing is copied however large `out` has
    /// grown (a block of output holds up to a megabyte; issue 22 found a copy of it per object).
    package init(continuing out: inout [UInt8]) {
        bytes = []
        swap(&bytes, &out)
        bytes.append(UInt8(ascii: "{"))
    }

    /// The rest of an object whose opening and first members the caller has written at the end
    /// of `out`: the members added go on after a comma, and ``finish(into:)`` closes the object.
    package init(continuingMembers out: inout [UInt8]) {
        bytes = []
        swap(&bytes, &out)
        isEmpty = false
    }

    /// The finished object, `{...}`.
    package var json: String {
        var text = bytes
        text.append(UInt8(ascii: "}"))
        return String(decoding: text, as: UTF8.self)
    }

    /// Closes the object and puts the buffer (with anything it was continued from) into `out`.
    ///
    /// `mutating`, not `consuming`: a consuming call copies the caller's variable when the
    /// optimizer cannot prove it is the last use, and a write to the buffer then found it shared
    /// and copied all of it, once per object (issue 22: 200 × slower `replay --json`).
    package mutating func finish(into out: inout [UInt8]) {
        bytes.append(UInt8(ascii: "}"))
        swap(&bytes, &out)
    }

    /// Appends a member with a string value.
    package mutating func add(_ key: String, _ value: String?) {
        guard var text = value else { return addNull(key) }
        let fast: Bool = text.withUTF8 { v in
            v.count <= 64 && !v.contains(where: Self.needsEscape)
                && member(key, room: v.count + 2) { p in
                    p[0] = UInt8(ascii: "\"")
                    if let base = v.baseAddress { (p + 1).update(from: base, count: v.count) }
                    p[v.count + 1] = UInt8(ascii: "\"")
                    return v.count + 2
                }
        }
        guard !fast else { return }
        member(key)
        appending { Self.appendQuoted(text, to: &$0) }
    }

    /// Appends a member with a one-letter value (`"A"`).
    package mutating func add(_ key: String, _ value: Character?) {
        add(key, value.map(String.init))
    }

    /// Appends a member with an integer value.
    package mutating func add(_ key: String, _ value: Int?) {
        guard let value else { return addNull(key) }
        member(key, room: DecimalText.maximumIntegerLength) { DecimalText.writeInteger(Int64(value), to: $0) }
    }

    /// Appends a member with a floating-point value (shortest round-trip form).
    package mutating func add(_ key: String, _ value: Double?) {
        member(key)
        guard let value, value.isFinite else { return appendNull() }
        appending { $0.append(contentsOf: (value == 0 ? 0.0 : value).description.utf8) }
    }

    /// Appends a member with a floating-point value that is written without a fraction when it
    /// has none (`15`, not `15.0`): for quantities NMEA sends as integers but Lodestar keeps as
    /// `Double`, such as satellite elevations.
    package mutating func add(_ key: String, wholeWhenIntegral value: Double?) {
        if let value, value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            add(key, Int(value))
        } else {
            add(key, value)
        }
    }

    /// Appends a member with a number written with exactly `decimals` fraction digits (0...9), as
    /// printf's `%.Nf`; nothing when `value` is nil or not finite.
    package mutating func add(_ key: String, fixed value: Double?, decimals: Int) {
        guard let value, value.isFinite else { return }
        member(key, room: DecimalText.maximumFixedLength) { DecimalText.write(value, decimals: decimals, to: $0) }
    }

    /// Appends a member with an instant as an ISO 8601 UTC string with `fractionDigits` digits
    /// of the second (``ISO8601``), the last rounded by `rule`; nothing when `time` is nil.
    package mutating func add(
        _ key: String, time: Date?, fractionDigits: Int, rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero
    ) {
        guard let time else { return }
        member(key, room: ISO8601.maximumLength + 2) { p in
            p[0] = UInt8(ascii: "\"")
            let n = ISO8601.write(time, fractionDigits: fractionDigits, rounding: rule, to: p + 1)
            p[n + 1] = UInt8(ascii: "\"")
            return n + 2
        }
    }

    /// Appends a member with a Boolean value.
    package mutating func add(_ key: String, _ value: Bool?) {
        guard let value else { return addNull(key) }
        member(key, room: 5) { JSONMemberCursor.write(value, to: $0) }
    }

    /// Appends a member whose value is an array of strings.
    package mutating func add(_ key: String, strings: some Sequence<String>) {
        member(key)
        appending { out in
            out.append(UInt8(ascii: "["))
            for (i, s) in strings.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                Self.appendQuoted(s, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
    }

    /// Appends a member whose value is an array of integers.
    package mutating func add(_ key: String, integers: some Sequence<Int>) {
        member(key)
        appending { out in
            out.append(UInt8(ascii: "["))
            for (i, n) in integers.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                DecimalText.appendInteger(Int64(n), to: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
    }

    /// Appends a member whose value is an object.
    package mutating func add(_ key: String, object: JSONObjectText) {
        member(key)
        appending { out in
            out.append(contentsOf: object.bytes)
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Appends a member whose value is an array of objects.
    package mutating func add(_ key: String, objects: [JSONObjectText]) {
        member(key)
        appending { out in
            out.append(UInt8(ascii: "["))
            for (i, o) in objects.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                out.append(contentsOf: o.bytes)
                out.append(UInt8(ascii: "}"))
            }
            out.append(UInt8(ascii: "]"))
        }
    }

    /// Appends a member whose value is an array of `n` objects, `"key":[{...},{...}]`, each
    /// written by `element` straight at the pointer it is given: the fastest path, for objects
    /// written millions of times with a fixed shape (gpsd's SKY satellites). `element(i, p)`
    /// writes object `i` (0 ..< n) at `p`, which has `room` bytes (the object's worst case, not
    /// its usual size), and returns how many it wrote, braces included (more is cut to `room`).
    /// The caller loops over nothing: no generic loop over a sequence runs (one iterated through
    /// the protocol's witness table cost 400 instructions an element), and the buffer's capacity
    /// is made and opened once for up to 64 objects, not once an object.
    @inlinable @inline(always)
    public mutating func add(
        _ key: StaticString, objects n: Int, room: Int, _ element: (Int, UnsafeMutablePointer<UInt8>) -> Int
    ) {
        let room = max(room, 0)
        key.withUTF8Buffer { k in
            inPlace(room: k.count + 5, startingEmpty: false) { cursor in
                guard cursor.member(k, valueRoom: 1) else { return }
                cursor.p[0] = UInt8(ascii: "[")
                cursor.p += 1
            }
        }
        var i = 0
        while i < n {
            // Room for each object and its comma: the worst case, as capacity (nothing is filled).
            let batch = min(n &- i, 64)
            bytes.append(addingCapacity: batch &* (room &+ 1)) { span in
                span.withUnsafeMutableBufferPointer { buffer, initialized in
                    guard let base = buffer.baseAddress else {
                        i = n
                        return
                    }
                    var p = base
                    for _ in 0..<batch {
                        if i > 0 {
                            p[0] = UInt8(ascii: ",")
                            p += 1
                        }
                        p += min(max(element(i, p), 0), room)
                        i += 1
                    }
                    initialized = p - base
                }
            }
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Appends the members `write` writes through a ``JSONMemberCursor``, in place: the fast path
    /// for objects written millions of times (gpsd's TPV and SKY in `replay --json`). `room` is
    /// the bytes they usually need; if they need more, they are written again with more room, so
    /// `write` must write the same members each time it is called.
    @inlinable @inline(always)
    public mutating func inPlace(room: Int, _ write: (inout JSONMemberCursor) -> Void) {
        inPlace(room: room, startingEmpty: false, write)
    }

    @inlinable @inline(always)
    mutating func inPlace(room: Int, startingEmpty: Bool, _ write: (inout JSONMemberCursor) -> Void) {
        var room = max(room, 16)
        while true {
            let empty = startingEmpty || isEmpty
            // The cursor's `isEmpty` after the members, when they fit.
            var fitted: Bool? = nil
            // The members are written into the spare capacity; if they do not fit, nothing is
            // kept (0 bytes initialized) and they are written again with more room.
            bytes.append(addingCapacity: room) { span in
                span.withUnsafeMutableBufferPointer { buffer, initialized in
                    guard let base = buffer.baseAddress else { return }
                    var cursor = JSONMemberCursor(at: base, end: base + buffer.count, isEmpty: empty)
                    write(&cursor)
                    if !cursor.overflowed {
                        initialized = cursor.p - base
                        fitted = cursor.isEmpty
                    }
                }
            }
            if let fitted {
                if !startingEmpty { isEmpty = fitted }
                return
            }
            room *= 4
        }
    }

    /// Appends a member whose value is JSON text this writer made: an object's ``json``, an
    /// ``array(_:)``, a ``number(wholeWhenIntegral:)``; for values nested in any shape.
    package mutating func add(_ key: String, json: String) {
        member(key)
        appending { $0.append(contentsOf: json.utf8) }
    }

    /// A JSON array of the JSON texts `elements` (`[1,"a",{}]`).
    package static func array(_ elements: some Sequence<String>) -> String {
        "[" + elements.joined(separator: ",") + "]"
    }

    /// A number as ``add(_:wholeWhenIntegral:)`` writes it: `15`, `0.1`, `1e-07`; `null` when
    /// not finite.
    package static func number(wholeWhenIntegral value: Double) -> String {
        var object = JSONObjectText()
        object.add("", wholeWhenIntegral: value)
        // The member is `"":VALUE`: three bytes before the value.
        return String(decoding: object.bytes[4...], as: UTF8.self)
    }

    /// `s` as a JSON string literal (see the type's escaping rules).
    package static func quoted(_ s: String) -> String {
        var out: [UInt8] = []
        appendQuoted(s, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `s` as a JSON string literal to `out` (``writeQuoted(_:to:)``).
    package static func appendQuoted(_ s: String, to out: inout [UInt8]) {
        var s = s
        s.withUTF8 { bytes in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: quotedRoom(bytes.count)) { room in
                guard let base = room.baseAddress else { return }
                out.append(contentsOf: UnsafeBufferPointer(start: base, count: writeQuoted(bytes, to: base)))
            }
        }
    }

    /// The most bytes ``writeQuoted(_:to:)`` writes for `count` bytes of text.
    @inlinable public static func quotedRoom(_ count: Int) -> Int { count * 6 + 2 }

    /// Writes UTF-8 `bytes` as a JSON string literal at `p` (room for ``quotedRoom(_:)`` bytes):
    /// quotes around, `\"`, `\\`, `\n`, `\r`, `\t`, and `\u00XX` for the other control characters
    /// and DEL. - Returns: the bytes written.
    @inlinable @inline(__always)
    public static func writeQuoted(_ bytes: UnsafeBufferPointer<UInt8>, to p: UnsafeMutablePointer<UInt8>) -> Int {
        p[0] = UInt8(ascii: "\"")
        if let base = bytes.baseAddress, bytes.count >= 4, copyPlain(from: base, count: bytes.count, to: p + 1) {
            p[bytes.count + 1] = UInt8(ascii: "\"")
            return bytes.count + 2
        }
        return writeEscaped(bytes, to: p)
    }

    /// ``writeQuoted(_:to:)`` byte by byte, after its opening quote: a short string, or one with a
    /// byte that needs an escape. Out of line, so that the common case stays small where it is
    /// inlined.
    @usableFromInline
    static func writeEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to p: UnsafeMutablePointer<UInt8>) -> Int {
        var n = 1
        for byte in bytes {
            guard needsEscape(byte) else {
                p[n] = byte
                n &+= 1
                continue
            }
            p[n] = 0x5C
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                p[n + 1] = byte
                n += 2
            case 0x0A:
                p[n + 1] = UInt8(ascii: "n")
                n += 2
            case 0x0D:
                p[n + 1] = UInt8(ascii: "r")
                n += 2
            case 0x09:
                p[n + 1] = UInt8(ascii: "t")
                n += 2
            default:
                let hex: (UInt8) -> UInt8 = { $0 < 10 ? 0x30 + $0 : 0x57 + $0 }
                p[n + 1] = UInt8(ascii: "u")
                p[n + 2] = 0x30
                p[n + 3] = 0x30
                p[n + 4] = hex(byte >> 4)
                p[n + 5] = hex(byte & 0x0F)
                n += 6
            }
        }
        p[n] = UInt8(ascii: "\"")
        return n + 1
    }

    /// Copies `count` (4 or more) bytes to `to` a word at a time (the last word, or the two halves
    /// of a short string, overlapping) when none needs an escape (``needsEscape(_:)``); false, with
    /// some bytes copied, when one does. An identifier of 6 bytes: about 25 instructions, where the
    /// byte loop took 115.
    @inlinable @inline(__always)
    static func copyPlain(from base: UnsafePointer<UInt8>, count: Int, to out: UnsafeMutablePointer<UInt8>) -> Bool {
        let source = UnsafeRawPointer(base)
        let target = UnsafeMutableRawPointer(out)
        if count < 8 {
            let low = source.loadUnaligned(as: UInt32.self)
            let high = source.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            guard !hasSpecial(UInt64(low) | UInt64(high) << 32) else { return false }
            target.storeBytes(of: low, as: UInt32.self)
            target.storeBytes(of: high, toByteOffset: count - 4, as: UInt32.self)
            return true
        }
        var i = 0
        while true {
            // The last word ends at the last byte, over bytes copied already.
            if count - i < 8 { i = count - 8 }
            let word = source.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            guard !hasSpecial(word) else { return false }
            target.storeBytes(of: word, toByteOffset: i, as: UInt64.self)
            i += 8
            if i >= count { return true }
        }
    }

    /// Whether any byte of a word needs an escape: below 0x20, a quote, a backslash or DEL (bytes
    /// from 0x80 do not). A borrow only runs upwards from a byte that is flagged, so "none" is exact.
    @inlinable @inline(__always)
    static func hasSpecial(_ w: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let tops: UInt64 = 0x8080_8080_8080_8080
        let quote = w ^ (ones &* 0x22)
        let backslash = w ^ (ones &* 0x5C)
        let delete = w ^ (ones &* 0x7F)
        let control = (w &- ones &* 0x20) & ~w
        return (control | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((delete &- ones) & ~delete))
            & tops != 0
    }

    /// Whether `byte` cannot stand in a JSON string as it is.
    @inlinable @inline(__always)
    static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F
    }

    /// Runs `body` on the buffer (for the members written element by element).
    private mutating func appending(_ body: (inout [UInt8]) -> Void) {
        body(&bytes)
    }

    /// Writes `,"key":` (without the comma for the first member) and, in the same pass, the value
    /// `value` writes at the pointer it is given (at most `room` bytes; it returns how many):
    /// the fast path of short keys that need no escape, as every key the package writes is.
    /// A key that needs an escape, or is long, takes the element-by-element path. Always true
    /// (the member is written either way), so that a caller can chain it after its own checks.
    @discardableResult
    private mutating func member(_ key: String, room: Int, _ value: (UnsafeMutablePointer<UInt8>) -> Int) -> Bool {
        var utf8 = key
        return utf8.withUTF8 { k in
            guard k.count <= 64, !k.contains(where: Self.needsEscape) else {
                member(key)
                appending { out in
                    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room) { text in
                        guard let base = text.baseAddress else { return }
                        out.append(contentsOf: UnsafeBufferPointer(start: base, count: value(base)))
                    }
                }
                return true
            }
            inPlace(room: k.count + 4 + room) { cursor in
                guard cursor.member(k, valueRoom: room) else { return }
                cursor.p += value(cursor.p)
            }
            return true
        }
    }

    /// Writes `,"key":` (without the comma for the first member), escaping the key as needed.
    private mutating func member(_ key: String) {
        let comma = !isEmpty
        isEmpty = false
        appending { out in
            if comma { out.append(UInt8(ascii: ",")) }
            Self.appendQuoted(key, to: &out)
            out.append(UInt8(ascii: ":"))
        }
    }

    /// `"key":null`.
    private mutating func addNull(_ key: String) {
        member(key, room: 4) { JSONMemberCursor.writeNull(to: $0) }
    }

    private mutating func appendNull() {
        appending { $0.append(contentsOf: "null".utf8) }
    }
}

/// Members written through one pointer into room a ``JSONObjectText`` has made
/// (``JSONObjectText/inPlace(room:_:)``): the writer's fast path, for static keys that need no
/// escape (as every key of gpsd's objects). Each member checks that it fits; one that does not
/// marks the cursor overflowed and writes nothing more, and the object writes them all again with
/// more room. Nothing is allocated and nothing traps.
public struct JSONMemberCursor {
    @usableFromInline var p: UnsafeMutablePointer<UInt8>
    @usableFromInline let end: UnsafeMutablePointer<UInt8>
    @usableFromInline var isEmpty: Bool
    /// Whether a member did not fit.
    @usableFromInline var overflowed = false

    @usableFromInline
    init(at p: UnsafeMutablePointer<UInt8>, end: UnsafeMutablePointer<UInt8>, isEmpty: Bool) {
        self.p = p
        self.end = end
        self.isEmpty = isEmpty
    }

    /// An integer member.
    @inlinable @inline(__always)
    public mutating func add(_ key: StaticString, _ value: Int) {
        guard member(key, valueRoom: DecimalText.maximumIntegerLength) else { return }
        p += DecimalText.writeInteger(Int64(value), to: p)
    }

    /// A member with exactly `decimals` fraction digits (0...9), as printf's `%.Nf`; nothing when
    /// `value` is nil or not finite, as gpsd leaves it out.
    @inlinable @inline(always)
    public mutating func add(_ key: StaticString, fixed value: Double?, decimals: Int) {
        guard let value, value.isFinite else { return }
        // The usual number is short: ask for its room, not printf's worst case.
        let valueRoom = abs(value) < 1e15 ? DecimalText.maximumShortFixedLength : DecimalText.maximumFixedLength
        guard member(key, valueRoom: valueRoom) else { return }
        p += DecimalText.writeInline(value, decimals: decimals, to: p)
    }

    /// ``add(_:fixed:decimals:)`` with the value's text copied from `memo` when it is the value
    /// the memo last wrote, bit for bit, with the same decimals (``FixedTextMemo``).
    @inlinable @inline(always)
    public mutating func add(_ key: StaticString, fixed value: Double?, decimals: Int, memo: inout FixedTextMemo) {
        guard let value, value.isFinite else { return }
        let valueRoom = abs(value) < 1e15 ? FixedTextMemo.capacity : DecimalText.maximumFixedLength
        guard member(key, valueRoom: valueRoom) else { return }
        p += memo.write(value, decimals: decimals, to: p)
    }

    /// ``add(_:fixed:decimals:)``, then a member `second` with the same value, its text copied,
    /// not made again: gpsd's TPV writes the altitude above mean sea level as `altMSL` and again
    /// as `alt`.
    @inlinable @inline(always)
    public mutating func add(_ key: StaticString, fixed value: Double?, decimals: Int, alsoAs second: StaticString) {
        guard let value, value.isFinite else { return }
        let valueRoom = abs(value) < 1e15 ? DecimalText.maximumShortFixedLength : DecimalText.maximumFixedLength
        guard member(key, valueRoom: valueRoom) else { return }
        let text = p
        let n = DecimalText.writeInline(value, decimals: decimals, to: p)
        p += n
        guard member(second, valueRoom: n) else { return }
        Self.copySmall(n, from: text, to: p)
        p += n
    }

    /// A member whose value is a constant string that needs no escape (`"class":"TPV"`). Its own
    /// label: with `string:`, a literal value was taken as a `String`, and escaped, retained and
    /// released at every call (issue 22).
    @inlinable @inline(__always)
    public mutating func add(_ key: StaticString, constant value: StaticString) {
        add(key, quoted: value.utf8CodeUnitCount) { p in
            Self.copySmall(value.utf8CodeUnitCount, from: value.utf8Start, to: p)
            return value.utf8CodeUnitCount
        }
    }

    /// A member whose value is an array of JSON text the caller made (`items`: its elements
    /// joined by commas, without the brackets), copied in one piece: `"key":[items]`.
    public mutating func add(_ key: StaticString, array items: UnsafeBufferPointer<UInt8>) {
        guard member(key, valueRoom: items.count &+ 2) else { return }
        p[0] = UInt8(ascii: "[")
        if let base = items.baseAddress { (p + 1).update(from: base, count: items.count) }
        p[items.count &+ 1] = UInt8(ascii: "]")
        p += items.count &+ 2
    }

    /// A member whose value is any string, escaped (``JSONObjectText/writeQuoted(_:to:)``).
    package mutating func add(_ key: StaticString, string value: String) {
        var value = value
        value.withUTF8 { bytes in
            guard member(key, valueRoom: JSONObjectText.quotedRoom(bytes.count)) else { return }
            p += JSONObjectText.writeQuoted(bytes, to: p)
        }
    }

    /// A member with an instant as an ISO 8601 UTC string with `fractionDigits` digits of the
    /// second (``ISO8601``).
    package mutating func add(_ key: StaticString, time: Date, fractionDigits: Int) {
        add(key, quoted: ISO8601.maximumLength) { ISO8601.write(time, fractionDigits: fractionDigits, to: $0) }
    }

    /// ``add(_:time:fractionDigits:)`` with the text up to the seconds copied from `memo` when
    /// the time lies in the minute it last wrote (``TimeTextMemo``).
    package mutating func add(_ key: StaticString, time: Date, fractionDigits: Int, memo: inout TimeTextMemo) {
        add(key, quoted: ISO8601.maximumLength) { memo.write(time, fractionDigits: fractionDigits, to: $0) }
    }

    /// A member whose value is text that needs no escape, in quotes, written by `text` at the
    /// pointer it is given (room for `room` bytes; it returns how many it wrote).
    @inlinable @inline(__always)
    mutating func add(_ key: StaticString, quoted room: Int, _ text: (UnsafeMutablePointer<UInt8>) -> Int) {
        guard member(key, valueRoom: room + 2) else { return }
        p[0] = UInt8(ascii: "\"")
        let n = text(p + 1)
        p[n + 1] = UInt8(ascii: "\"")
        p += n + 2
    }

    /// A Boolean member.
    @inlinable @inline(__always)
    public mutating func add(_ key: StaticString, _ value: Bool) {
        guard member(key, valueRoom: 5) else { return }
        p += Self.write(value, to: p)
    }

    /// One byte of structure (a brace, a comma between objects).
    fileprivate mutating func raw(_ byte: UInt8) {
        guard !overflowed, p < end else {
            overflowed = true
            return
        }
        p[0] = byte
        p += 1
    }

    /// Writes `,"key":` (no comma for the first member) when it and `valueRoom` bytes fit.
    @inlinable @inline(__always)
    mutating func member(_ key: StaticString, valueRoom: Int) -> Bool {
        key.withUTF8Buffer { member($0, valueRoom: valueRoom) }
    }

    /// Writes `,"key":` for a key's bytes, which need no escape, when it and `valueRoom` bytes
    /// fit; else marks the cursor overflowed.
    @inlinable @inline(__always)
    mutating func member(_ k: UnsafeBufferPointer<UInt8>, valueRoom: Int) -> Bool {
        guard !overflowed, end - p >= k.count + 4 + valueRoom, let start = k.baseAddress else {
            overflowed = true
            return false
        }
        if !isEmpty {
            p[0] = UInt8(ascii: ",")
            p += 1
        }
        isEmpty = false
        p[0] = UInt8(ascii: "\"")
        Self.copySmall(k.count, from: start, to: p + 1)
        p[k.count + 1] = UInt8(ascii: "\"")
        p[k.count + 2] = UInt8(ascii: ":")
        p += k.count + 3
        return true
    }

    /// Copies `n` bytes of a key or a short value: two overlapping words of 8, 4 or 2 bytes for 2
    /// to 16 bytes, which never reach past them, else byte by byte. Keys are a few bytes: this
    /// costs less than a call to memcpy, and a third of a loop over their bytes.
    @inlinable @inline(__always)
    static func copySmall(_ n: Int, from start: UnsafePointer<UInt8>, to p: UnsafeMutablePointer<UInt8>) {
        let source = UnsafeRawPointer(start)
        let target = UnsafeMutableRawPointer(p)
        if n >= 8 && n <= 16 {
            target.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
            target.storeBytes(
                of: source.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self),
                toByteOffset: n &- 8, as: UInt64.self)
        } else if n >= 4 && n < 8 {
            target.storeBytes(of: source.loadUnaligned(as: UInt32.self), as: UInt32.self)
            target.storeBytes(
                of: source.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self),
                toByteOffset: n &- 4, as: UInt32.self)
        } else if n >= 2 && n < 4 {
            target.storeBytes(of: source.loadUnaligned(as: UInt16.self), as: UInt16.self)
            target.storeBytes(
                of: source.loadUnaligned(fromByteOffset: n &- 2, as: UInt16.self),
                toByteOffset: n &- 2, as: UInt16.self)
        } else {
            var i = 0
            while i < n {
                p[i] = start[i]
                i &+= 1
            }
        }
    }

    /// Writes `true` or `false` at `p` (room for 5 bytes); returns the bytes written.
    @inlinable @inline(__always)
    static func write(_ value: Bool, to p: UnsafeMutablePointer<UInt8>) -> Int {
        value ? writeLiteral("true", to: p) : writeLiteral("false", to: p)
    }

    /// Writes `null` at `p` (room for 4 bytes); returns the bytes written.
    fileprivate static func writeNull(to p: UnsafeMutablePointer<UInt8>) -> Int {
        writeLiteral("null", to: p)
    }

    /// Copies a constant's bytes to `p` (room for them); returns how many. A loop, not `memcpy`:
    /// the constants are a few bytes, and inlined with a literal they become a few stores (the
    /// keys of gpsd's SKY satellites, `true`, `null`).
    @inlinable @inline(__always)
    public static func writeLiteral(_ text: StaticString, to p: UnsafeMutablePointer<UInt8>) -> Int {
        let bytes = text.utf8Start
        var i = 0
        while i < text.utf8CodeUnitCount {
            p[i] = bytes[i]
            i &+= 1
        }
        return i
    }
}
