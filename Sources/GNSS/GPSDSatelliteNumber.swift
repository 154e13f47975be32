/// A satellite as gpsd 3.22 numbers it in its SKY objects: `PRN` (NMEA 2.x–4.0 extended ids:
/// 1–32 GPS, 33–64 and 120–158 SBAS, 65–96 GLONASS, 193–197 QZSS, 301–336 Galileo, 401–437
/// BeiDou), and u-blox's `gnssid` (0 GPS, 1 SBAS, 2 Galileo, 3 BeiDou, 4 IMES, 5 QZSS,
/// 6 GLONASS) with `svid`, the id within that system.
///
/// Ids 1–32 are told apart by the system the talker names (`GA` Galileo, `GB`/`BD` BeiDou,
/// `GL` GLONASS, `QZ` QZSS, else GPS); higher ids by their range, as gpsd's `nmeaid_to_prn` does.
public struct GPSDSatelliteNumber: Sendable, Equatable {
    /// gpsd's `PRN`; 0 for an id outside every range (gpsd then leaves the satellite out).
    public var prn: Int
    /// u-blox gnssid, 0...6.
    public var gnssid: Int
    /// Id within the system; 0 when unknown.
    public var svid: Int
}

extension GPSDSatelliteNumber {
    /// The numbering of NMEA id `id` reported for `system` (from the talker or the id's range).
    public init(nmeaID id: Int, system: GNSSSystem?) {
        self.init(prn: Self.prn(nmeaID: id, system: system))
    }

    /// The numbering of gpsd PRN `prn`: its system (`gnssid`) and id within it (`svid`) from the
    /// PRN's range; all 0 outside every range.
    public init(prn: Int) {
        switch prn {
        case 1...32: self.init(prn: prn, gnssid: 0, svid: prn)
        case 33...64: self.init(prn: prn, gnssid: 1, svid: prn + 87)
        case 65...96: self.init(prn: prn, gnssid: 6, svid: prn - 64)
        case 120...158: self.init(prn: prn, gnssid: 1, svid: prn)
        case 173...182: self.init(prn: prn, gnssid: 4, svid: prn - 172)
        case 193...224: self.init(prn: prn, gnssid: 5, svid: prn - 192)
        case 301...356: self.init(prn: prn, gnssid: 2, svid: prn - 300)
        case 401...437: self.init(prn: prn, gnssid: 3, svid: prn - 400)
        default: self.init(prn: 0, gnssid: 0, svid: 0)
        }
    }

    /// gpsd's PRN for NMEA id `id` reported for `system`, 0 when gpsd numbers none: ids 1–32 by
    /// the system (Galileo +300, BeiDou +400, GLONASS +64, QZSS +192, else GPS), BeiDou's
    /// 201–237 +200, other ranges as they are. Inlined into the parser's per-satellite work.
    @inlinable
    public static func prn(nmeaID id: Int, system: GNSSSystem?) -> Int {
        switch id {
        case 1...32:
            switch system {
            case .galileo: 300 + id
            case .beidou: 400 + id
            case .glonass: 64 + id
            case .qzss: 192 + id
            default: id
            }
        case 33...96, 120...158, 173...182, 193...197, 301...356, 401...437: id
        case 201...237: id + 200
        default: 0
        }
    }
}

extension SatelliteInView {
    /// This satellite as gpsd numbers it.
    public var gpsdNumber: GPSDSatelliteNumber { GPSDSatelliteNumber(nmeaID: prn, system: system) }
}
