import Foundation
import Geodesy
import LodestarInternals

/// A request body read strictly: one JSON object (RFC 8259, at most ``RequestBodyLimit/bytes``),
/// in which every member must be one the schema names, with the right type and within its range.
/// Each problem found is collected (with its path, such as `request.pickupLocation.coordinate`),
/// so that one 400 answer lists them all.
///
/// Parsed with Foundation's `JSONSerialization`, which refuses NaN, infinities, numbers that do
/// not fit a `Double`, unescaped control characters and nesting deeper than 512.
final class JSONInput {
    /// The problems found so far, one line each.
    private(set) var errors: [String] = []

    private init() {}

    /// Parses `bytes` as one JSON object and hands its members to `read`; the value `read` returns
    /// when nothing was wrong.
    /// - Throws: ``ProblemDocument/badRequest(_:errors:)`` listing every problem.
    static func read<T>(_ bytes: [UInt8], _ read: (JSONMembers) -> T?) throws(ProblemDocument) -> T {
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: Data(bytes), options: [])
        } catch {
            let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            throw .badRequest("the body is not valid JSON" + (reason.map { ": \($0)" } ?? ""))
        }
        guard let object = parsed as? [String: Any] else { throw .badRequest("the body must be a JSON object") }
        let input = JSONInput()
        let value = read(JSONMembers(object, path: "", input: input))
        guard input.errors.isEmpty, let value else {
            throw .badRequest("the body does not match the API's schema", errors: input.errors)
        }
        return value
    }

    func fail(_ path: String, _ message: String) {
        errors.append(path.isEmpty ? message : "\(path): \(message)")
    }
}

/// The members of one JSON object in a body read by ``JSONInput``. Absent and `null` members are
/// both absent; a member of the wrong type or out of range is recorded and read as absent.
struct JSONMembers {
    private let members: [String: Any]
    /// Where the object is in the body: `` for the body itself, `request.pickupLocation` ...
    let path: String
    let input: JSONInput

    init(_ members: [String: Any], path: String, input: JSONInput) {
        self.members = members
        self.path = path
        self.input = input
    }

    /// Records every member not in `names` as unknown.
    func allow(_ names: Set<String>) {
        for key in members.keys.sorted() where !names.contains(key) {
            input.fail(path, "unknown member '\(key)'")
        }
    }

    /// Records a problem with a member.
    func fail(_ key: String, _ message: String) {
        input.fail(at(key), message)
    }

    /// Records that a required member is missing.
    func missing(_ key: String) {
        input.fail(path, "'\(key)' is required")
    }

    private func at(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    private func value(_ key: String) -> Any? {
        guard let value = members[key], !(value is NSNull) else { return nil }
        return value
    }

    /// A string member of `minLength`...`maxLength` characters (Unicode scalars).
    func string(_ key: String, minLength: Int = 1, maxLength: Int = 200) -> String? {
        guard let raw = value(key) else { return nil }
        guard let text = raw as? String else {
            fail(key, "must be a string")
            return nil
        }
        guard (minLength...maxLength).contains(text.unicodeScalars.count) else {
            fail(key, "must be \(minLength) to \(maxLength) characters")
            return nil
        }
        return text
    }

    /// A number member within `range` (finite by construction).
    func number(_ key: String, in range: ClosedRange<Double>) -> Double? {
        guard let x = numeric(key, "a number") else { return nil }
        guard x.isFinite, range.contains(x) else {
            fail(key, "must be a number from \(range.lowerBound) to \(range.upperBound), got \(x)")
            return nil
        }
        return x
    }

    /// An integer member within `range`.
    func integer(_ key: String, in range: ClosedRange<Int>) -> Int? {
        guard let x = numeric(key, "an integer") else { return nil }
        guard x.isFinite, x == x.rounded(), x >= Double(range.lowerBound), x <= Double(range.upperBound) else {
            fail(key, "must be an integer from \(range.lowerBound) to \(range.upperBound)")
            return nil
        }
        return Int(x)
    }

    /// A JSON number member as a Double, or nil: absent, or not a number (recorded as a problem:
    /// "must be `expected`"). true and false are not numbers here.
    private func numeric(_ key: String, _ expected: String) -> Double? {
        guard let raw = value(key) else { return nil }
        guard let n = raw as? NSNumber, !Self.isBoolean(n) else {
            fail(key, "must be \(expected)")
            return nil
        }
        return n.doubleValue
    }

    /// A Boolean member.
    func boolean(_ key: String) -> Bool? {
        guard let raw = value(key) else { return nil }
        guard let n = raw as? NSNumber, Self.isBoolean(n) else {
            fail(key, "must be true or false")
            return nil
        }
        return n.boolValue
    }

    /// An RFC 3339 date-time member (years 0000...9999), between 2000-01-01 and `latest` when
    /// `latest` is given.
    func date(_ key: String, latest: Date?) -> Date? {
        guard let text = string(key, maxLength: 64) else { return nil }
        guard let date = ISO8601.parse(text) else {
            fail(key, "must be an RFC 3339 date-time such as 2026-11-24T12:00:00Z")
            return nil
        }
        guard let latest else { return date }
        guard date >= Self.earliest, date <= latest else {
            fail(key, "must lie between 2000-01-01 and \(ISO8601.string(latest, fractionDigits: 0, rounding: .down))")
            return nil
        }
        return date
    }

    /// An object member.
    func object(_ key: String) -> JSONMembers? {
        guard let raw = value(key) else { return nil }
        guard let object = raw as? [String: Any] else {
            fail(key, "must be an object")
            return nil
        }
        return JSONMembers(object, path: at(key), input: input)
    }

    /// An array-of-objects member with `count` elements.
    func objects(_ key: String, count: ClosedRange<Int>) -> [JSONMembers]? {
        guard let raw = value(key) else { return nil }
        guard let array = raw as? [Any] else {
            fail(key, "must be an array")
            return nil
        }
        guard count.contains(array.count) else {
            fail(key, "must hold \(count.lowerBound) to \(count.upperBound) elements, got \(array.count)")
            return nil
        }
        var result: [JSONMembers] = []
        for (i, element) in array.enumerated() {
            guard let object = element as? [String: Any] else {
                input.fail("\(at(key))[\(i)]", "must be an object")
                continue
            }
            result.append(JSONMembers(object, path: "\(at(key))[\(i)]", input: input))
        }
        return result
    }

    /// A coordinate member `{"latitude": -90...90, "longitude": -180...180}`.
    func coordinate(_ key: String) -> Coordinate? {
        guard let c = object(key) else { return nil }
        c.allow(["latitude", "longitude"])
        let latitude = c.number("latitude", in: -90...90)
        let longitude = c.number("longitude", in: -180...180)
        if c.value("latitude") == nil { c.missing("latitude") }
        if c.value("longitude") == nil { c.missing("longitude") }
        guard let latitude, let longitude else { return nil }
        return try? Coordinate(latitude: latitude, longitude: longitude)
    }

    /// Whether `n` is JSON's `true` or `false` rather than a number.
    private static func isBoolean(_ n: NSNumber) -> Bool {
        type(of: n) == type(of: NSNumber(value: true))
    }

    /// The earliest date the service takes.
    static let earliest = Date(timeIntervalSince1970: 946_684_800)
}
