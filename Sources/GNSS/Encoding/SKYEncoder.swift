import LodestarInternals

/// Encodes the satellites of a ``Fix`` as a gpsd `SKY` JSON object, one per line, as gpsd 3.22
/// writes it, for the tools that read gpsd's satellite view (cgps, xgps, gpsprof):
///
/// `{"class":"SKY","xdop":0.91,"ydop":0.89,"vdop":1.38,"tdop":1.27,"hdop":1.01,"gdop":2.53,"pdop":1.71,"nSat":16,"uSat":8,"satellites":[{"PRN":3,"el":21.0,"az":174.0,"ss":29.0,"used":true,"gnssid":0,"svid":3},...]}`
///
/// - The DOPs are `%.2f`, in gpsd's order. `hdop`, `vdop` and `pdop` are the receiver's (GSA,
///   GGA) when it gave them; the others, and any the receiver did not give, are computed from the
///   geometry of the used satellites as gpsd does (``SatelliteGeometry``); left out when unknown.
/// - `nSat` counts the satellites listed, `uSat` those used.
/// - Each satellite: `PRN`, `gnssid` and `svid` as gpsd numbers them (``GPSDSatelliteNumber``);
///   `el`, `az` (degrees) and `ss` (dB-Hz) `%.1f`, each left out when the receiver left it empty
///   (gpsd 3.22 writes 0.0 there); `used`. Satellites whose id gpsd cannot number are left out,
///   and a satellite reported again (for another signal) is listed once, as first reported.
public enum SKYEncoder {
    /// Appends the SKY object for `fix` and a newline to `out`; nothing when the fix carries no
    /// satellites (no GSV in its epoch, no SKY from gpsd).
    public static func append(_ fix: Fix, to out: inout [UInt8]) {
        guard let satellites = fix.satellitesInView else { return }
        let unique = listed(satellites)
        let geometry = SatelliteGeometry(unique)
        var o = JSONObjectText(continuing: &out)
        o.add("class", "SKY")
        let used = unique.count(where: \.used)
        o.inPlace(room: 160) { c in
            c.add("xdop", fixed: geometry?.xdop, decimals: 2)
            c.add("ydop", fixed: geometry?.ydop, decimals: 2)
            c.add("vdop", fixed: fix.vdop ?? geometry?.vdop, decimals: 2)
            c.add("tdop", fixed: geometry?.tdop, decimals: 2)
            c.add("hdop", fixed: fix.hdop ?? geometry?.hdop, decimals: 2)
            c.add("gdop", fixed: geometry?.gdop, decimals: 2)
            c.add("pdop", fixed: fix.pdop ?? geometry?.pdop, decimals: 2)
            c.add("nSat", unique.count)
            c.add("uSat", used)
        }
        // Each satellite is written in place in the output: no object per satellite.
        o.add("satellites", objectsOf: unique, room: 128) { s, sat in
            let n = s.gpsdNumber
            sat.add("PRN", n.prn)
            sat.add("el", fixed: s.elevation, decimals: 1)
            sat.add("az", fixed: s.azimuth, decimals: 1)
            sat.add("ss", fixed: s.snr, decimals: 1)
            sat.add("used", s.used)
            sat.add("gnssid", n.gnssid)
            if n.svid != 0 { sat.add("svid", n.svid) }
        }
        o.finish(into: &out)
        out.append(0x0A)
    }

    /// The satellites a SKY lists: those gpsd can number, each once (a satellite reported again,
    /// for another signal, is one satellite in the sky: its first report is kept).
    public static func listed(_ satellites: [SatelliteInView]) -> [SatelliteInView] {
        // A receiver lists each satellite once: then the array is returned as it is, with no copy.
        var all = true
        forEachListed(satellites) { all = all && $0 }
        if all { return satellites }
        var kept: [SatelliteInView] = []
        kept.reserveCapacity(satellites.count)
        var i = 0
        forEachListed(satellites) { listed in
            if listed { kept.append(satellites[i]) }
            i += 1
        }
        return kept
    }

    /// Calls `body` for each satellite in order with whether a SKY lists it: gpsd numbers it
    /// (PRN 1...447) and no satellite before it had its PRN. The PRNs seen are a bit set on the
    /// stack; none is allocated.
    private static func forEachListed(_ satellites: [SatelliteInView], _ body: (Bool) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 7) { seen in
            seen.initialize(repeating: 0)
            for s in satellites {
                let prn = s.gpsdNumber.prn
                guard prn > 0, prn < 448 else {
                    body(false)
                    continue
                }
                let bit = UInt64(1) << UInt64(prn & 63)
                body(seen[prn >> 6] & bit == 0)
                seen[prn >> 6] |= bit
            }
        }
    }

    /// The SKY object for `fix`, with its newline, or nil when it carries no satellites.
    public static func string(_ fix: Fix) -> String? {
        var out: [UInt8] = []
        append(fix, to: &out)
        return out.isEmpty ? nil : String(decoding: out, as: UTF8.self)
    }
}
