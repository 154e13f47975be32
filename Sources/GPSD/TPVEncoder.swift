import Foundation
import GNSS

/// Writes a ``GNSS/Fix`` as a gpsd TPV report (and a heading as an ATT report), one JSON object
/// per line, with gpsd 3.22's member order and number formats.
///
/// For a fix that came from gpsd the line equals gpsd's own TPV without the members `Fix` does
/// not keep (`device`, `ept`, `magtrack`, `epc`, `sep`, and the rarer `depth`, `dgpsAge`,
/// `dgpsSta`, `vel*`, `w*`). Error estimates are written at gpsd's nominal 95%: a one-sigma
/// figure is scaled up (× 2 horizontally, × 1.96 vertically). O(1) per fix.
public enum TPVEncoder {
    /// One TPV line (no line end). `mode` is always present, the rest only when known.
    public static func encode(_ fix: Fix) -> String {
        var members: [String] = [#""class":"TPV""#]
        if let status = gpsdStatus(fix.quality), status >= 2 { members.append("\"status\":\(status)") }
        members.append("\"mode\":\(fix.mode.rawValue)")
        if let time = fix.time { members.append("\"time\":\"\(iso8601(time))\"") }
        if let c = fix.coordinate {
            members.append(number("lat", c.latitude, 9))
            members.append(number("lon", c.longitude, 9))
        }
        if let v = fix.altitudeHAE { members.append(number("altHAE", v, 4)) }
        if let v = fix.altitudeMSL {
            members.append(number("altMSL", v, 4))
            members.append(number("alt", v, 4))
        }
        let e = fix.errors
        if let v = e.longitude { members.append(number("epx", ninetyFive(v, 2), 3)) }
        if let v = e.latitude { members.append(number("epy", ninetyFive(v, 2), 3)) }
        if let v = e.vertical { members.append(number("epv", ninetyFive(v, 1.96), 3)) }
        if let v = fix.course { members.append(number("track", v, 4)) }
        if let v = fix.magneticVariation { members.append(number("magvar", v, 1)) }
        if let v = fix.speed { members.append(number("speed", v, 3)) }
        if let v = fix.climb { members.append(number("climb", v, 3)) }
        if let v = e.course { members.append(number("epd", ninetyFive(v, 2), 4)) }
        if let v = e.speed { members.append(number("eps", ninetyFive(v, 2), 2)) }
        if let v = fix.geoidSeparation { members.append(number("geoidSep", v, 3)) }
        if let v = e.horizontal { members.append(number("eph", ninetyFive(v, 2), 3)) }
        return "{" + members.joined(separator: ",") + "}"
    }

    /// One ATT line for a heading reading, or nil when it has no true heading (gpsd 3.22's ATT
    /// carries only `heading`, degrees true).
    public static func encodeAttitude(_ reading: HeadingReading) -> String? {
        guard let heading = reading.trueHeading else { return nil }
        return "{\"class\":\"ATT\",\(number("heading", heading, 3))}"
    }

    /// gpsd's TPV `status` for a fix quality (1 plain GPS ... 9 PPS), nil when unknown.
    static func gpsdStatus(_ quality: FixQuality?) -> Int? {
        switch quality {
        case nil, .invalid: nil
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

    /// The figure at gpsd's nominal 95%: as is when already so stated, else scaled from one sigma.
    private static func ninetyFive(_ u: Uncertainty, _ factor: Double) -> Double {
        u.confidence == .oneSigma ? u.value * factor : u.value
    }

    private static func number(_ key: String, _ value: Double, _ decimals: Int) -> String {
        "\"\(key)\":" + String(format: "%.\(decimals)f", value)
    }

    /// A time as gpsd writes it, `2035-05-26T09:15:05.000Z`: UTC, milliseconds rounded to nearest.
    public static func iso8601(_ date: Date) -> String {
        let totalMilliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        let ms = Int64(totalMilliseconds)
        let seconds = ms >= 0 ? ms / 1000 : (ms - 999) / 1000
        var t = time_t(seconds)
        var parts = tm()
        gmtime_r(&t, &parts)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
            Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec), Int(ms - seconds * 1000))
    }
}
