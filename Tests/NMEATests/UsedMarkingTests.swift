import GNSS
import NMEA
import Testing

/// gpsd's `used` marks on the satellites in view, cycle after cycle: the decoder keeps the used
/// set while the GSAs repeat the previous cycle's and builds it again when they change, so each
/// case here changes the GSAs between cycles and checks the marks of every cycle.
@Suite("used satellites across cycles")
struct UsedMarkingTests {
    /// One 1 Hz cycle at second `s`: GGA, the given GSA bodies, one GPGSV of satellites 1-4
    /// (satellite 4 with no SNR, so never used).
    static func cycle(_ s: Int, gsas: [String]) -> [String] {
        let time = "1200\(s < 10 ? "0" : "")\(s).00"
        return [TraceSupport.sentence("GPGGA,\(time),4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")]
            + gsas.map { TraceSupport.sentence($0) }
            + [TraceSupport.sentence("GPGSV,1,1,04,01,40,083,46,02,17,308,41,03,07,344,39,04,22,228,")]
    }

    /// The used satellites' ids of each epoch, in order.
    static func usedIDs(_ cycles: [[String]]) -> [[Int]] {
        TraceSupport.epochs(TraceSupport.bytes(cycles.flatMap { $0 })).map { epoch in
            (epoch.fix.satellitesInView ?? []).filter(\.used).map(\.prn)
        }
    }

    @Test("the same GSA each cycle, then fewer ids, then none, then two GSAs, then the first again")
    func changingGSAs() {
        let all = "GNGSA,A,3,01,02,03,04,,,,,,,,,1.5,0.9,1.2"
        let two = "GNGSA,A,3,01,02,,,,,,,,,,,1.5,0.9,1.2"
        let three = "GNGSA,A,3,03,,,,,,,,,,,,1.5,0.9,1.2"
        let used = Self.usedIDs([
            Self.cycle(0, gsas: [all]), Self.cycle(1, gsas: [all]), Self.cycle(2, gsas: [two]),
            Self.cycle(3, gsas: []), Self.cycle(4, gsas: [two, three]), Self.cycle(5, gsas: [two, three]),
            Self.cycle(6, gsas: [two]), Self.cycle(7, gsas: [three, two]), Self.cycle(8, gsas: [all]),
        ])
        #expect(used == [[1, 2, 3], [1, 2, 3], [1, 2], [], [1, 2, 3], [1, 2, 3], [1, 2], [1, 2, 3], [1, 2, 3]])
    }

    @Test("more GSAs in a cycle than are remembered: the next cycles' marks are their own")
    func manyGSAs() {
        let one = "GNGSA,A,3,01,,,,,,,,,,,,1.5,0.9,1.2"
        let two = "GNGSA,A,3,02,,,,,,,,,,,,1.5,0.9,1.2"
        let many = Array(repeating: one, count: 19) + [two]
        let used = Self.usedIDs([
            Self.cycle(0, gsas: many), Self.cycle(1, gsas: Array(many.prefix(16))), Self.cycle(2, gsas: []),
            Self.cycle(3, gsas: many), Self.cycle(4, gsas: []),
        ])
        #expect(used == [[1, 2], [1], [], [1, 2], []])
    }

    @Test("a GSA whose system id changes numbers the same ids as other satellites: GPS 1-3 used, then Galileo 1-3")
    func systemChange() {
        let gps = "GNGSA,A,3,01,02,03,,,,,,,,,,1.5,0.9,1.2,1"
        let galileo = "GNGSA,A,3,01,02,03,,,,,,,,,,1.5,0.9,1.2,3"
        let used = Self.usedIDs([Self.cycle(0, gsas: [gps]), Self.cycle(1, gsas: [galileo]), Self.cycle(2, gsas: [gps])])
        // The GPGSV's satellites are GPS: Galileo 1-3 (gpsd PRN 301-303) are not among them.
        #expect(used == [[1, 2, 3], [], [1, 2, 3]])
    }
}
