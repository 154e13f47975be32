import Foundation
import NMEA
import TestSupport
import Testing

/// Writing a sentence is the inverse of reading it: every sentence of the bundled traces (made by
/// the trace synthesizer through these writers), read and written again, is the same bytes.
@Suite("NMEA sentences written")
struct SentenceWritingTests {
    static let traces = TestData.traces

    /// The sentence a parsed line writes again; nil for types without a writer.
    static func written(_ sentence: NMEASentence) -> String? {
        switch sentence {
        case .gga(let s): s.text
        case .gsa(let s): s.text
        case .gst(let s): s.text
        case .rmc(let s): s.text
        case .vtg(let s): s.text
        case .zda(let s): s.text
        case .hdt(let s): s.text
        case .hdg(let s): s.text
        case .hdm(let s): s.text
        default: nil
        }
    }

    @Test("every sentence of every bundled trace reads and writes back byte for byte")
    func bundledTraces() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.traces.path).filter { $0.hasSuffix(".nmea") }
        #expect(files.count >= 8)
        let parser = NMEAParser()
        var written = 0
        for file in files.sorted() {
            let text = try String(contentsOf: Self.traces.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\r\n") {
                let sentence = try parser.parse(String(line))
                guard let again = Self.written(sentence) else {
                    Issue.record("\(file): no writer for \(line)")
                    continue
                }
                #expect(again == line + "\r\n", "\(file)")
                written += 1
            }
        }
        #expect(written > 10_000)
    }

    @Test("empty values are empty fields; units of GGA only with their value")
    func emptyFields() throws {
        let talker = try #require(Talker("GN"))
        #expect(GGA(talker: talker).text == "$GNGGA,,,,,,,,,,,,,,*48\r\n")
        var hdg = HDG(talker: try #require(Talker("HC")))
        hdg.heading = 359.96
        hdg.variation = -0.04
        // 359.96 rounds to 360.0 with one decimal, as printf does; −0.04 is written 0.0,W.
        #expect(hdg.text.hasPrefix("$HCHDG,360.0,,,0.0,W*"))
    }

    @Test("times, negative zones and leap seconds")
    func timesAndZones() throws {
        var zda = ZDA(talker: .gps)
        zda.time = TimeOfDay(hour: 23, minute: 59, second: 60, nanosecond: 50_000_000)
        zda.date = CalendarDate(year: 2016, month: 12, day: 31)
        zda.zoneHours = -5
        zda.zoneMinutes = 30
        let text = zda.text
        #expect(text.hasPrefix("$GPZDA,235960.05,31,12,2016,-05,30*"))
        let parsed = try NMEAParser().parse(String(text.dropLast()))  // "\r\n" is one Character
        #expect(parsed == .zda(zda))
    }

    @Test("latitudes and longitudes round to 10⁻⁵ minute and carry the hemisphere")
    func angles() {
        var gga = GGA(talker: .gps)
        gga.latitude = -33.856_789_999
        gga.longitude = 151.215_3
        let fields = gga.text.split(separator: ",", omittingEmptySubsequences: false)
        #expect(fields[2] == "3351.40740" && fields[3] == "S")
        #expect(fields[4] == "15112.91800" && fields[5] == "E")
        #expect(SentenceWriter.quantized(-33.856_789_999) == -203_140_740.0 / 6_000_000)
    }
}
