import Foundation
import GNSS
import Testing

/// `lodestar replay --json`'s SKY objects against gpsd 3.22's in the `.chk` files of
/// shared/traces/gpsd (see ``SKYComparison`` for what is compared and how).
@Suite("gpsd SKY objects (shared/traces/gpsd)")
struct SKYComparisonTests {
    /// Measured: 31 of the 38 logs have gpsd SKY objects, 786 in all; Lodestar writes a SKY at
    /// the same line for each of the 786, and 580 are equal in every field compared (the PRN
    /// list; gnssid, svid, el, az, ss and used of each satellite; the seven DOPs). gnssid, svid,
    /// el and az never differ where the PRN lists agree; ss once (myguide-3100.log: a satellite
    /// repeated in one GSV series, with two SNRs). The rest are gpsd's ways, named here:
    /// - `used` and the geometry DOPs (xdop, ydop, tdop, gdop): ublox-neo-m9n-nmea.log's GNGSA
    ///   carries the NMEA 4.1 system id; Lodestar reads its Galileo ids 1-36 as Galileo (PRN
    ///   301+), gpsd 3.22 reads only the talker and takes them for GPS satellites (122 objects).
    /// - the PRN list (67 objects): gpsd empties its list at a new GPGSV series and keeps a GLGSV
    ///   series alone (quectelLC79D-1.log), or keeps satellites of a series spread over cycles
    ///   (garmin17n.log, isync.log); Lodestar lists the GSV satellites of the epoch.
    /// - hdop, vdop, pdop (≤ 71 objects): gpsd keeps the previous cycle's DOPs where the epoch
    ///   has no GSA yet; Lodestar writes them only from the epoch's own sentences.
    @Test("SKY: satellites, gpsd's numbering, used flags and DOPs against gpsd 3.22's SKY objects")
    func againstGPSD() throws {
        var total = SKYComparison.Totals()
        for name in SharedData.gpsdLogs() {
            total.add(try SKYComparison(log: name), name)
        }
        let report = total.description
        #expect(total.logsWithSKY == 31, "\(report)")
        #expect(total.gpsdObjects == 786 && total.compared == 786, "\(report)")
        #expect(total.matching >= 580, "\(report)")
        for field in ["gnssid", "svid", "el", "az"] {
            #expect(total.differing[field, default: 0] == 0, "\(field): \(report)")
        }
        #expect(total.differing["ss", default: 0] <= 1, "\(report)")
    }

    @Test("ublox-8.log: all 73 SKY objects equal gpsd's, DOPs from the geometry included")
    func ublox8() throws {
        let c = try SKYComparison(log: "ublox-8.log")
        #expect(c.gpsdObjects == 73)
        #expect(c.compared == 73 && c.matching == 73, "\(c.differing) \(c.examples)")
    }

    @Test("ublox-neo-m9n-nmea.log: NMEA 4.1 GSA system ids; only the used Galileo satellites and the DOPs they change differ")
    func systemIDs() throws {
        let c = try SKYComparison(log: "ublox-neo-m9n-nmea.log")
        #expect(c.compared == 184)
        #expect(Set(c.differing.keys).isSubset(of: ["used", "xdop", "ydop", "tdop", "gdop"]), "\(c.differing) \(c.examples)")
        #expect(c.examples["used"]?.contains("PRN 303") == true, "\(c.examples)")
    }
}

extension SKYComparison {
    /// The figures of several logs together.
    struct Totals: CustomStringConvertible {
        var logsWithSKY = 0
        var gpsdObjects = 0
        var compared = 0
        var matching = 0
        var differing: [String: Int] = [:]
        var examples: [String: String] = [:]
        var perLog: [String] = []

        mutating func add(_ c: SKYComparison, _ name: String) {
            guard c.gpsdObjects > 0 else { return }
            logsWithSKY += 1
            gpsdObjects += c.gpsdObjects
            compared += c.compared
            matching += c.matching
            differing.merge(c.differing, uniquingKeysWith: +)
            examples.merge(c.examples) { a, _ in a }
            perLog.append("\(name) \(c.matching)/\(c.compared)/\(c.gpsdObjects)")
        }

        var description: String {
            "\(logsWithSKY) logs with SKY; gpsd \(gpsdObjects) SKY objects, \(compared) compared, \(matching) equal in every field; "
                + "differing by field \(differing.sorted { $0.key < $1.key }); examples \(examples.sorted { $0.key < $1.key }); per log (equal/compared/gpsd) \(perLog)"
        }
    }
}
