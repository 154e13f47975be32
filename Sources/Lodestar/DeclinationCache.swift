import Foundation
import GeoMagnetism
import Geodesy

/// The World Magnetic Model's declination and compass zone, cached per cell of 0.01° of latitude
/// and longitude (about 1 km) and per UTC day, so a manager does not run the spherical-harmonic
/// synthesis on every fix. Declination changes by well under 0.01° across such a cell at
/// mid-latitudes, and by about 0.0003° a day.
///
/// When only the compass zone is wanted (the receiver gave the declination), ``zone(at:date:)``
/// caches it per cell of 0.1° (about 10 km): the zones are bounded by contours of the horizontal
/// field strength (2000 and 6000 nT) hundreds of kilometres apart, and a moving receiver then
/// evaluates the model every few minutes instead of every minute.
package struct DeclinationCache: Sendable {
    /// One cached value.
    package struct Entry: Sendable, Equatable {
        /// Declination, degrees, east positive.
        package var declination: Double
        /// NOAA's one-sigma declination uncertainty, degrees.
        package var uncertainty: Double
        /// Compass zone.
        package var zone: CompassZone
    }

    private let model: WorldMagneticModel?
    private var key: (Int, Int, Int)?
    private var entry: Entry?
    private var zoneKey: (Int, Int, Int)?
    private var zoneEntry: CompassZone?
    /// The cached cells' centres and UTC day starts, for a check without rounding on every fix.
    private var cell: Cell?
    private var zoneCell: Cell?
    private typealias Cell = (latitude: Double, longitude: Double, dayStart: Double)
    /// How many times the model has been evaluated (for tests and benchmarks).
    package private(set) var evaluations = 0

    /// A cache over WMM2025. If the embedded model cannot load, every lookup gives nil.
    package init() {
        model = try? WorldMagneticModel.wmm2025
    }

    /// The declination at a coordinate (at the ellipsoid) and instant, or nil outside the model's
    /// validity (2025.0–2030.0).
    /// - Complexity: O(1); evaluates the model only when the cell or day changes.
    package mutating func lookup(_ coordinate: Coordinate, date: Date) -> Entry? {
        if Self.contains(cell, coordinate, date, halfWidth: 0.005) { return entry }
        let k = (
            Int((coordinate.latitude * 100).rounded()), Int((coordinate.longitude * 100).rounded()),
            Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
        )
        cell = (Double(k.0) / 100, Double(k.1) / 100, Double(k.2) * 86_400)
        if let key, key == k { return entry }
        key = k
        evaluations += 1
        guard let model else {
            entry = nil
            return nil
        }
        // Evaluate at the cell's centre so the value does not depend on the first fix in the cell.
        let centre = Coordinate(uncheckedLatitude: Double(k.0) / 100, longitude: Double(k.1) / 100)
        let noon = Date(timeIntervalSince1970: Double(k.2) * 86_400 + 43_200)
        if let field = try? model.field(at: centre, date: noon) {
            entry = Entry(declination: field.declination, uncertainty: field.declinationUncertainty, zone: field.zone)
        } else {
            entry = nil
        }
        return entry
    }

    /// The compass zone at a coordinate and instant (from a 0.1° cell's centre), or nil outside the
    /// model's validity.
    /// - Complexity: O(1); evaluates the model only when the 0.1° cell or the day changes.
    package mutating func zone(at coordinate: Coordinate, date: Date) -> CompassZone? {
        if Self.contains(zoneCell, coordinate, date, halfWidth: 0.05) { return zoneEntry }
        let k = (
            Int((coordinate.latitude * 10).rounded()), Int((coordinate.longitude * 10).rounded()),
            Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
        )
        zoneCell = (Double(k.0) / 10, Double(k.1) / 10, Double(k.2) * 86_400)
        if let zoneKey, zoneKey == k { return zoneEntry }
        zoneKey = k
        evaluations += 1
        let centre = Coordinate(uncheckedLatitude: Double(k.0) / 10, longitude: Double(k.1) / 10)
        let noon = Date(timeIntervalSince1970: Double(k.2) * 86_400 + 43_200)
        zoneEntry = model.flatMap { try? $0.field(at: centre, date: noon).zone }
        return zoneEntry
    }

    /// Whether a coordinate and instant lie inside a cached cell: within `halfWidth` degrees of its
    /// centre (strictly, so that a point on an edge takes the rounding path) and in its UTC day.
    @inline(__always)
    private static func contains(_ cell: Cell?, _ c: Coordinate, _ date: Date, halfWidth: Double) -> Bool {
        guard let cell else { return false }
        let t = date.timeIntervalSince1970
        return abs(c.latitude - cell.latitude) < halfWidth && abs(c.longitude - cell.longitude) < halfWidth
            && t >= cell.dayStart && t < cell.dayStart + 86_400
    }
}
