import Foundation
import GNSS
import Geodesy
import Testing

@testable import GPSD

@Suite("TPV encoder")
struct TPVEncoderTests {
    /// The first full TPV of nl2008u.log.chk (gpsd 3.22's own output), less what Fix does not keep.
    static let nl2008uTPV = #"{"class":"TPV","mode":3,"time":"2035-05-26T09:12:32.000Z","lat":48.217558333,"lon":8.414495000,"altHAE":813.2000,"altMSL":765.8000,"alt":765.8000,"epv":25.300,"track":0.0000,"magvar":2.5,"speed":0.000,"geoidSep":47.400,"eph":13.300}"#

    @Test("a fix with gpsd's 95% figures encodes as gpsd wrote it")
    func gpsdFigures() throws {
        let fix = Fix(
            time: Date(timeIntervalSince1970: 2_063_783_552), coordinate: try Coordinate(latitude: 48.217558333, longitude: 8.414495),
            altitudeMSL: 765.8, geoidSeparation: 47.4, altitudeHAE: 813.2, mode: .threeD, quality: .gps,
            errors: ErrorEstimates(horizontal: Uncertainty(13.3, .horizontal95), vertical: Uncertainty(25.3, .vertical95)),
            speed: 0, course: 0, magneticVariation: 2.5)
        let chk = try String(contentsOfFile: Traces.gpsdLog("nl2008u.log.chk"), encoding: .utf8)
        let line = chk.split(whereSeparator: \.isNewline).first { $0.contains(#""time":"2035-05-26T09:12:32.000Z""#) && $0.contains("sep") }
        #expect(line.map { GPSPipe.withoutUncarriedMembers(String($0)) } == Self.nl2008uTPV)
        #expect(TPVEncoder.encode(fix) == Self.nl2008uTPV)
    }

    @Test("one-sigma figures are written at gpsd's 95%: ×2 horizontally, ×1.96 vertically")
    func oneSigmaScaled() {
        let fix = Fix(mode: .twoD, errors: ErrorEstimates(horizontal: Uncertainty(5, .oneSigma), vertical: Uncertainty(10, .oneSigma)))
        #expect(TPVEncoder.encode(fix) == #"{"class":"TPV","mode":2,"epv":19.600,"eph":10.000}"#)
    }

    @Test("status is written from DGPS up, as gpsd does")
    func status() {
        #expect(TPVEncoder.encode(Fix(mode: .threeD, quality: .gps)) == #"{"class":"TPV","mode":3}"#)
        #expect(TPVEncoder.encode(Fix(mode: .threeD, quality: .dgps)) == #"{"class":"TPV","status":2,"mode":3}"#)
        #expect(TPVEncoder.encode(Fix(mode: .threeD, quality: .rtkFixed)) == #"{"class":"TPV","status":3,"mode":3}"#)
    }

    @Test("time rounds to the nearest millisecond, before 1970 too")
    func time() {
        #expect(TPVEncoder.iso8601(Date(timeIntervalSince1970: 1_600_000_000.9996)) == "2020-09-13T12:26:41.000Z")
        #expect(TPVEncoder.iso8601(Date(timeIntervalSince1970: -0.25)) == "1969-12-31T23:59:59.750Z")
    }

    @Test("an ATT line for a true heading, none without one")
    func attitude() {
        #expect(TPVEncoder.encodeAttitude(HeadingReading(trueHeading: 274.07)) == #"{"class":"ATT","heading":274.070}"#)
        #expect(TPVEncoder.encodeAttitude(HeadingReading(magneticHeading: 12)) == nil)
    }
}
