import Geodesy
import LodestarInternals

/// Encodes a ``Fix`` as a gpsd `TPV` JSON object, and a ``HeadingReading`` as a gpsd `ATT`
/// object, one per line, with gpsd 3.22's field names, units, member order and number text, for
/// tools that read gpsd's output (`lodestar replay --json`, `lodestar track --json`). No I/O.
///
/// - Unknown values are left out, never written as 0.
/// - `mode` is always written; `status` only when it is 2 or more (DGPS, RTK, dead reckoning,
///   simulated, PPS), as gpsd does, also without a fix (gpsd writes `"status":8,"mode":1`).
/// - Error estimates are written in gpsd's convention: `epx`, `epy`, `eph`, `eps`, `epd` at 95%
///   horizontally (twice the one-sigma value) and `epv` at 95% vertically (1.96 σ); see
///   ``Confidence``. An estimate already stated at gpsd's confidence (a fix read from gpsd) is
///   written unchanged, so such a fix encodes as gpsd's own TPV, less the members `Fix` does not
///   keep (`device`, `ept`, `epc`, `sep`, `depth`, `dgpsAge`, `dgpsSta`, `velN/E/D`, wind).
/// - `eph` is the stated horizontal figure when there is one, else 2 × √(σ_lat² + σ_lon²).
/// - `magtrack` is the course relative to magnetic north, course − magnetic variation (east
///   positive); gpsd 3.22 adds the variation instead, which has the wrong sign.
///
/// Numbers are printed as gpsd's `%.Nf`: latitude and longitude 9 decimals, altitudes 4, errors
/// 3 (`eps` 2, `epd` 4), speed and climb 3, track 4, magnetic variation 1, ATT heading 3.
/// O(1) per fix, no allocation beyond the output buffer.
public enum TPVEncoder {
    /// Appends the TPV object for `fix` and a newline to `out`.
    public static func append(_ fix: Fix, to out: inout [UInt8]) {
        var memo = TPVMemo()
        append(fix, to: &out, memo: &memo)
    }

    /// ``append(_:to:)`` for a writer of many epochs, which keeps `memo` from one to the next:
    /// the text that repeats is copied (``TPVMemo``). The same bytes as without it.
    public static func append(_ fix: Fix, to out: inout [UInt8], memo: inout TPVMemo) {
        var o = JSONObjectText(continuing: &out)
        // Room for the members at their longest (an integer member asks for 20 bytes of value,
        // the time for 32): with less, they were written twice.
        o.inPlace(room: 128) { c in
            c.add("class", constant: "TPV")
            if let status = gpsdStatus(fix.quality), status >= 2 { c.add("status", status) }
            c.add("mode", fix.mode.rawValue)
            if let time = fix.time { c.add("time", time: time, fractionDigits: 3, memo: &memo.time) }
        }
        let e = fix.errors
        o.inPlace(room: 512) { c in
            c.add("lat", fixed: fix.coordinate?.latitude, decimals: 9)
            c.add("lon", fixed: fix.coordinate?.longitude, decimals: 9)
            c.add("altHAE", fixed: fix.altitudeHAE, decimals: 4)
            c.add("altMSL", fixed: fix.altitudeMSL, decimals: 4, alsoAs: "alt")
            c.add("epx", fixed: e.longitude.map { gpsd($0, .horizontal95) }, decimals: 3)
            c.add("epy", fixed: e.latitude.map { gpsd($0, .horizontal95) }, decimals: 3)
            c.add("epv", fixed: e.vertical.map { gpsd($0, .vertical95) }, decimals: 3)
            c.add("track", fixed: fix.course, decimals: 4)
            if let v = fix.course, let m = fix.magneticVariation {
                c.add("magtrack", fixed: Angle.normalizedBearing(v - m), decimals: 4)
            }
            c.add("magvar", fixed: fix.magneticVariation, decimals: 1)
            c.add("speed", fixed: fix.speed, decimals: 3)
            c.add("climb", fixed: fix.climb, decimals: 3)
            c.add("epd", fixed: e.course.map { gpsd($0, .horizontal95) }, decimals: 4)
            c.add("eps", fixed: e.speed.map { gpsd($0, .horizontal95) }, decimals: 2)
            c.add("geoidSep", fixed: fix.geoidSeparation, decimals: 3, memo: &memo.geoidSeparation)
            c.add("eph", fixed: horizontal95(e), decimals: 3)
        }
        o.finish(into: &out)
        out.append(0x0A)
    }

    /// The TPV object for `fix`, with its newline, as a string.
    public static func string(_ fix: Fix) -> String {
        var out: [UInt8] = []
        append(fix, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the ATT object for a heading reading, `{"class":"ATT","heading":274.070}`, and a
    /// newline to `out`, as gpsd 3.22 writes it (its ATT carries only `heading`, degrees true).
    /// Returns false, and appends nothing, when the reading has no true heading.
    @discardableResult
    public static func appendAttitude(_ reading: HeadingReading, to out: inout [UInt8]) -> Bool {
        guard let heading = reading.trueHeading, heading.isFinite else { return false }
        var o = JSONObjectText(continuing: &out)
        o.add("class", "ATT")
        o.add("heading", fixed: heading, decimals: 3)
        o.finish(into: &out)
        out.append(0x0A)
        return true
    }

    /// The ATT object for a heading reading, with its newline, or nil without a true heading.
    public static func attitudeString(_ reading: HeadingReading) -> String? {
        var out: [UInt8] = []
        guard appendAttitude(reading, to: &out) else { return nil }
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

    /// gpsd's `eph`, the horizontal 95% radius (2 × 2D RMS): the stated horizontal figure when
    /// there is one (gpsd's own `eph`, or HDOP × UERE), else twice the radius from the per-axis
    /// sigmas (GST).
    static func horizontal95(_ e: ErrorEstimates) -> Double? {
        if let h = e.horizontal { return gpsd(h, .horizontal95) }
        return e.horizontalAccuracy.map { $0 * 2 }
    }
}
