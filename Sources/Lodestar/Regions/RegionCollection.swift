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
    public var conditions: [RegionCondition] {
        didSet { index = nil }
    }
    /// The reader's identifier table of ``conditions`` (each identifier under its index), which a
    /// ``RegionEngine`` with no regions adopts when the collection is added whole; nil once
    /// ``conditions`` is changed.
    var index: RegionIdentifierIndex?

    /// The largest document read, bytes (256 MiB).
    public static let maximumInputSize = 256 << 20

    public init(conditions: [RegionCondition]) {
        self.conditions = conditions
    }

    public static func == (a: RegionCollection, b: RegionCollection) -> Bool {
        a.conditions == b.conditions
    }

    /// The collection with `dwell` for every region that has none (the identifiers and their
    /// order kept, and with them the identifier table).
    /// - Throws: ``RegionError/dwell(_:)`` for a dwell out of range.
    public func withDefaultDwell(_ dwell: Duration) throws(RegionError) -> RegionCollection {
        var result = self
        let index = self.index
        result.conditions = try conditions.map { c throws(RegionError) in
            c.dwell != nil ? c : try RegionCondition(id: c.id, shape: c.shape, dwell: dwell)
        }
        result.index = index
        return result
    }

    /// Reads a FeatureCollection (or a single Feature).
    /// - Throws: ``RegionError/feature(index:id:reason:)`` for a bad feature,
    ///   ``RegionError/geoJSON(_:)`` for a bad document.
    public init(geoJSON data: Data) throws(RegionError) {
        guard data.count <= Self.maximumInputSize else {
            throw .geoJSON("\(data.count) bytes, larger than the limit of \(Self.maximumInputSize)")
        }
        let read = try GeoJSONReader.conditions(data)
        conditions = read.conditions
        index = read.index
    }
}
