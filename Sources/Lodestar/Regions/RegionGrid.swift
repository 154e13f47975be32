import Foundation
import Geodesy
import LodestarInternals

/// The spatial index of a ``RegionEngine``: a uniform grid of cells 0.002° of latitude by 0.002° of
/// longitude (about 220 m by 140 m at 50°), each listing the regions whose bounding box touches it.
///
/// A location can only enter a region whose box holds its point, and a crossing between two fixes
/// only a region whose box meets the segment's; so an update looks up the one cell of the point, or
/// the few under the segment, whatever the number of regions. Adding or removing a region touches
/// its cells only. A region whose box spans more than ``maximumCells`` cells, reaches within 1° of a
/// pole or crosses the antimeridian is kept in ``large`` instead and checked on every update.
struct RegionGrid: Sendable {
    /// Cell size, degrees.
    static let cellDegrees = 0.002
    /// The most cells a region is listed in (a box of about 7 km by 4.5 km at 50°); larger regions
    /// go to ``large``.
    static let maximumCells = 1024

    /// A box in degrees, west ≤ east (never across the antimeridian).
    struct Box: Equatable {
        var south: Double
        var north: Double
        var west: Double
        var east: Double

        /// The whole Earth: the box of a region kept in ``RegionGrid/large``.
        static let world = Box(south: -90, north: 90, west: -180, east: 180)

        func contains(_ c: Coordinate) -> Bool {
            (south...north).contains(c.latitude) && (west...east).contains(c.longitude)
        }

        func intersects(_ o: Box) -> Bool {
            south <= o.north && o.south <= north && west <= o.east && o.west <= east
        }
    }

    /// A ``Box`` in 16 bytes, rounded outwards (by at most two steps of a Float, about 2 m): the
    /// engine keeps one a region, apart from the rest of its state, for the cheap test of whether an
    /// update can reach it.
    struct CompactBox {
        var south: Float
        var north: Float
        var west: Float
        var east: Float

        init(_ b: Box) {
            south = Float(b.south).nextDown
            north = Float(b.north).nextUp
            west = Float(b.west).nextDown
            east = Float(b.east).nextUp
        }

        var box: Box { Box(south: Double(south), north: Double(north), west: Double(west), east: Double(east)) }

        func intersects(_ o: Box) -> Bool {
            Double(south) <= o.north && o.south <= Double(north) && Double(west) <= o.east && o.west <= Double(east)
        }

        /// Whether two compact boxes meet: true whenever their exact boxes do (both are rounded
        /// outwards), sometimes when they only nearly do.
        func intersects(_ o: CompactBox) -> Bool {
            south <= o.north && o.south <= north && west <= o.east && o.west <= east
        }
    }

    /// Cell key → the slots listed in it.
    private(set) var cells = RegionCellIndex()
    /// Slots of regions too large or awkward for the cells.
    private(set) var large: Set<Int32> = []

    /// The bounding box of a shape, padded by 1% and 1 m for the flat plane's error; nil when it
    /// reaches within 1° of a pole or crosses the antimeridian.
    ///
    /// A circle's box is measured with scales that are never larger than the planes' (metres per
    /// degree: the meridional radius at the equator, the smallest, north; the semi-major axis,
    /// never more than the prime-vertical radius, times a polynomial never above the cosine of the
    /// widest latitude, east): so it only grows, by less than 1%, and takes a few multiplications
    /// where three trigonometric calls took 200 instructions a region.
    static func box(of shape: RegionShape) -> Box? {
        switch shape {
        case .circle(let center, let radius):
            let pad = radius * 1.01 + 1
            let dLat = pad / smallestMetresPerDegreeLatitude
            let south = center.latitude - dLat
            let north = center.latitude + dLat
            guard south > -89, north < 89 else { return nil }
            let dLon = pad / smallestMetresPerDegreeLongitude(at: max(abs(south), abs(north)))
            return box(south: south, north: north, west: center.longitude - dLon, east: center.longitude + dLon)
        case .polygon, .multiPolygon:
            var b = Box(south: 90, north: -90, west: 180, east: -180)
            for polygon in shape.polygons {
                for c in polygon.rings[0] {
                    b = Box(
                        south: min(b.south, c.latitude), north: max(b.north, c.latitude),
                        west: min(b.west, c.longitude), east: max(b.east, c.longitude))
                }
            }
            // A polygon more than 180° wide is taken to cross the antimeridian.
            guard b.east - b.west <= 180 else { return nil }
            let padLat = 1e-5 + (b.north - b.south) * 0.01
            let padLon = 1e-5 + (b.east - b.west) * 0.01
            guard b.south - padLat > -89, b.north + padLat < 89 else { return nil }
            return box(south: b.south - padLat, north: b.north + padLat, west: b.west - padLon, east: b.east + padLon)
        }
    }

