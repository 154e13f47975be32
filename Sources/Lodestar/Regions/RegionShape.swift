import Geodesy

/// The area of a region: a circle, a polygon with holes, or several polygons.
public enum RegionShape: Sendable, Equatable, Codable {
    /// A circle on the ellipsoid: its centre and radius, metres, in (0, 1,000,000]. Make it with
    /// ``circle(center:radius:)`` to have the radius checked.
    case circle(center: Coordinate, radius: Double)
    /// A polygon with holes.
    case polygon(RegionPolygon)
    /// Several polygons; inside any one of them is inside.
    case multiPolygon([RegionPolygon])

    /// A circle whose radius is checked: metres, finite, > 0 and ≤ 1,000,000.
    /// - Throws: ``RegionError/radius(_:)``.
    public static func circle(center: Coordinate, checkedRadius radius: Double) throws(RegionError) -> RegionShape {
        .circle(center: center, radius: try RegionError.checkedRadius(radius))
    }

    /// The shape's polygons (none for a circle).
    var polygons: [RegionPolygon] {
        switch self {
        case .circle: []
        case .polygon(let p): [p]
        case .multiPolygon(let ps): ps
        }
    }

    /// Checks a shape built from its cases directly.
    func validated() throws(RegionError) -> RegionShape {
        switch self {
        case .circle(_, let radius): _ = try RegionError.checkedRadius(radius)
        case .multiPolygon(let ps) where ps.isEmpty: throw .polygon("a multipolygon with no polygons")
        default: break
        }
        return self
    }
}
