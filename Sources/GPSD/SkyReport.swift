import Foundation
import GNSS
import Glibc

/// gpsd's `SKY` object read into a ``GNSS/Fix`` that carries only the satellites in view and the
/// DOPs (mode unknown, no position), for a consumer that asked for satellites
/// (``GPSDSourceOptions/reportsSatellites``).
///
/// Each satellite keeps gpsd's `PRN` as its id and the system of its `gnssid`, so that
/// ``GNSS/SKYEncoder`` writes it back with the same `PRN`, `gnssid` and `svid`. Values out of
/// range (an elevation outside [-90, 90], an azimuth outside [0, 360], an SNR outside [0, 99], a
/// PRN outside 1...999) are left out; a satellite without a valid PRN is dropped.
enum SkyReport {
    /// The fix of one line when it is a whole SKY object; nil for any other line.
    static func fix(fromLine line: UnsafePointer<CChar>, receivedAt time: Duration) -> Fix? {
        let length = strlen(line)
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(line).assumingMemoryBound(to: UInt8.self), count: length)
        guard bytes.starts(with: Array(#"{"class":"SKY""#.utf8)),
            let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
        else { return nil }
        var satellites: [SatelliteInView] = []
        for entry in object["satellites"] as? [[String: Any]] ?? [] {
            guard let prn = number(entry["PRN"], in: 1...999) else { continue }
            var s = SatelliteInView(
                prn: Int(prn), system: system(gnssid: number(entry["gnssid"], in: 0...7)),
                elevation: number(entry["el"], in: -90...90), azimuth: number(entry["az"], in: 0...360),
                snr: number(entry["ss"], in: 0...99))
            s.used = entry["used"] as? Bool ?? false
            satellites.append(s)
        }
        return Fix(
            monotonicTime: time, hdop: number(object["hdop"], in: 0...999.99), vdop: number(object["vdop"], in: 0...999.99),
            pdop: number(object["pdop"], in: 0...999.99), satellitesInView: satellites)
    }

    /// A relayed sentence without its line end.
    static func trimmed(_ line: UnsafePointer<CChar>) -> String {
        var text = String(cString: line)
        while text.last == "\n" || text.last == "\r" || text.last == "\r\n" { text.removeLast() }
        return text
    }

    private static func number(_ value: Any?, in range: ClosedRange<Double>) -> Double? {
        guard let n = value as? NSNumber else { return nil }
        let d = n.doubleValue
        return d.isFinite && range.contains(d) ? d : nil
    }

    /// u-blox gnssid → system: 0 GPS, 1 SBAS, 2 Galileo, 3 BeiDou, 5 QZSS, 6 GLONASS.
    private static func system(gnssid: Double?) -> GNSSSystem? {
        switch gnssid {
        case 0: .gps
        case 1: .sbas
        case 2: .galileo
        case 3: .beidou
        case 5: .qzss
        case 6: .glonass
        default: nil
        }
    }
}
