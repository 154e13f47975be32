import Geodesy

/// Encodes a ``Fix`` as a gpsd `TPV` JSON object (gpsd 3.22 field names, units, order and
/// precision), one line, for tools that read gpsd's output.
///
/// - Unknown values are left out, never written as 0.
/// - `mode` is always written; `status` only when it is 2 or more (DGPS, RTK, dead reckoning,
///   simulated, PPS), as gpsd does.
/// - Error estimates are written in gpsd's convention: `eph`, `epx`, `epy` at 95% horizontally
///   (twice the one-sigma value) and `epv` at 95% vertically (1.96 σ); see ``Confidence``. An
///   estimate already stated at gpsd's confidence is written unchanged.
/// - `magtrack` is the course relative to magnetic north, course − magnetic variation (east
///   positive); gpsd 3.22 adds the variation instead, which has the wrong sign.
///
/// Numbers are printed as gpsd's `%.Nf`: latitude and longitude 9 decimals, altitudes 4, errors
/// 3, speed 3, track 4, magnetic variation 1.
public enum TPVEncoder {
    /// Appends the TPV object for `fix` and a newline to `out`.
    public static func append(_ fix: Fix, to out: inout [UInt8]) {
        out.append(contentsOf: #"{"class":"TPV""#.utf8)
        if let status = gpsdStatus(fix.quality), status >= 2, fix.mode >= .twoD {
            key("status", &out)
            DecimalText.appendInteger(Int64(status), to: &out)
        }
        key("mode", &out)
        DecimalText.appendInteger(Int64(fix.mode.rawValue), to: &out)
        if let time = fix.time {
            key("time", &out)
            out.append(0x22)
            UTCCalendar.appendISO8601(time, to: &out)
            out.append(0x22)
        }
        if let c = fix.coordinate {
            number("lat", c.latitude, 9, &out)
            number("lon", c.longitude, 9, &out)
        }
        if let v = fix.altitudeHAE { number("altHAE", v, 4, &out) }
        if let v = fix.altitudeMSL {
            number("altMSL", v, 4, &out)
            number("alt", v, 4, &out)
        }
        let e = fix.errors
        if let u = e.longitude { number("epx", gpsd(u, .horizontal95), 3, &out) }
        if let u = e.latitude { number("epy", gpsd(u, .horizontal95), 3, &out) }
        if let u = e.vertical { number("epv", gpsd(u, .vertical95), 3, &out) }
        if let v = fix.course { number("track", v, 4, &out) }
        if let v = fix.course, let m = fix.magneticVariation {
            number("magtrack", Angle.normalizedBearing(v - m), 4, &out)
        }
        if let v = fix.magneticVariation { number("magvar", v, 1, &out) }
        if let v = fix.speed { number("speed", v, 3, &out) }
        if let v = fix.climb { number("climb", v, 3, &out) }
        if let u = e.speed { number("eps", gpsd(u, .horizontal95), 2, &out) }
        if let u = e.course { number("epd", u.value, 4, &out) }
        if let v = fix.geoidSeparation { number("geoidSep", v, 3, &out) }
        if let h = horizontal95(e) { number("eph", h, 3, &out) }
        out.append(contentsOf: "}\n".utf8)
    }

    /// The TPV object for `fix`, with its newline, as a string.
    public static func string(_ fix: Fix) -> String {
        var out: [UInt8] = []
        append(fix, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// gpsd's `status` for a fix quality (gpsd 3.22 STATUS_* values): 1 GPS, 2 DGPS, 3 RTK fixed,
    /// 4 RTK float, 5 dead reckoning, 7 manual (time only), 8 simulated, 9 PPS; 0 invalid.
    public static func gpsdStatus(_ quality: FixQuality?) -> Int? {
        switch quality {
        case nil: nil
        case .invalid: 0
        case .gps: 1
        case .dgps: 2
        case .rtkFixed: 3
        case .rtkFloat: 4
        case .deadReckoning: 5
        case .manual: 7
        case .simulated: 8
        case .pps: 9
        }
    }

    /// An estimate expressed at `target` confidence (gpsd's), metres.
    static func gpsd(_ u: Uncertainty, _ target: Confidence) -> Double {
        if u.confidence == target { return u.value }
        switch target {
        case .horizontal95: return u.oneSigma * 2
        case .vertical95: return u.oneSigma * 1.96
        case .oneSigma: return u.oneSigma
        }
    }

    /// gpsd's `eph`: the horizontal 95% radius (2 × 2D RMS).
    static func horizontal95(_ e: ErrorEstimates) -> Double? {
        if let h = e.horizontal, h.confidence == .horizontal95, e.latitude == nil || e.longitude == nil {
            return h.value
        }
        return e.horizontalAccuracy.map { $0 * 2 }
    }

    @inline(__always)
    static func key(_ name: StaticString, _ out: inout [UInt8]) {
        out.append(0x2C)
        out.append(0x22)
        name.withUTF8Buffer { out.append(contentsOf: $0) }
        out.append(0x22)
        out.append(0x3A)
    }

    @inline(__always)
    static func number(_ name: StaticString, _ value: Double, _ decimals: Int, _ out: inout [UInt8]) {
        guard value.isFinite else { return }
        key(name, &out)
        DecimalText.append(value, decimals: decimals, to: &out)
    }
}
