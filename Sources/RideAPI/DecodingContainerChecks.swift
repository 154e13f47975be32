import Foundation
import Geodesy

/// Any member name of a JSON object, to list the members a body holds.
struct MemberKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension Decoder {
    /// The object's keyed container, after checking that it holds no member `Key` does not name.
    /// - Throws: `DecodingError.dataCorrupted` at the first unknown member (in sorted order).
    func strictContainer<Key: CodingKey & CaseIterable>(keyedBy: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let all = try container(keyedBy: MemberKey.self)
        let known = Set(Key.allCases.map(\.stringValue))
        if let unknown = all.allKeys.map(\.stringValue).sorted().first(where: { !known.contains($0) }) {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath + [MemberKey(stringValue: unknown)], debugDescription: "unknown member '\(unknown)'"))
        }
        return try container(keyedBy: Key.self)
    }
}

extension KeyedDecodingContainer {
    /// A string member of `length` characters (Unicode scalars), or nil when absent or null.
    func string(_ key: Key, length: ClosedRange<Int> = 1...200) throws -> String? {
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
        guard length.contains(text.unicodeScalars.count) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "must be \(length.lowerBound) to \(length.upperBound) characters")
        }
        return text
    }

    /// A number member within `range`, or nil when absent or null.
    func number(_ key: Key, in range: ClosedRange<Double>) throws -> Double? {
        guard let x = try decodeIfPresent(Double.self, forKey: key) else { return nil }
        guard x.isFinite, range.contains(x) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "must be a number from \(range.lowerBound) to \(range.upperBound), got \(x)")
        }
        return x
    }

    /// An integer member within `range`, or nil when absent or null. A number with a fraction
    /// (1.5) is refused; 2.0 is 2.
    func integer(_ key: Key, in range: ClosedRange<Int>) throws -> Int? {
        guard let x = try decodeIfPresent(Double.self, forKey: key) else { return nil }
        guard x.isFinite, x == x.rounded(), x >= Double(range.lowerBound), x <= Double(range.upperBound) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "must be an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return Int(x)
    }

    /// A date member between 2000-01-01 and `latest`, or nil when absent or null.
    func date(_ key: Key, latest: Date = .distantFuture) throws -> Date? {
        guard let date = try decodeIfPresent(Date.self, forKey: key) else { return nil }
        guard date >= APIRanges.earliestDate, date <= latest else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "must lie after 2000-01-01")
        }
        return date
    }

    /// A coordinate member `{"latitude": -90...90, "longitude": -180...180}`, nothing else, or nil
    /// when absent or null.
    func coordinate(_ key: Key) throws -> Coordinate? {
        try decodeIfPresent(CoordinateBody.self, forKey: key)?.coordinate
    }
}

/// A coordinate as the API reads it: both members required, in range, no other member.
struct CoordinateBody: Decodable {
    let coordinate: Coordinate

    private enum CodingKeys: String, CodingKey, CaseIterable { case latitude, longitude }

    init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
        guard let latitude = try c.number(.latitude, in: -90...90) else {
            throw DecodingError.keyNotFound(CodingKeys.latitude, .init(codingPath: c.codingPath, debugDescription: "required"))
        }
        guard let longitude = try c.number(.longitude, in: -180...180) else {
            throw DecodingError.keyNotFound(CodingKeys.longitude, .init(codingPath: c.codingPath, debugDescription: "required"))
        }
        do {
            coordinate = try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .latitude, in: c, debugDescription: error.description)
        }
    }
}
