import Foundation
import Geodesy
import Testing

@testable import GeoMagnetism

/// The validity window of WMM2025: 2025.0 ≤ t < 2030.0, −1 km ≤ height ≤ 850 km.
@Suite("WMM2025 validity")
struct ValidityTests {
    let point: Coordinate

    init() throws { point = try Coordinate(latitude: 10, longitude: 10) }

    @Test("the window is [2025.0, 2030.0) and heights [-1 km, 850 km]")
    func window() throws {
        let model = try WorldMagneticModel.wmm2025
        #expect(model.validity == 2025.0..<2030.0)
        #expect(WorldMagneticModel.heightValidity == -1_000...850_000)
    }

    @Test("a year before 2025.0 or from 2030.0 on is a typed error", arguments: [2024.99, 2030.0, 2031.0])
    func outsideWindow(year: Double) throws {
        let model = try WorldMagneticModel.wmm2025
        #expect(throws: MagneticModelError.dateOutsideValidity(year: year, validRange: 2025.0..<2030.0)) {
            try model.field(at: point, decimalYear: year)
        }
    }

    @Test("the ends of the window: 2025.0 is valid, the last instant before 2030.0 is valid")
    func edges() throws {
        let model = try WorldMagneticModel.wmm2025
        #expect(try model.field(at: point, decimalYear: 2025.0).warning == nil)
        #expect(try model.field(at: point, decimalYear: 2030.0.nextDown).warning == nil)
    }

    @Test("a Date outside the window is the same error")
    func dateOutside() throws {
        let model = try WorldMagneticModel.wmm2025
        // 2031-01-01T00:00:00Z
        let date = Date(timeIntervalSince1970: 1_924_992_000)
        #expect(throws: MagneticModelError.dateOutsideValidity(year: 2031.0, validRange: 2025.0..<2030.0)) {
            try model.field(at: point, date: date)
        }
    }

    @Test("extrapolation happens only when asked, and then carries a warning")
    func extrapolation() throws {
        let model = try WorldMagneticModel.wmm2025
        let field = try model.field(at: point, decimalYear: 2031.0, allowExtrapolation: true)
        #expect(field.warning == .extrapolatedDate(year: 2031.0, validRange: 2025.0..<2030.0))
        // Linear secular variation: the 2031 value continues the 2029 trend.
        let f2029 = try model.field(at: point, decimalYear: 2029.0)
        #expect(abs(field.north - (f2029.north + 2 * f2029.rates.north)) < 1e-6)
        #expect(throws: MagneticModelError.self) {
            try model.field(at: point, decimalYear: .nan, allowExtrapolation: true)
        }
    }

    @Test("heights outside [-1 km, 850 km] are a typed error", arguments: [-1_000.001, 850_000.001, .nan, .infinity])
    func heightOutside(metres: Double) throws {
        let model = try WorldMagneticModel.wmm2025
        #expect(throws: MagneticModelError.self) {
            try model.field(at: point, heightAboveEllipsoid: metres, decimalYear: 2026)
        }
        if metres.isFinite {
            #expect(throws: MagneticModelError.heightOutsideValidity(metres: metres, validRange: -1_000...850_000)) {
                try model.field(at: point, heightAboveEllipsoid: metres, decimalYear: 2026)
            }
        }
    }

    @Test("the ends of the height range are valid", arguments: [-1_000.0, 850_000.0])
    func heightEdges(metres: Double) throws {
        let model = try WorldMagneticModel.wmm2025
        let field = try model.field(at: point, heightAboveEllipsoid: metres, decimalYear: 2026)
        #expect(field.totalIntensity.isFinite && field.totalIntensity > 0)
    }
}
