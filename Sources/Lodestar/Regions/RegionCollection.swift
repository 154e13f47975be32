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
        let root: Any
        do { root = try JSONSerialization.jsonObject(with: data) } catch {
            throw .geoJSON("not valid JSON")
        }
        guard let object = root as? [String: Any] else { throw .geoJSON("the document is not a JSON object") }
        let features: [Any]
        switch object["type"] as? String {
        case "FeatureCollection":
            guard let list = object["features"] as? [Any] else { throw .geoJSON("a FeatureCollection without a features array") }
            features = list
        case "Feature": features = [object]
        case let other: throw .geoJSON("type is \(other.map { "\"\($0)\"" } ?? "missing"), expected \"FeatureCollection\"")
        }
        var conditions: [RegionCondition] = []
        var seen: [String: Int] = [:]
        for (index, feature) in features.enumerated() {
            let condition = try Self.condition(feature, index: index)
            if let first = seen[condition.id] {
                throw .feature(index: index, id: condition.id, reason: "the id repeats feature \(first)'s")
            }
            seen[condition.id] = index
            conditions.append(condition)
        }
        self.conditions = conditions
    }

    /// One feature as a condition.
    private static func condition(_ any: Any, index: Int) throws(RegionError) -> RegionCondition {
        guard let feature = any as? [String: Any], feature["type"] as? String == "Feature" else {
            throw .feature(index: index, id: nil, reason: "not a GeoJSON Feature object")
        }
        let properties = feature["properties"] as? [String: Any] ?? [:]
        let id = identifier(feature["id"]) ?? identifier(properties["id"])
        func bad(_ reason: String) -> RegionError { .feature(index: index, id: id, reason: reason) }
        guard let id else { throw bad("no id (a feature id or properties.id, string or number)") }
        guard let geometry = feature["geometry"] as? [String: Any], let type = geometry["type"] as? String else {
            throw bad("no geometry")
        }
        var dwell: Duration?
        if let value = properties["dwell"], !(value is NSNull) {
            guard let seconds = number(value), seconds >= 0, seconds <= RegionError.longestDwell else {
                throw bad("properties.dwell must be a number of seconds ≥ 0 and ≤ 604800, not \(value)")
            }
            dwell = .milliseconds((seconds * 1000).rounded())
        }
        let shape: RegionShape
        do throws(RegionError) {
            switch type {
            case "Point":
                let center = try position(geometry["coordinates"], "coordinates")
                guard let radius = properties["radius"].flatMap(number) else {
                    throw RegionError.geoJSON("a Point needs properties.radius, metres > 0 and ≤ 1000000")
                }
                guard radius > 0, radius <= RegionError.largestRadius else {
                    throw RegionError.geoJSON("properties.radius must be metres > 0 and ≤ 1000000, not \(radius)")
                }
                shape = .circle(center: center, radius: radius)
            case "Polygon":
                shape = .polygon(try polygon(geometry["coordinates"], "coordinates"))
            case "MultiPolygon":
                guard let list = geometry["coordinates"] as? [Any], !list.isEmpty else {
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
    private static func identifier(_ any: Any?) -> String? {
        if let s = any as? String { return s }
        guard let n = any.flatMap(number) else { return nil }
        return n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : String(n)
    }

    /// A JSON number (not a Boolean: JSONSerialization gives both as NSNumber, a Boolean of type
    /// "c", and `is Bool` holds for the numbers 0 and 1 too).
    private static func number(_ any: Any) -> Double? {
        guard let n = any as? NSNumber, String(cString: n.objCType) != "c" else { return nil }
        let value = n.doubleValue
        return value.isFinite ? value : nil
    }

    /// A `[longitude, latitude]` position.
    private static func position(_ any: Any?, _ what: String) throws(RegionError) -> Coordinate {
        guard let pair = any as? [Any], pair.count >= 2, let lon = number(pair[0]), let lat = number(pair[1]) else {
            throw .geoJSON("\(what) must be a position [longitude, latitude]")
        }
        do { return try Coordinate(latitude: lat, longitude: lon) } catch {
            throw .geoJSON("\(what): \(error.description)")
        }
    }

    /// A polygon's closed rings.
    private static func polygon(_ any: Any?, _ what: String) throws(RegionError) -> RegionPolygon {
        guard let rings = any as? [Any], !rings.isEmpty else { throw .geoJSON("\(what) must be a non-empty array of rings") }
        var coordinates: [[Coordinate]] = []
        for (r, ring) in rings.enumerated() {
            guard let positions = ring as? [Any], positions.count >= 4 else {
                throw .geoJSON("\(what) ring \(r) must be an array of at least 4 positions")
            }
            var list: [Coordinate] = []
            list.reserveCapacity(positions.count)
            for (k, p) in positions.enumerated() { list.append(try position(p, "\(what) ring \(r) position \(k)")) }
            guard list.first == list.last else {
                throw .geoJSON("\(what) ring \(r) is not closed (its first and last positions differ)")
            }
            coordinates.append(list)
        }
        return try RegionPolygon(rings: coordinates)
    }
}
