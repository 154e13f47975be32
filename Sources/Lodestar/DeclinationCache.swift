import Foundation
import GeoMagnetism
import Geodesy

/// The World Magnetic Model's declination and compass zone, cached per cell of 0.01° of latitude
/// and longitude (about 1 km) and per UTC day, so a manager does not run the spherical-harmonic
/// synthesis on every fix. Declination changes by well under 0.01° across such a cell at
/// mid-latitudes, and by about 0.0003° a day.
public struct DeclinationCache: Sendable {
    /// One cached value.
    public struct Entry: Sendable, Equatable {
        /// Declination, degrees, east positive.
        public var declination: Double
        /// NOAA's one-sigma declination uncertainty, degrees.
        public var uncertainty: Double
        /// Compass zone.
        public var zone: CompassZone
    }

    private let model: WorldMagneticModel?
    private var key: (Int, Int, Int)?
    private var entry: Entry?
    /// How many times the model has been evaluated (for tests and benchmarks).
    public private(set) var evaluations = 0

    /// A cache over WMM2025. If the embedded model cannot load, every lookup gives nil.
    public init() {
        model = try? WorldMagneticModel.wmm2025
    }

    /// The declination at a coordinate (at the ellipsoid) and instant, or nil outside the model's
    /// validity (2025.0–2030.0).
    /// - Complexity: O(1); evaluates the model only when the cell or day changes.
    public mutating func lookup(_ coordinate: Coordinate, date: Date) -> Entry? {
        let k = (
            Int((coordinate.latitude * 100).rounded()), Int((coordinate.longitude * 100).rounded()),
            Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
        )
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
}
