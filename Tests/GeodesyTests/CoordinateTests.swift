import Testing

@testable import Geodesy

@Suite("Coordinate")
struct CoordinateTests {
    @Test("latitude outside [-90, 90] is a typed error")
    func latitudeOutOfRange() {
        #expect(throws: CoordinateError.latitudeOutOfRange(95)) { try Coordinate(latitude: 95, longitude: 0) }
        #expect(throws: CoordinateError.latitudeOutOfRange(-90.000001)) {
            try Coordinate(latitude: -90.000001, longitude: 0)
        }
    }

    @Test("NaN and infinity are rejected")
    func nonFinite() {
        #expect(throws: CoordinateError.self) { try Coordinate(latitude: .nan, longitude: 0) }
        #expect(throws: CoordinateError.self) { try Coordinate(latitude: 0, longitude: .infinity) }
    }

    @Test(
        "longitude is normalised to [-180, 180)",
        arguments: [
            (180.0, -180.0), (-180.0, -180.0), (540.0, -180.0), (359.5, -0.5), (-190.0, 170.0), (720.25, 0.25),
            (179.99999999999997, 179.99999999999997),
        ])
    func normalisesLongitude(input: Double, expected: Double) throws {
        let c = try Coordinate(latitude: 10, longitude: input)
        #expect(c.longitude == expected)
        #expect(c.longitude >= -180 && c.longitude < 180)
    }

    @Test("the poles are valid")
    func poles() throws {
        #expect(try Coordinate(latitude: 90, longitude: 0).latitude == 90)
        #expect(try Coordinate(latitude: -90, longitude: 45).latitude == -90)
    }

    @Test("angles compare on the circle: 359° to 1° is +2°")
    func circleDifference() {
        #expect(Angle.difference(from: 359, to: 1) == 2)
        #expect(Angle.difference(from: 1, to: 359) == -2)
        #expect(Angle.difference(from: 0, to: 180) == 180)
        #expect(Angle.normalizedBearing(-90) == 270)
        #expect(Angle.normalizedBearing(720) == 0)
    }
}
