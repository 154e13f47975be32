import Foundation
import GNSS
import Geodesy
import LodestarInternals
import TestSupport
import Testing

/// The TPV encoder against gpsd's own JSON: a fix built from a TPV of gpsd's regression output is
/// written back with gpsd's field names, order and number text.
@Suite("gpsd TPV encoding")
struct TPVEncoderTests {
    /// shared/traces/gpsd/NAME: gpsd 3.22's regression logs and their expected output.
    static func gpsdFile(_ name: String) -> URL {
        TestData.shared("traces/gpsd/\(name)")
    }

    /// The lines of a `.chk` file, as text.
    static func chkLines(_ name: String) throws -> [String] {
        try Data(contentsOf: gpsdFile(name)).split(separator: UInt8(ascii: "\n"))
            .map { String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// gpsd's TPV lines with a fix, as text.
    static func gpsdLines() throws -> [String] {
        try chkLines("nmea-rtk.log.chk")
            .filter { $0.hasPrefix(#"{"class":"TPV""#) && $0.contains(#""mode":3"#) && $0.contains(#""time""#) }
    }

    /// The text of `key`'s value in a flat JSON object line.
    static func value(_ key: String, in line: String) -> String? {
        guard let r = line.range(of: "\"\(key)\":") else { return nil }
        let rest = line[r.upperBound...]
        let end = rest.firstIndex { $0 == "," || $0 == "}" } ?? rest.endIndex
        return String(rest[..<end])
    }

    @Test("lat, lon, altitudes, track, speed, geoidSep, time, mode and status are written as gpsd writes them")
    func sameText() throws {
        let lines = try Self.gpsdLines()
        #expect(lines.count > 100)
        let iso = ISO8601DateFormatter()
        iso.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for line in lines {
            let data = try #require(line.data(using: .utf8))
            let o = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            var fix = Fix(mode: .threeD)
            fix.quality = o["status"] as? Int == 2 ? .dgps : (o["status"] as? Int == 3 ? .rtkFixed : .gps)
            fix.time = (o["time"] as? String).flatMap { iso.date(from: $0) }
            if let lat = o["lat"] as? Double, let lon = o["lon"] as? Double {
                fix.coordinate = try Coordinate(latitude: lat, longitude: lon)
            }
            fix.altitudeHAE = o["altHAE"] as? Double
            fix.altitudeMSL = o["altMSL"] as? Double
            fix.course = o["track"] as? Double
            fix.speed = o["speed"] as? Double
            fix.geoidSeparation = o["geoidSep"] as? Double
            let ours = TPVEncoder.string(fix)
            for key in ["class", "status", "mode", "time", "lat", "lon", "altHAE", "altMSL", "alt", "track", "speed", "geoidSep"]
            {
                #expect(Self.value(key, in: ours) == Self.value(key, in: line), "\(key) in \(ours) vs \(line)")
            }
            #expect(ours.hasSuffix("}\n"))
        }
    }

    @Test("error estimates are written at gpsd's 95% confidence: eph = 2 × 2D RMS, epv = 1.96 σ")
    func confidence() throws {
        var fix = Fix(mode: .threeD)
        fix.coordinate = try Coordinate(latitude: 1, longitude: 2)
        fix.errors = ErrorEstimates(
            latitude: Uncertainty(3, .oneSigma), longitude: Uncertainty(4, .oneSigma),
            vertical: Uncertainty(10, .oneSigma))
        let text = TPVEncoder.string(fix)
        #expect(Self.value("eph", in: text) == "10.000")  // 2 × √(3² + 4²)
        #expect(Self.value("epx", in: text) == "8.000")
        #expect(Self.value("epy", in: text) == "6.000")
        #expect(Self.value("epv", in: text) == "19.600")
        // A gpsd figure already at 95% is passed through unchanged.
        fix.errors = ErrorEstimates(horizontal: Uncertainty(17.29, .horizontal95), vertical: Uncertainty(29.21, .vertical95))
        let back = TPVEncoder.string(fix)
        #expect(Self.value("eph", in: back) == "17.290")
        #expect(Self.value("epv", in: back) == "29.210")
    }

    @Test("unknown values are left out; magtrack is course minus variation")
    func unknowns() throws {
        var fix = Fix(mode: .noFix)
        #expect(TPVEncoder.string(fix) == "{\"class\":\"TPV\",\"mode\":1}\n")
        fix = Fix(mode: .twoD, course: 230.5, magneticVariation: 1.4)
        #expect(Self.value("magtrack", in: TPVEncoder.string(fix)) == "229.1000")
    }
}

/// The encoder against gpsd's own lines for fixes and headings as the GPSD module reads them from
/// gpsd: figures at gpsd's 95%, `status`, ATT headings. (The live tests in GPSDTests compare every
/// TPV of a gpsfake run with what `gpspipe -w` shows, byte for byte.)
@Suite("gpsd TPV and ATT encoding of fixes read from gpsd")
struct GPSDReadFixEncodingTests {
    @Test("a fix with gpsd's 95% figures encodes as gpsd wrote it in nl2008u.log.chk, magtrack aside")
    func gpsdFigures() throws {
        // nl2008u.log.chk line 27, gpsd 3.22's own output (eph is gpsd's, not √(epx² + epy²)).
        let gpsdLine = try TPVEncoderTests.chkLines("nl2008u.log.chk")[26]
        #expect(
            gpsdLine
                == #"{"class":"TPV","mode":3,"time":"2035-05-26T09:12:32.000Z","ept":0.005,"lat":48.217558333,"lon":8.414495000,"altHAE":813.2000,"altMSL":765.8000,"alt":765.8000,"epx":6.630,"epy":8.765,"epv":25.300,"track":0.0000,"magtrack":2.5472,"magvar":2.5,"speed":0.000,"geoidSep":47.400,"eph":13.300,"sep":24.700}"#
        )
        let fix = Fix(
            time: Date(timeIntervalSince1970: 2_063_783_552),
            coordinate: try Coordinate(latitude: 48.217558333, longitude: 8.414495),
            altitudeMSL: 765.8, geoidSeparation: 47.4, altitudeHAE: 813.2, mode: .threeD, quality: .gps,
            errors: ErrorEstimates(
                latitude: Uncertainty(8.765, .horizontal95), longitude: Uncertainty(6.630, .horizontal95),
                horizontal: Uncertainty(13.3, .horizontal95), vertical: Uncertainty(25.3, .vertical95)),
            speed: 0, course: 0, magneticVariation: 2.5)
        // Less ept and sep, which Fix does not keep; magtrack is course − variation (gpsd adds it).
        let expected = gpsdLine.replacingOccurrences(of: #","ept":0.005"#, with: "")
            .replacingOccurrences(of: #","sep":24.700"#, with: "")
            .replacingOccurrences(of: #""magtrack":2.5472"#, with: #""magtrack":357.5000"#)
        #expect(TPVEncoder.string(fix) == expected + "\n")
    }

    @Test("status is written from DGPS up, as gpsd does, also without a fix (GPSmap-76S.log.chk)")
    func status() throws {
        #expect(TPVEncoder.string(Fix(mode: .threeD, quality: .gps)) == #"{"class":"TPV","mode":3}"# + "\n")
        #expect(TPVEncoder.string(Fix(mode: .threeD, quality: .invalid)) == #"{"class":"TPV","mode":3}"# + "\n")
        #expect(TPVEncoder.string(Fix(mode: .threeD, quality: .dgps)) == #"{"class":"TPV","status":2,"mode":3}"# + "\n")
        #expect(TPVEncoder.string(Fix(mode: .threeD, quality: .rtkFixed)) == #"{"class":"TPV","status":3,"mode":3}"# + "\n")
        let simulated = #"{"class":"TPV","status":8,"mode":1}"#
        #expect(try TPVEncoderTests.chkLines("GPSmap-76S.log.chk").contains(simulated))
        #expect(TPVEncoder.string(Fix(mode: .noFix, quality: .simulated)) == simulated + "\n")
    }

    @Test("speed and course errors: gpsd's order (epd, eps) and precision, at 95%")
    func speedAndCourseErrors() {
        let fromGPSD = Fix(
            mode: .threeD,
            errors: ErrorEstimates(speed: Uncertainty(48.55, .horizontal95), course: Uncertainty(180, .horizontal95)))
        #expect(TPVEncoder.string(fromGPSD) == #"{"class":"TPV","mode":3,"epd":180.0000,"eps":48.55}"# + "\n")
        let oneSigma = Fix(
            mode: .threeD, errors: ErrorEstimates(speed: Uncertainty(0.25, .oneSigma), course: Uncertainty(1.5, .oneSigma)))
        #expect(TPVEncoder.string(oneSigma) == #"{"class":"TPV","mode":3,"epd":3.0000,"eps":0.50}"# + "\n")
    }

    @Test("time rounds to the nearest millisecond, before 1970 too")
    func time() {
        #expect(ISO8601.string(Date(timeIntervalSince1970: 1_600_000_000.9996), fractionDigits: 3) == "2020-09-13T12:26:41.000Z")
        #expect(ISO8601.string(Date(timeIntervalSince1970: -0.25), fractionDigits: 3) == "1969-12-31T23:59:59.750Z")
    }

    @Test("an ATT line for a true heading, as hemi.log.chk has them; none without one")
    func attitude() throws {
        let chk = try TPVEncoderTests.chkLines("hemi.log.chk").filter { $0.hasPrefix(#"{"class":"ATT""#) }
        let encoded = [274.07, 274.04, 274.12, 274.11].compactMap { TPVEncoder.attitudeString(HeadingReading(trueHeading: $0)) }
        #expect(encoded == chk.map { $0 + "\n" })
        #expect(TPVEncoder.attitudeString(HeadingReading(magneticHeading: 12)) == nil)
        var out: [UInt8] = []
        #expect(!TPVEncoder.appendAttitude(HeadingReading(), to: &out))
        #expect(out.isEmpty)
    }
}
