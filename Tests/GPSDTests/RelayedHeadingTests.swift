import GNSS
import NMEA
import TestSupport
import Testing

@testable import GPSD

/// The sentences `GPSDSource` reads itself from the NMEA gpsd relays: HDG and HDM only.
@Suite("relayed heading sentences")
struct RelayedHeadingTests {
    static func reading(_ line: String) throws(NMEAError) -> HeadingReading? {
        var bytes = Array(line.utf8CString)
        return try bytes.withUnsafeMutableBufferPointer { (b) throws(NMEAError) -> HeadingReading? in
            guard let base = b.baseAddress else { return nil }
            return try RelayedHeading.reading(fromLine: base)
        }
    }

    @Test("HDG: magnetic = sensor heading + deviation, with deviation and variation east positive")
    func hdg() throws {
        // NMEA 0183's own example: sensor 98.3°, deviation 0.1° E, variation 12.6° W.
        let r = try #require(try Self.reading(NMEAFraming.sentence("HCHDG,98.3,0.1,E,12.6,W")))
        #expect(abs((r.magneticHeading ?? .nan) - 98.4) < 1e-12)
        #expect(r.deviation == 0.1 && r.variation == -12.6 && r.trueHeading == nil)
        // Across north: 359.5° + 1.0° E is 0.5°.
        let across = try #require(try Self.reading(NMEAFraming.sentence("IIHDG,359.5,1.0,E,,")))
        #expect(abs((across.magneticHeading ?? .nan) - 0.5) < 1e-12)
    }

    @Test("HDM: the magnetic heading; an empty heading gives no reading")
    func hdm() throws {
        #expect(try Self.reading(NMEAFraming.sentence("HCHDM,238.5,M"))?.magneticHeading == 238.5)
        #expect(try Self.reading(NMEAFraming.sentence("HCHDM,,M")) == nil)
    }

    @Test("other sentences, true headings and short lines give nothing; they are not parsed")
    func others() throws {
        for line in [
            NMEAFraming.sentence("GPHDT,274.07,T"), NMEAFraming.sentence("GPGGA,,,,,,0,00,,,M,,M,,"),
            NMEAFraming.sentence("PGRME,15.0,M,45.0,M,25.0,M"), "$HCHD", "", "$",
            "!AIVDM,1,1,,A,13aEOK?P00PD2wVMdLDRhgvL289?,0*26",
        ] {
            #expect(try Self.reading(line) == nil, "\(line)")
        }
        // Not parsed at all: a line that is not HDG/HDM is passed over whatever it holds.
        #expect(try Self.reading("$GPHDT,999,T*00") == nil)
    }

    @Test("an HDG or HDM that does not parse is an error, for the source to report")
    func malformed() {
        #expect(throws: NMEAError.self) { try Self.reading(NMEAFraming.sentence("HCHDG,400.0,,,,")) }
        #expect(throws: NMEAError.self) { try Self.reading("$HCHDM,238.5,M*00") }
    }
}
