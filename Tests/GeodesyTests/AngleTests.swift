import Foundation
import Geodesy
import Testing

@Suite("Angle")
struct AngleTests {
    @Test("longitude reduction is exact")
    func exactLongitude() {
        #expect(Angle.normalizedLongitude(190.1) == 190.1 - 360)  // Sterbenz: the subtraction is exact
        #expect(Angle.normalizedLongitude(-180.0000000001) == -180.0000000001 + 360)
        #expect(Angle.normalizedLongitude(180) == -180)
        #expect(Angle.normalizedLongitude(-540) == -180)
        #expect(Angle.normalizedLongitude(1e-300) == 1e-300)
    }

    @Test("bearings are in [0, 360) and never -0.0")
    func bearings() {
        #expect(Angle.normalizedBearing(-0.0).sign == .plus)
        #expect(Angle.normalizedBearing(-1e-20) == 0)
        #expect(Angle.normalizedBearing(360) == 0)
        #expect(Angle.normalizedBearing(-180) == 180)
        #expect(Angle.normalizedBearing(725) == 5)
    }
}
