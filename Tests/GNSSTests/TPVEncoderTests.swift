import Foundation
import GNSS
import Geodesy
import Testing

/// The TPV encoder against gpsd's own JSON: a fix built from a TPV of gpsd's regression output is
/// written back with gpsd's field names, order and number text.
@Suite("gpsd TPV encoding")
struct TPVEncoderTests {
    static let chk = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/traces/gpsd/nmea-rtk.log.chk")

    /// gpsd's TPV lines with a fix, as text.
    static func gpsdLines() throws -> [String] {
        try Data(contentsOf: chk).split(separator: UInt8(ascii: "\n"))
            .map { String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }
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
            for key in ["class", "status", "mode", "time", "lat", "lon", "altHAE", "altMSL", "alt", "track", "speed", "geoidSep"] {
                #expect(Self.value(key, in: ours) == Self.value(key, in: line), "\(key) in \(ours) vs \(line)")
            }
            #expect(ours.hasSuffix("}\n"))
        }
    }

    @Test("error estimates are written at gpsd's 95% confidence: eph = 2 × 2D RMS, epv = 1.96 σ")
    func confidence() throws {
        var fix = Fix(mode: .threeD)
        fix.coordinate = try Coordinate(latitude: 1, longitude: 2)
        fix.errors = ErrorEstimates(latitude: Uncertainty(3, .oneSigma), longitude: Uncertainty(4, .oneSigma),
                                    vertical: Uncertainty(10, .oneSigma))
        let text = TPVEncoder.string(fix)
        #expect(Self.value("eph", in: text) == "10.000")   // 2 × √(3² + 4²)
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
