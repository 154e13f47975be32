import GNSS
import Testing

/// Compact optional storage behaves like the optional it stands for.
@Suite("compact optional storage")
struct CompactStorageTests {
    @Test("nil, values and NaN read back as written; equality is by value")
    func roundTrip() {
        var fix = Fix()
        #expect(fix.speed == nil)
        fix.speed = 3.25
        #expect(fix.speed == 3.25)
        fix.speed = .nan
        #expect(fix.speed?.isNaN == true, "NaN is not nil")
        fix.speed = -.nan
        #expect(fix.speed?.isNaN == true)
        #expect(Fix(speed: .nan) == Fix(speed: .nan) && Fix(speed: .nan) != Fix())
        fix.speed = -0.0
        #expect(fix.speed == 0)
        fix.satellitesUsed = 12
        #expect(fix.satellitesUsed == 12)
        fix.satellitesUsed = nil
        #expect(fix.satellitesUsed == nil)
        #expect(Fix(speed: nil) == Fix())
        #expect(Fix(speed: 1) != Fix())
        #expect(Fix(speed: 1) == Fix(speed: 1))
    }

    @Test("a fix made with the memberwise initialiser reads back every value")
    func initialiser() {
        let fix = Fix(
            altitudeMSL: 545.4, geoidSeparation: 46.9, altitudeHAE: 592.3, mode: .threeD, quality: .gps,
            satellitesUsed: 8, hdop: 0.9, vdop: 1.2, pdop: 1.5, speed: 11.5, course: 84.4, climb: -0.1,
            magneticVariation: -3.1)
        #expect(fix.altitudeMSL == 545.4 && fix.geoidSeparation == 46.9 && fix.altitudeHAE == 592.3)
        #expect(fix.satellitesUsed == 8 && fix.hdop == 0.9 && fix.vdop == 1.2 && fix.pdop == 1.5)
        #expect(fix.speed == 11.5 && fix.course == 84.4 && fix.climb == -0.1 && fix.magneticVariation == -3.1)
    }
}
