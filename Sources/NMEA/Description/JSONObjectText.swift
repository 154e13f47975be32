import GNSS
import LodestarInternals

/// Builds the text of one compact JSON object (RFC 8259), member by member, in the order the
/// members are added: `{"type":"GGA","talker":"GP","hdop":0.9}`.
///
/// - Strings are escaped: `"` and `\`, control characters as `\n`, `\r`, `\t` or `\u00XX`. Other
///   characters are written as they are (UTF-8).
/// - Numbers are written in the shortest form that reads back to the same `Double` (Swift's
///   `description`: `0.9`, `545.0`, `1e-05`); −0 is written as `0.0`; integers without a fraction.
///   A non-finite number, which JSON cannot hold, is written as `null`.
/// - A nil value is written as `null`: callers leave out the keys that must be absent.
struct JSONObjectText {
    /// The text so far, without the closing brace.
    private var text = "{"
    private var isEmpty = true

    init() {}

    /// The finished object, `{...}`.
    var json: String { text + "}" }

    /// Appends a member with a string value.
    mutating func add(_ key: String, _ value: String?) {
        member(key)
        guard let value else { return text += "null" }
        JSONString.append(value, to: &text)
    }

    /// Appends a member with a one-letter value (`"A"`).
    mutating func add(_ key: String, _ value: Character?) {
        add(key, value.map(String.init))
    }

    /// Appends a member with an integer value.
    mutating func add(_ key: String, _ value: Int?) {
        member(key)
        text += value.map(String.init) ?? "null"
    }

    /// Appends a member with a floating-point value (shortest round-trip form).
    mutating func add(_ key: String, _ value: Double?) {
        member(key)
        JSONObjectText.appendNumber(value, to: &text)
    }

    /// Appends a member with a floating-point value that is written without a fraction when it
    /// has none (`15`, not `15.0`): for quantities NMEA sends as integers but Lodestar keeps as
    /// `Double`, such as satellite elevations.
    mutating func add(_ key: String, wholeWhenIntegral value: Double?) {
        if let value, value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            add(key, Int(value))
        } else {
            add(key, value)
        }
    }

    /// Appends a member with a Boolean value.
    mutating func add(_ key: String, _ value: Bool?) {
        member(key)
        text += value.map { $0 ? "true" : "false" } ?? "null"
    }

    /// Appends a member whose value is an array of strings.
    mutating func add(_ key: String, strings: some Sequence<String>) {
        member(key)
        text += "["
        for (i, s) in strings.enumerated() {
            if i > 0 { text += "," }
            JSONString.append(s, to: &text)
        }
        text += "]"
    }

    /// Appends a member whose value is an array of integers.
    mutating func add(_ key: String, integers: some Sequence<Int>) {
        member(key)
        text += "[" + integers.map(String.init).joined(separator: ",") + "]"
    }

    /// Appends a member whose value is an array of objects.
    mutating func add(_ key: String, objects: [JSONObjectText]) {
        member(key)
        text += "[" + objects.map(\.json).joined(separator: ",") + "]"
    }

    /// Writes `,"key":` (without the comma for the first member).
    private mutating func member(_ key: String) {
        if !isEmpty { text += "," }
        isEmpty = false
        JSONString.append(key, to: &text)
        text += ":"
    }

    /// Appends `value` as a JSON number (−0 as `0.0`), or `null`.
    static func appendNumber(_ value: Double?, to text: inout String) {
        guard let value, value.isFinite else { return text += "null" }
        text += (value == 0 ? 0.0 : value).description
    }
}
