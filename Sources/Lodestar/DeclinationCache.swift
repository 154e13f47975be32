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
    private var declinations = CellCache<Entry>(cellsPerDegree: 100)
    private var zones = CellCache<CompassZone>(cellsPerDegree: 10)
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
        let model = model
        return declinations.value(at: coordinate, date: date, evaluations: &evaluations) { centre, noon in
            guard let field = try? model?.field(at: centre, date: noon) else { return nil }
            return Entry(declination: field.declination, uncertainty: field.declinationUncertainty, zone: field.zone)
        }
    }

    /// The compass zone at a coordinate and instant (from a 0.1° cell's centre), or nil outside the
    /// model's validity.
    /// - Complexity: O(1); evaluates the model only when the 0.1° cell or the day changes.
    package mutating func zone(at coordinate: Coordinate, date: Date) -> CompassZone? {
        let model = model
        return zones.value(at: coordinate, date: date, evaluations: &evaluations) { centre, noon in
            try? model?.field(at: centre, date: noon).zone
        }
    }
}

/// One cached value per square cell of `1 / cellsPerDegree` degrees and per UTC day, evaluated at
/// the cell's centre and the day's noon, so a value does not depend on the first fix in the cell.
private struct CellCache<Value: Sendable>: Sendable {
    typealias Key = (latitude: Int, longitude: Int, day: Int)

    /// Cells per degree of latitude and longitude (100: 0.01° cells).
    let cellsPerDegree: Double
    private var key: Key?
    private var value: Value?
    /// The cached cell's centre and UTC day start, for a check without rounding on every fix.
    private var cell: (latitude: Double, longitude: Double, dayStart: Double)?

    /// Half a cell's width, degrees.
    private let halfWidth: Double

    init(cellsPerDegree: Double) {
        self.cellsPerDegree = cellsPerDegree
        halfWidth = 0.5 / cellsPerDegree
    }

    /// The value for the cell holding `coordinate` on `date`'s UTC day: the cached one, or
    /// `evaluate(centre, noon)` (counted in `evaluations`) when the cell or the day changed.
    @inline(__always)
    mutating func value(
        at coordinate: Coordinate, date: Date, evaluations: inout Int,
        evaluate: (Coordinate, Date) -> Value?
    ) -> Value? {
        let t = date.timeIntervalSince1970
        // Strictly inside the cached cell and day: a point on an edge takes the rounding path.
        if let cell, abs(coordinate.latitude - cell.latitude) < halfWidth, abs(coordinate.longitude - cell.longitude) < halfWidth,
            t >= cell.dayStart, t < cell.dayStart + 86_400
        {
            return value
        }
        let k: Key = (
            Int((coordinate.latitude * cellsPerDegree).rounded()), Int((coordinate.longitude * cellsPerDegree).rounded()),
            Int((t / 86_400).rounded(.down))
        )
        let centre = Coordinate(
            uncheckedLatitude: Double(k.latitude) / cellsPerDegree, longitude: Double(k.longitude) / cellsPerDegree)
        cell = (centre.latitude, centre.longitude, Double(k.day) * 86_400)
        if let key, key == k { return value }
        key = k
        evaluations += 1
        value = evaluate(centre, Date(timeIntervalSince1970: Double(k.day) * 86_400 + 43_200))
        return value
    }
}
