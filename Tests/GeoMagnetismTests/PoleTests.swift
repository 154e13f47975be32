import Geodesy
import Testing

@testable import GeoMagnetism

/// At a geographic pole the geocentric cos φ′ is zero; the synthesis must not divide by it.
/// The field there is one vector, whatever longitude names the local frame.
@Suite("Geographic poles")
struct PoleTests {
    @Test("the field at each pole is finite, and the same vector at every longitude", arguments: [90.0, -90.0])
    func pole(latitude: Double) throws {
        let model = try WorldMagneticModel.wmm2025
        let fields = try [-180.0, -90.0, 0.0, 45.0, 120.0].map {
            try model.field(at: try Coordinate(latitude: latitude, longitude: $0), decimalYear: 2026)
        }
        for field in fields {
            #expect(field.north.isFinite && field.east.isFinite && field.down.isFinite)
            #expect(abs(field.horizontalIntensity - fields[0].horizontalIntensity) < 1e-6)
            #expect(abs(field.down - fields[0].down) < 1e-6)
            #expect(field.gridVariation != nil)
        }
    }

    @Test("the pole value is the limit of nearby values")
    func continuity() throws {
        let model = try WorldMagneticModel.wmm2025
        for latitude in [90.0, -90.0] {
            let at = try model.field(at: try Coordinate(latitude: latitude, longitude: 30), decimalYear: 2027)
            let near = try model.field(
                at: try Coordinate(latitude: latitude * (1 - 1e-9), longitude: 30), decimalYear: 2027)
            #expect(abs(at.north - near.north) < 1e-3)
            #expect(abs(at.east - near.east) < 1e-3)
            #expect(abs(at.down - near.down) < 1e-3)
            #expect(abs(at.rates.east - near.rates.east) < 1e-3)
        }
    }
}
