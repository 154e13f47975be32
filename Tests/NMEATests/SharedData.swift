import Foundation
import TestSupport

/// The shared reference data beside the package (`../shared`, found by ``TestData``).
enum SharedData {
    static let root = TestData.shared
    static let vectors = root.appendingPathComponent("nmea-vectors")
    static let gpsdTraces = root.appendingPathComponent("traces/gpsd")

    /// The records of a JSON Lines file, each decoded into a ``JSON`` value.
    static func jsonLines(_ url: URL) -> [JSON] {
        guard let data = try? Data(contentsOf: url) else { return [] }
        let decoder = JSONDecoder()
        return data.split(separator: UInt8(ascii: "\n")).compactMap { line in
            try? decoder.decode(JSON.self, from: Data(line))
        }
    }

    /// Names of the gpsd logs that have a `.chk` file.
    static func gpsdLogs() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: gpsdTraces.path)) ?? []
        return names.filter { $0.hasSuffix(".log") && names.contains($0 + ".chk") }.sorted()
    }
}

/// A JSON value as a Sendable enum (JSONSerialization's output converted once).
enum JSON: Sendable, Equatable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let n = try? c.decode(Double.self) {
            self = .number(n)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let a = try? c.decode([JSON].self) {
            self = .array(a)
        } else {
            self = .object(try c.decode([String: JSON].self))
        }
    }

    subscript(_ key: String) -> JSON? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }
    var number: Double? {
        if case .number(let n) = self { return n }
        return nil
    }
    var bool: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }
    var array: [JSON]? {
        if case .array(let a) = self { return a }
        return nil
    }
    var object: [String: JSON]? {
        if case .object(let o) = self { return o }
        return nil
    }
    var isNull: Bool { self == .null }
}
