import CGPSShim
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
    /// The fix of a SKY report (``lgps_report`` of kind `LGPS_KIND_SKY`), from what libgps parsed
    /// (its satellites and DOPs in `gps_data_t`): the line is not parsed a second time, so a SKY
    /// costs `track --json` what it costs `replay --json` (issue 22).
    static func fix(from report: lgps_report, _ connection: OpaquePointer, receivedAt time: Duration) -> Fix {
        let count = Int(min(max(report.satellite_count, 0), LGPS_MAX_SATELLITES))
        var satellites: [SatelliteInView] = []
        satellites.reserveCapacity(count)
        withUnsafeTemporaryAllocation(of: lgps_satellite.self, capacity: max(count, 1)) { buffer in
            guard let base = buffer.baseAddress else { return }
            let read = Int(lgps_satellites(connection, base, Int32(count)))
            for entry in buffer.prefix(min(read, count)) {
                guard let prn = number(Double(entry.prn), in: 1...999) else { continue }
                // gpsd writes gnssid and svid only together, and only when svid is known.
                let system = entry.svid == 0 ? nil : system(gnssid: Int(entry.gnssid))
                var s = SatelliteInView(
                    prn: Int(prn), system: system, elevation: number(entry.elevation, in: -90...90),
                    azimuth: number(entry.azimuth, in: 0...360), snr: number(entry.snr, in: 0...99))
                s.used = entry.used
                satellites.append(s)
            }
        }
        return Fix(
            monotonicTime: time, hdop: number(report.hdop, in: 0...999.99), vdop: number(report.vdop, in: 0...999.99),
            pdop: number(report.pdop, in: 0...999.99), satellitesInView: satellites)
    }

    /// A relayed sentence without its line end.
    static func trimmed(_ line: UnsafePointer<CChar>) -> String {
        var text = String(cString: line)
        while text.last == "\n" || text.last == "\r" || text.last == "\r\n" { text.removeLast() }
        return text
    }

    /// `value` when it is finite and in `range` (libgps gives NaN for what gpsd did not send).
    private static func number(_ value: Double, in range: ClosedRange<Double>) -> Double? {
        value.isFinite && range.contains(value) ? value : nil
    }

    /// u-blox gnssid → system: 0 GPS, 1 SBAS, 2 Galileo, 3 BeiDou, 5 QZSS, 6 GLONASS.
    private static func system(gnssid: Int) -> GNSSSystem? {
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
