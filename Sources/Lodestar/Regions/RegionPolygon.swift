import Geodesy

/// A polygon with holes, as GeoJSON's: an outer ring and any number of holes, each ring a closed
/// list of coordinates. Edges are straight lines in longitude and latitude (RFC 7946 §3.1.1), which
/// is what the monitor's local equirectangular plane keeps straight.
///
/// Always valid: each ring has at least 3 distinct vertices and at most 1,000,000; a ring given
/// closed (first vertex repeated last) is stored open.
public struct RegionPolygon: Sendable, Equatable, Codable {
    /// The outer ring, then the holes; each open (the closing vertex is implied).
    public let rings: [[Coordinate]]

    /// The most vertices a ring may have.
    public static let maximumRingVertices = 1_000_000

    /// - Parameter rings: the outer ring first, then the holes; each with ≥ 3 distinct vertices,
    ///   closed or not.
    /// - Throws: ``RegionError/polygon(_:)``.
    public init(rings: [[Coordinate]]) throws(RegionError) {
        guard !rings.isEmpty else { throw .polygon("no rings") }
        var open: [[Coordinate]] = []
        for (i, ring) in rings.enumerated() {
            var r = ring
            if r.count > 1, r.first == r.last { r.removeLast() }
            let distinct = Set(r).count
            guard distinct >= 3 else { throw .polygon("ring \(i) has \(distinct) distinct vertices, needs at least 3") }
            guard r.count <= Self.maximumRingVertices else {
                throw .polygon("ring \(i) has \(r.count) vertices, at most \(Self.maximumRingVertices)")
            }
            open.append(r)
        }
        self.rings = open
    }

    /// - Parameters:
    ///   - outer: the boundary.
    ///   - holes: areas cut out of it.
    public init(outer: [Coordinate], holes: [[Coordinate]] = []) throws(RegionError) {
        try self.init(rings: [outer] + holes)
    }

    public init(from decoder: any Decoder) throws {
        let rings = try decoder.singleValueContainer().decode([[Coordinate]].self)
        do {
            try self.init(rings: rings)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rings)
    }
}
