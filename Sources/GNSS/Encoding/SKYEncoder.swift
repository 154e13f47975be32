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
        o.add("xdop", fixed: geometry?.xdop, decimals: 2)
        o.add("ydop", fixed: geometry?.ydop, decimals: 2)
        o.add("vdop", fixed: fix.vdop ?? geometry?.vdop, decimals: 2)
        o.add("tdop", fixed: geometry?.tdop, decimals: 2)
        o.add("hdop", fixed: fix.hdop ?? geometry?.hdop, decimals: 2)
        o.add("gdop", fixed: geometry?.gdop, decimals: 2)
        o.add("pdop", fixed: fix.pdop ?? geometry?.pdop, decimals: 2)
        var listed: [JSONObjectText] = []
        var used = 0
        for s in unique {
            let n = s.gpsdNumber
            var sat = JSONObjectText()
            sat.add("PRN", n.prn)
            sat.add("el", fixed: s.elevation, decimals: 1)
            sat.add("az", fixed: s.azimuth, decimals: 1)
            sat.add("ss", fixed: s.snr, decimals: 1)
            sat.add("used", s.used)
            sat.add("gnssid", n.gnssid)
            if n.svid != 0 { sat.add("svid", n.svid) }
            listed.append(sat)
            if s.used { used += 1 }
        }
        o.add("nSat", listed.count)
        o.add("uSat", used)
        o.add("satellites", objects: listed)
        o.finish(into: &out)
        out.append(0x0A)
    }

    /// The satellites a SKY lists: those gpsd can number, each once (a satellite reported again,
    /// for another signal, is one satellite in the sky: its first report is kept).
    public static func listed(_ satellites: [SatelliteInView]) -> [SatelliteInView] {
        var seen = Set<Int>()
        return satellites.filter { s in
            let prn = s.gpsdNumber.prn
            return prn > 0 && seen.insert(prn).inserted
        }
    }

    /// The SKY object for `fix`, with its newline, or nil when it carries no satellites.
    public static func string(_ fix: Fix) -> String? {
        var out: [UInt8] = []
        append(fix, to: &out)
        return out.isEmpty ? nil : String(decoding: out, as: UTF8.self)
    }
}
