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
package struct JSONObjectText: Sendable {
    /// The text so far, without the closing brace.
    private var bytes: [UInt8]
    private var isEmpty = true

    /// An empty object.
    package init() {
        bytes = [UInt8(ascii: "{")]
    }

    /// An object written after what `out` already holds; ``finish(into:)`` hands the whole
    /// buffer back, so that a caller that reuses one buffer allocates nothing per object.
    package init(continuing out: inout [UInt8]) {
        bytes = out
        out = []
        bytes.append(UInt8(ascii: "{"))
    }

    /// The finished object, `{...}`.
    package var json: String {
        var text = bytes
        text.append(UInt8(ascii: "}"))
        return String(decoding: text, as: UTF8.self)
    }

    /// Closes the object and puts the buffer (with anything it was continued from) into `out`.
    package consuming func finish(into out: inout [UInt8]) {
        bytes.append(UInt8(ascii: "}"))
        out = bytes
    }

    /// Appends a member with a string value.
    package mutating func add(_ key: String, _ value: String?) {
        member(key)
        guard let value else { return appendNull() }
        Self.appendQuoted(value, to: &bytes)
    }

    /// Appends a member with a one-letter value (`"A"`).
    package mutating func add(_ key: String, _ value: Character?) {
        add(key, value.map(String.init))
    }

    /// Appends a member with an integer value.
    package mutating func add(_ key: String, _ value: Int?) {
        member(key)
        guard let value else { return appendNull() }
        DecimalText.appendInteger(Int64(value), to: &bytes)
    }

    /// Appends a member with a floating-point value (shortest round-trip form).
    package mutating func add(_ key: String, _ value: Double?) {
        member(key)
        guard let value, value.isFinite else { return appendNull() }
        bytes.append(contentsOf: (value == 0 ? 0.0 : value).description.utf8)
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
        member(key)
        DecimalText.append(value, decimals: decimals, to: &bytes)
    }

    /// Appends a member with an instant as an ISO 8601 UTC string with `fractionDigits` digits
    /// of the second (``ISO8601``); nothing when `time` is nil.
    package mutating func add(_ key: String, time: Date?, fractionDigits: Int) {
        guard let time else { return }
        member(key)
        bytes.append(UInt8(ascii: "\""))
        ISO8601.append(time, fractionDigits: fractionDigits, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends a member with a Boolean value.
    package mutating func add(_ key: String, _ value: Bool?) {
        member(key)
        guard let value else { return appendNull() }
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// Appends a member whose value is an array of strings.
    package mutating func add(_ key: String, strings: some Sequence<String>) {
        member(key)
        bytes.append(UInt8(ascii: "["))
        for (i, s) in strings.enumerated() {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            Self.appendQuoted(s, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Appends a member whose value is an array of integers.
    package mutating func add(_ key: String, integers: some Sequence<Int>) {
        member(key)
        bytes.append(UInt8(ascii: "["))
        for (i, n) in integers.enumerated() {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            DecimalText.appendInteger(Int64(n), to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Appends a member whose value is an object.
    package mutating func add(_ key: String, object: JSONObjectText) {
        member(key)
        bytes.append(contentsOf: object.bytes)
        bytes.append(UInt8(ascii: "}"))
    }

    /// Appends a member whose value is an array of objects.
    package mutating func add(_ key: String, objects: [JSONObjectText]) {
        member(key)
        bytes.append(UInt8(ascii: "["))
        for (i, o) in objects.enumerated() {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: o.bytes)
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Appends a member whose value is JSON text this writer made: an object's ``json``, an
    /// ``array(_:)``, a ``number(wholeWhenIntegral:)``; for values nested in any shape.
    package mutating func add(_ key: String, json: String) {
        member(key)
        bytes.append(contentsOf: json.utf8)
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
        return String(decoding: object.bytes.dropFirst(4), as: UTF8.self)
    }

    /// `s` as a JSON string literal (see the type's escaping rules).
    package static func quoted(_ s: String) -> String {
        var out: [UInt8] = []
        appendQuoted(s, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `s` as a JSON string literal to `out`.
    package static func appendQuoted(_ s: String, to out: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        out.append(UInt8(ascii: "\""))
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0..<0x20, 0x7F:
                out.append(contentsOf: "\\u00".utf8)
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Writes `,"key":` (without the comma for the first member).
    private mutating func member(_ key: String) {
        if !isEmpty { bytes.append(UInt8(ascii: ",")) }
        isEmpty = false
        Self.appendQuoted(key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
    }

    private mutating func appendNull() {
        bytes.append(contentsOf: "null".utf8)
    }
}
