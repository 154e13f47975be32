import Foundation
import Geodesy

/// Regions read from a GeoJSON FeatureCollection (RFC 7946), for ``RegionMonitor`` and
/// `lodestar monitor`.
///
/// - A `Point` with `properties.radius` (metres, > 0 and ≤ 1,000,000) is a circle.
/// - A `Polygon` or `MultiPolygon` is itself; rings must be closed (first position repeated last)
///   with at least 4 positions; the first ring of a polygon is its boundary, the others holes.
/// - `properties.dwell`, optional: seconds, ≥ 0 and ≤ 604,800 (one week).
/// - The identifier is the feature's `id` (string or number), else `properties.id`; identifiers
///   must not repeat.
/// Positions are `[longitude, latitude]` (a third number, altitude, is ignored). Every bad feature
/// is an error naming it (its index from 0 and its id if any) and the problem, on one line.
public struct RegionCollection: Sendable, Equatable {
    /// The regions, in the order of the features.
    public var conditions: [RegionCondition]

    /// The largest document read, bytes (256 MiB).
    public static let maximumInputSize = 256 << 20

    public init(conditions: [RegionCondition]) {
        self.conditions = conditions
    }

    /// Reads a FeatureCollection (or a single Feature).
    /// - Throws: ``RegionError/feature(index:id:reason:)`` for a bad feature,
    ///   ``RegionError/geoJSON(_:)`` for a bad document.
    public init(geoJSON data: Data) throws(RegionError) {
        guard data.count <= Self.maximumInputSize else {
            throw .geoJSON("\(data.count) bytes, larger than the limit of \(Self.maximumInputSize)")
        }
        let root: JSONValue
        do { root = try JSONValue.parse(data) } catch {
            throw .geoJSON("not valid JSON: \(error.description)")
        }
        guard root.isObject else { throw .geoJSON("the document is not a JSON object") }
        let features: [JSONValue]
        switch root["type"]?.string {
        case "FeatureCollection":
            guard let list = root["features"]?.array else { throw .geoJSON("a FeatureCollection without a features array") }
            features = list
        case "Feature": features = [root]
        case let other: throw .geoJSON("type is \(other.map { "\"\($0)\"" } ?? "missing"), expected \"FeatureCollection\"")
        }
        var conditions: [RegionCondition] = []
        conditions.reserveCapacity(features.count)
        var seen: [String: Int] = [:]
        seen.reserveCapacity(features.count)
        for (index, feature) in features.enumerated() {
            let condition = try Self.condition(feature, index: index)
            if let first = seen.updateValue(index, forKey: condition.id) {
                throw .feature(index: index, id: condition.id, reason: "the id repeats feature \(first)'s")
            }
            conditions.append(condition)
        }
        self.conditions = conditions
    }

    /// One feature as a condition.
    private static func condition(_ feature: JSONValue, index: Int) throws(RegionError) -> RegionCondition {
        guard feature["type"]?.string == "Feature" else {
            throw .feature(index: index, id: nil, reason: "not a GeoJSON Feature object")
        }
        let properties = feature["properties"] ?? .null
        let id = identifier(feature["id"]) ?? identifier(properties["id"])
        func bad(_ reason: String) -> RegionError { .feature(index: index, id: id, reason: reason) }
        guard let id else { throw bad("no id (a feature id or properties.id, string or number)") }
        guard let geometry = feature["geometry"], let type = geometry["type"]?.string else {
            throw bad("no geometry")
        }
        var dwell: Duration?
        if let value = properties["dwell"], value != .null {
            guard let seconds = value.number, seconds >= 0, seconds <= RegionError.longestDwell else {
                throw bad("properties.dwell must be a number of seconds ≥ 0 and ≤ 604800, not \(Self.text(value))")
            }
            dwell = .milliseconds((seconds * 1000).rounded())
        }
        let shape: RegionShape
        do throws(RegionError) {
            switch type {
            case "Point":
                let center = try position(geometry["coordinates"], "coordinates")
                guard let radius = properties["radius"]?.number else {
                    throw RegionError.geoJSON("a Point needs properties.radius, metres > 0 and ≤ 1000000")
                }
                guard radius > 0, radius <= RegionError.largestRadius else {
                    throw RegionError.geoJSON("properties.radius must be metres > 0 and ≤ 1000000, not \(radius)")
                }
                shape = .circle(center: center, radius: radius)
            case "Polygon":
                shape = .polygon(try polygon(geometry["coordinates"], "coordinates"))
            case "MultiPolygon":
                guard let list = geometry["coordinates"]?.array, !list.isEmpty else {
                    throw RegionError.geoJSON("coordinates must be a non-empty array of polygons")
                }
                var polygons: [RegionPolygon] = []
                for (k, p) in list.enumerated() { polygons.append(try polygon(p, "polygon \(k)")) }
                shape = .multiPolygon(polygons)
            default:
                throw RegionError.geoJSON("geometry type \(type) cannot be a region (Point with radius, Polygon, MultiPolygon)")
            }
            return try RegionCondition(id: id, shape: shape, dwell: dwell)
        } catch {
            switch error {
            case .geoJSON(let reason): throw bad(reason)
            default: throw bad(error.description)
            }
        }
    }

    /// A feature identifier: a string, or a number written as an integer when it is one.
    private static func identifier(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let s): return s
        case .number(let n): return n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : String(n)
        default: return nil
        }
    }

    /// A value as a message shows it: a number or string as it is, else its kind.
    private static func text(_ value: JSONValue) -> String {
        switch value {
        case .number(let n): n == n.rounded() && abs(n) < 1e15 ? "\(Int64(n))" : "\(n)"
        case .string(let s): "\"\(s.prefix(40))\""
        case .bool(let b): "\(b)"
        case .null: "null"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// A `[longitude, latitude]` position.
    private static func position(_ value: JSONValue?, _ what: String) throws(RegionError) -> Coordinate {
        try position(value, { what })
    }

    /// The position reader, with the name for messages made only for a message (a polygon
    /// has thousands of positions).
    private static func position(_ value: JSONValue?, _ what: () -> String) throws(RegionError) -> Coordinate {
        guard let pair = value?.array, pair.count >= 2, let lon = pair[0].number, let lat = pair[1].number else {
            throw .geoJSON("\(what()) must be a position [longitude, latitude]")
        }
        do { return try Coordinate(latitude: lat, longitude: lon) } catch {
            throw .geoJSON("\(what()): \(error.description)")
        }
    }

    /// A polygon's closed rings.
    private static func polygon(_ value: JSONValue?, _ what: String) throws(RegionError) -> RegionPolygon {
        guard let rings = value?.array, !rings.isEmpty else { throw .geoJSON("\(what) must be a non-empty array of rings") }
        var coordinates: [[Coordinate]] = []
        for (r, ring) in rings.enumerated() {
            guard let positions = ring.array, positions.count >= 4 else {
                throw .geoJSON("\(what) ring \(r) must be an array of at least 4 positions")
            }
            var list: [Coordinate] = []
            list.reserveCapacity(positions.count)
            for (k, p) in positions.enumerated() { list.append(try position(p, { "\(what) ring \(r) position \(k)" })) }
            guard list.first == list.last else {
                throw .geoJSON("\(what) ring \(r) is not closed (its first and last positions differ)")
            }
            coordinates.append(list)
        }
        return try RegionPolygon(rings: coordinates)
    }
}