    /// Metres per degree of latitude at the equator, the fewest anywhere: a (1 − e²) π / 180.
    static let smallestMetresPerDegreeLatitude = WGS84.semiMajorAxis * (1 - WGS84.eccentricitySquared) * .pi / 180

    /// Metres per degree of longitude never more than the plane's about any latitude up to
    /// `latitude` (degrees, 0...89): a π / 180 times 1 − x²/2 + x⁴/24 − x⁶/720, x the latitude in
    /// radians, which is below cos x for |x| ≤ π/2 (the series alternates, and what it leaves out
    /// is cos ξ x⁸/8! ≥ 0) and within 0.0004 of it up to 80°.
    @inline(__always)
    private static func smallestMetresPerDegreeLongitude(at latitude: Double) -> Double {
        let x = latitude * .pi / 180
        let x2 = x * x
        let cosine = 1 - x2 / 2 * (1 - x2 / 12 * (1 - x2 / 30))
        return max(WGS84.semiMajorAxis * .pi / 180 * cosine, 1e-3)
    }

    private static func box(south: Double, north: Double, west: Double, east: Double) -> Box? {
        guard west >= -180, east <= 180 else { return nil }
        return Box(south: south, north: north, west: west, east: east)
    }

    /// Cell indices covering a box: rows and columns, or nil when more than `limit` cells.
    static func cellRange(of box: Box, limit: Int) -> (rows: ClosedRange<Int>, columns: ClosedRange<Int>)? {
        let rows = index(box.south)...index(box.north)
        let columns = index(box.west)...index(box.east)
        guard rows.count * columns.count <= limit else { return nil }
        return (rows, columns)
    }

    private static func index(_ degrees: Double) -> Int { Int((degrees / cellDegrees).rounded(.down)) }

    private static func key(_ row: Int, _ column: Int) -> Int64 { RegionCellIndex.key(row, column) }

    /// Lists a slot under the cells of its shape's box (``box(of:)``, made once by the caller), or
    /// in ``large`` (nil: no box).
    mutating func insert(_ slot: Int32, box: Box?) {
        guard let box, let (rows, columns) = Self.cellRange(of: box, limit: Self.maximumCells) else {
            large.insert(slot)
            return
        }
        cells.append(slot, rows: rows, columns: columns)
    }

    /// Lists slots 0, 1, … under the cells of their boxes (`boxes[k]` the box of slot k, made by
    /// ``box(of:)``; nil: no box), as ``insert(_:box:)`` one after another would, in one build of
    /// the cells when the grid is empty.
    mutating func insertAll(_ boxes: [Box?]) {
        var listings: [RegionCellIndex.Listing] = []
        listings.reserveCapacity(boxes.count)
        for (k, box) in boxes.enumerated() {
            let slot = Int32(truncatingIfNeeded: k)
            if let box, let (rows, columns) = Self.cellRange(of: box, limit: Self.maximumCells) {
                listings.append(RegionCellIndex.Listing(slot: slot, rows: rows, columns: columns))
            } else {
                large.insert(slot)
            }
        }
        cells.build(listings)
    }

    /// Unlists a slot (its shape must be the one it was inserted with).
    mutating func remove(_ slot: Int32, shape: RegionShape) {
        guard let box = Self.box(of: shape), let (rows, columns) = Self.cellRange(of: box, limit: Self.maximumCells) else {
            large.remove(slot)
            return
        }
        for row in rows {
            for column in columns { cells.remove(slot, from: Self.key(row, column)) }
        }
    }

    /// Appends every slot listed in the cells under `box` (a slot may come more than once), then the
    /// large ones; false when the box spans more than `limit` cells (nothing appended).
    func collect(in box: Box, limit: Int, into slots: inout [Int32]) -> Bool {
        guard let (rows, columns) = Self.cellRange(of: box, limit: limit) else { return false }
        for row in rows {
            for column in columns { cells.withList(Self.key(row, column)) { slots.append(contentsOf: $0) } }
        }
        slots.append(contentsOf: large)
        return true
    }
}
