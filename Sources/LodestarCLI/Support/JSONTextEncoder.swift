import Foundation
import LodestarInternals

/// Writes an `Encodable` value as one line of compact JSON through ``JSONObjectText``, the
/// package's one JSON writer: object keys sorted, absent optionals left out, dates as ISO 8601 UTC
/// to the second (`2026-11-21T11:52:03Z`), whole numbers without a fraction (`4`, not `4.0`).
/// `Decimal` is written as its decimal text, as `JSONEncoder` does. The bytes are those
/// `JSONEncoder` wrote with `.sortedKeys`, `.withoutEscapingSlashes` and
/// `.iso8601` dates, which `lodestar ride … --json` used before.
enum JSONTextEncoder {
    /// The JSON text of `value`.
    static func text<T: Encodable>(_ value: T) throws -> String {
        try Self.write(Self.node(value, codingPath: [], depth: 0))
    }

    /// The deepest nesting written.
    static let maximumDepth = 200

    /// One value of the tree an `Encodable` makes.
    fileprivate enum Node {
        case null
        case bool(Bool)
        case integer(Int64)
        case number(Double)
        /// A number written as its decimal text (a `Decimal`, an integer beyond Int64).
        case decimal(String)
        case string(String)
        case array([Slot])
        case object([String: Slot])
    }

    /// A place in the tree that a container fills in after it is handed out.
    fileprivate final class Slot {
        var node: Node = .null
        init() {}
        init(_ node: Node) { self.node = node }
    }

    /// The node of one value: dates and numbers directly, anything else by encoding it.
    fileprivate static func node<T: Encodable>(_ value: T, codingPath: [any CodingKey], depth: Int) throws -> Node {
        // A type that encodes itself through a single-value container would never end.
        guard depth < maximumDepth else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: codingPath, debugDescription: "nested deeper than \(maximumDepth)"))
        }
        switch value {
        case let date as Date: return .string(ISO8601.string(date, fractionDigits: 0, rounding: .down))
        case let string as String: return .string(string)
        case let bool as Bool: return .bool(bool)
        case let double as Double: return .number(double)
        case let float as Float: return .number(Double(float))
        case let decimal as Decimal: return .decimal(decimal.description)
        case let integer as any BinaryInteger:
            if let exact = Int64(exactly: integer) { return .integer(exact) }
            return .decimal("\(integer)")
        default:
            let slot = Slot()
            try value.encode(to: TreeEncoder(slot: slot, codingPath: codingPath, depth: depth + 1))
            return slot.node
        }
    }

    /// The JSON text of a node.
    private static func write(_ node: Node) -> String {
        switch node {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .integer(let i): String(i)
        case .number(let d): JSONObjectText.number(wholeWhenIntegral: d)
        case .decimal(let text): text
        case .string(let s): JSONObjectText.quoted(s)
        case .array(let slots): JSONObjectText.array(slots.map { write($0.node) })
        case .object(let members):
            members.keys.sorted().reduce(into: JSONObjectText()) { object, key in
                let child = members[key]?.node ?? .null
                switch child {
                case .string(let s): object.add(key, s)
                case .integer(let i) where i >= Int64(Int.min) && i <= Int64(Int.max): object.add(key, Int(i))
                case .bool(let b): object.add(key, b)
                default: object.add(key, json: write(child))
                }
            }.json
        }
    }
}

/// The `Encoder` that builds a ``JSONTextEncoder/Node`` tree.
private struct TreeEncoder: Encoder {
    let slot: JSONTextEncoder.Slot
    let codingPath: [any CodingKey]
    let depth: Int
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = slot.node {} else { slot.node = .object([:]) }
        return KeyedEncodingContainer(KeyedContainer<Key>(slot: slot, codingPath: codingPath, depth: depth))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = slot.node {} else { slot.node = .array([]) }
        return UnkeyedContainer(slot: slot, codingPath: codingPath, depth: depth)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleContainer(slot: slot, codingPath: codingPath, depth: depth)
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: JSONTextEncoder.Slot
    let codingPath: [any CodingKey]
    let depth: Int

    private func set(_ node: JSONTextEncoder.Node, _ key: Key) { set(JSONTextEncoder.Slot(node), key) }

    private func set(_ child: JSONTextEncoder.Slot, _ key: Key) {
        guard case .object(var members) = slot.node else { return }
        members[key.stringValue] = child
        slot.node = .object(members)
    }

    mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        set(try JSONTextEncoder.node(value, codingPath: codingPath + [key], depth: depth), key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        let child = JSONTextEncoder.Slot(.object([:]))
        set(child, key)
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(slot: child, codingPath: codingPath + [key], depth: depth))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = JSONTextEncoder.Slot(.array([]))
        set(child, key)
        return UnkeyedContainer(slot: child, codingPath: codingPath + [key], depth: depth)
    }

    mutating func superEncoder() -> any Encoder {
        let child = JSONTextEncoder.Slot()
        if case .object(var members) = slot.node {
            members["super"] = child
            slot.node = .object(members)
        }
        return TreeEncoder(slot: child, codingPath: codingPath, depth: depth)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let child = JSONTextEncoder.Slot()
        set(child, key)
        return TreeEncoder(slot: child, codingPath: codingPath + [key], depth: depth)
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let slot: JSONTextEncoder.Slot
    let codingPath: [any CodingKey]
    let depth: Int

    var count: Int {
        if case .array(let elements) = slot.node { return elements.count }
        return 0
    }

    private func append(_ child: JSONTextEncoder.Slot) {
        guard case .array(var elements) = slot.node else { return }
        elements.append(child)
        slot.node = .array(elements)
    }

    mutating func encodeNil() throws { append(JSONTextEncoder.Slot(.null)) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        append(JSONTextEncoder.Slot(try JSONTextEncoder.node(value, codingPath: codingPath, depth: depth)))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = JSONTextEncoder.Slot(.object([:]))
        append(child)
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(slot: child, codingPath: codingPath, depth: depth))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = JSONTextEncoder.Slot(.array([]))
        append(child)
        return UnkeyedContainer(slot: child, codingPath: codingPath, depth: depth)
    }

    mutating func superEncoder() -> any Encoder {
        let child = JSONTextEncoder.Slot()
        append(child)
        return TreeEncoder(slot: child, codingPath: codingPath, depth: depth)
    }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let slot: JSONTextEncoder.Slot
    let codingPath: [any CodingKey]
    let depth: Int

    mutating func encodeNil() throws { slot.node = .null }
    mutating func encode<T: Encodable>(_ value: T) throws {
        slot.node = try JSONTextEncoder.node(value, codingPath: codingPath, depth: depth)
    }
}
