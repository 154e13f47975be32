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
    /// The object's members, after checking that it holds none `Key` does not name: one pass
    /// over one container, whose members are then read by `Key`.
    /// - Throws: `DecodingError.dataCorrupted` at the first unknown member (in sorted order).
    func strictContainer<Key: CodingKey & CaseIterable>(keyedBy: Key.Type) throws -> StrictContainer<Key> {
        let members = try container(keyedBy: MemberKey.self)
        let keys = members.allKeys
        if keys.contains(where: { Key(stringValue: $0.stringValue) == nil }) {
            let first = keys.map(\.stringValue).filter { Key(stringValue: $0) == nil }.sorted()[0]
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath + [MemberKey(stringValue: first)], debugDescription: "unknown member '\(first)'"))
        }
        return StrictContainer(members: members)
    }
}

/// The members of one JSON object read strictly (`Decoder.strictContainer(keyedBy:)`):
/// by `Key`, each within its range.
struct StrictContainer<Key: CodingKey & CaseIterable> {
    let members: KeyedDecodingContainer<MemberKey>

    var codingPath: [any CodingKey] { members.codingPath }

    private func member(_ key: Key) -> MemberKey { MemberKey(stringValue: key.stringValue) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try members.decode(T.self, forKey: member(key))
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try members.decodeIfPresent(T.self, forKey: member(key))
    }

    /// The error for a member whose value is wrong.
    func corrupted(_ key: Key, _ message: String) -> DecodingError {
        DecodingError.dataCorruptedError(forKey: member(key), in: members, debugDescription: message)
    }

    /// The error for a required member that is absent.
    func missing(_ key: Key) -> DecodingError {
        DecodingError.keyNotFound(member(key), .init(codingPath: codingPath, debugDescription: "required"))
    }

    /// A string member of `length` characters (Unicode scalars), or nil when absent or null.
    func string(_ key: Key, length: ClosedRange<Int> = 1...200) throws -> String? {
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
        guard length.contains(text.unicodeScalars.count) else {
            throw corrupted(key, "must be \(length.lowerBound) to \(length.upperBound) characters")
        }
        return text
    }

    /// A number member within `range`, or nil when absent or null.
    func number(_ key: Key, in range: ClosedRange<Double>) throws -> Double? {
        guard let x = try decodeIfPresent(Double.self, forKey: key) else { return nil }
        guard x.isFinite, range.contains(x) else {
            throw corrupted(key, "must be a number from \(range.lowerBound) to \(range.upperBound), got \(x)")
        }
        return x
    }

    /// An integer member within `range`, or nil when absent or null. A number with a fraction
    /// (1.5) is refused; 2.0 is 2.
    func integer(_ key: Key, in range: ClosedRange<Int>) throws -> Int? {
        guard let x = try decodeIfPresent(Double.self, forKey: key) else { return nil }
        guard x.isFinite, x == x.rounded(), x >= Double(range.lowerBound), x <= Double(range.upperBound) else {
            throw corrupted(key, "must be an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return Int(x)
    }

    /// A date member between 2000-01-01 and `latest`, or nil when absent or null.
    func date(_ key: Key, latest: Date = .distantFuture) throws -> Date? {
        guard let date = try decodeIfPresent(Date.self, forKey: key) else { return nil }
        guard date >= APIRanges.earliestDate, date <= latest else { throw corrupted(key, "must lie after 2000-01-01") }
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
        guard let latitude = try c.number(.latitude, in: -90...90) else { throw c.missing(.latitude) }
        guard let longitude = try c.number(.longitude, in: -180...180) else { throw c.missing(.longitude) }
        do {
            coordinate = try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            throw c.corrupted(.latitude, error.description)
        }
    }
}
