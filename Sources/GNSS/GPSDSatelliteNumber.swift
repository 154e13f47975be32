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

    public init(prn: Int, gnssid: Int, svid: Int) {
        self.prn = prn
        self.gnssid = gnssid
        self.svid = svid
    }

    /// The numbering of NMEA id `id` reported for `system` (from the talker or the id's range).
    public init(nmeaID id: Int, system: GNSSSystem?) {
        switch id {
        case 1...32:
            switch system {
            case .galileo: self.init(prn: 300 + id, gnssid: 2, svid: id)
            case .beidou: self.init(prn: 400 + id, gnssid: 3, svid: id)
            case .glonass: self.init(prn: 64 + id, gnssid: 6, svid: id)
            case .qzss: self.init(prn: 192 + id, gnssid: 5, svid: id)
            default: self.init(prn: id, gnssid: 0, svid: id)
            }
        case 33...64: self.init(prn: id, gnssid: 1, svid: id + 87)
        case 65...96: self.init(prn: id, gnssid: 6, svid: id - 64)
        case 120...158: self.init(prn: id, gnssid: 1, svid: id)
        case 173...182: self.init(prn: id, gnssid: 4, svid: id - 172)
        case 193...197: self.init(prn: id, gnssid: 5, svid: id - 192)
        case 201...237: self.init(prn: id + 200, gnssid: 3, svid: id - 200)
        case 301...356: self.init(prn: id, gnssid: 2, svid: id - 300)
        case 401...437: self.init(prn: id, gnssid: 3, svid: id - 400)
        default: self.init(prn: 0, gnssid: 0, svid: 0)
        }
    }
}

extension SatelliteInView {
    /// This satellite as gpsd numbers it.
    public var gpsdNumber: GPSDSatelliteNumber { GPSDSatelliteNumber(nmeaID: prn, system: system) }
}
