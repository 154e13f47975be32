import CGPSShim
import Foundation
import GNSS
import Geodesy

/// Maps gpsd's reports, as the shim flattens them, to Lodestar's values.
///
/// - gpsd's NaN (field absent) becomes nil.
/// - gpsd's error estimates keep their value and get their confidence: `eph`, `epx`, `epy`, `eps`
///   and `epd` are `.horizontal95` (gpsd scales DOPs by a 95% user range error, i.e. two sigma;
///   `eps` and `epd` are derived from `epx`/`epy`), `epv` is `.vertical95` (1.96 σ). The
///   conversion to Lodestar's 68% figures happens once, in `ErrorEstimates`.
/// - A TPV carries the receiver's UTC time (when gpsd has one) and the monotonic time the line
///   was read.
enum ReportMapping {
    /// The monotonic receive time of a report.
    static func receiveTime(_ r: lgps_report) -> Duration {
        .seconds(r.received_seconds) + .nanoseconds(Int64(r.received_nanoseconds))
    }

    /// A TPV as a fix, every field checked as the NMEA parser checks a sentence's fields
    /// (``TPVLimits``): a value out of its range is dropped and described in `problems`; an
    /// impossible position or mode drops the whole fix (nil), since nothing else in that report
    /// can be trusted; an invalid time (checked on the text gpsd sent, `line`) drops the time.
    static func fix(fromTPV r: lgps_report, line: UnsafePointer<CChar>?) -> (fix: Fix?, problems: [String]) {
        var fix = Fix(monotonicTime: receiveTime(r))
        var problems: [String] = []
        guard let mode = FixMode(rawValue: Int(r.mode)) else {
            return (nil, ["TPV ignored: mode \(r.mode) is not 0...3"])
        }
        fix.mode = mode
        // Checked whatever libgps made of it (some bad times come out as "no time" at all).
        if let line, let problem = ReportTime.problem(inLine: line) {
            problems.append("TPV time dropped: \(problem)")
        } else if r.has_time {
            fix.time = Date(timeIntervalSince1970: Double(r.time_seconds) + Double(r.time_nanoseconds) / 1e9)
        }
        fix.quality = quality(status: r.status, mode: fix.mode)
        if !r.latitude.isNaN, !r.longitude.isNaN {
            let lat = r.latitude
            let lon = r.longitude
            guard TPVLimits.latitude.contains(lat), TPVLimits.longitude.contains(lon) else {
                return (
                    nil, problems + ["TPV ignored: position \(lat), \(lon) is outside latitude -90...90, longitude -180...180"]
                )
            }
            do {
                fix.coordinate = try Coordinate(latitude: lat, longitude: lon)
            } catch {
                return (nil, problems + ["TPV ignored: \(error.description)"])
            }
        }
        var check = TPVLimits.Checker()
        fix.altitudeHAE = check(r.altitude_hae, "altHAE", TPVLimits.altitude)
        fix.altitudeMSL = check(r.altitude_msl, "altMSL", TPVLimits.altitude)
        fix.geoidSeparation = check(r.geoid_separation, "geoidSep", TPVLimits.geoidSeparation)
        fix.speed = check(r.speed, "speed", TPVLimits.speed)
        fix.course = check(r.track, "track", TPVLimits.angle)
        fix.climb = check(r.climb, "climb", TPVLimits.climb)
        fix.magneticVariation = check(r.magnetic_variation, "magvar", TPVLimits.variation)
        fix.errors = ErrorEstimates(
            latitude: check(r.epy, "epy", TPVLimits.error).map { Uncertainty($0, .horizontal95) },
            longitude: check(r.epx, "epx", TPVLimits.error).map { Uncertainty($0, .horizontal95) },
            horizontal: check(r.eph, "eph", TPVLimits.error).map { Uncertainty($0, .horizontal95) },
            vertical: check(r.epv, "epv", TPVLimits.error).map { Uncertainty($0, .vertical95) },
            speed: check(r.eps, "eps", TPVLimits.speedError).map { Uncertainty($0, .horizontal95) },
            course: check(r.epd, "epd", TPVLimits.angle).map { Uncertainty($0, .horizontal95) })
        return (fix, problems + check.problems)
    }

    /// An ATT heading as a heading reading: nil when the ATT has no heading. A heading outside
    /// [0, 360] degrees (some compasses report raw units) is dropped and described in `problem`.
    static func heading(fromATT r: lgps_report) -> (reading: HeadingReading?, problem: String?) {
        guard let heading = value(r.heading) else { return (nil, nil) }
        guard (0...360).contains(heading) else {
            return (nil, "ATT heading \(heading) is outside 0...360 degrees (raw sensor units?); ignored")
        }
        return (HeadingReading(trueHeading: heading == 360 ? 0 : heading), nil)
    }

    /// gpsd's status as a fix quality. gpsd omits `status` below DGPS, so an unknown status with
    /// a 2D or 3D fix is a plain GPS fix.
    static func quality(status: Int32, mode: FixMode) -> FixQuality? {
        switch lgps_status(rawValue: UInt32(bitPattern: status)) {
        case LGPS_STATUS_GPS: .gps
        case LGPS_STATUS_DGPS: .dgps
        case LGPS_STATUS_RTK_FIXED: .rtkFixed
        case LGPS_STATUS_RTK_FLOAT: .rtkFloat
        case LGPS_STATUS_DEAD_RECKONING, LGPS_STATUS_GNSS_DEAD_RECKONING: .deadReckoning
        case LGPS_STATUS_TIME_ONLY: .manual
        case LGPS_STATUS_SIMULATED: .simulated
        case LGPS_STATUS_PPS: .pps
        default: mode >= .twoD ? .gps : nil
        }
    }

    /// A finite value, or nil for gpsd's NaN (field absent). libgps's JSON reader gives no
    /// infinity (JSON has none; a number too large for a double is refused by ``TPVLimits``).
    static func value(_ x: Double) -> Double? { x.isFinite ? x : nil }
}
