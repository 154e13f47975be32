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

    /// A TPV as a fix. A coordinate outside the valid range is dropped and described in `problem`.
    static func fix(fromTPV r: lgps_report) -> (fix: Fix, problem: String?) {
        var fix = Fix(monotonicTime: receiveTime(r))
        if r.has_time {
            fix.time = Date(timeIntervalSince1970: Double(r.time_seconds) + Double(r.time_nanoseconds) / 1e9)
        }
        fix.mode = FixMode(rawValue: Int(r.mode)) ?? .unknown
        fix.quality = quality(status: r.status, mode: fix.mode)
        var problem: String?
        if let lat = value(r.latitude), let lon = value(r.longitude) {
            do {
                fix.coordinate = try Coordinate(latitude: lat, longitude: lon)
            } catch {
                problem = "TPV position ignored: \(error.description)"
            }
        }
        fix.altitudeHAE = value(r.altitude_hae)
        fix.altitudeMSL = value(r.altitude_msl)
        fix.geoidSeparation = value(r.geoid_separation)
        fix.speed = value(r.speed)
        fix.course = value(r.track)
        fix.climb = value(r.climb)
        fix.magneticVariation = value(r.magnetic_variation)
        fix.errors = ErrorEstimates(
            latitude: value(r.epy).map { Uncertainty($0, .horizontal95) },
            longitude: value(r.epx).map { Uncertainty($0, .horizontal95) },
            horizontal: value(r.eph).map { Uncertainty($0, .horizontal95) },
            vertical: value(r.epv).map { Uncertainty($0, .vertical95) },
            speed: value(r.eps).map { Uncertainty($0, .horizontal95) },
            course: value(r.epd).map { Uncertainty($0, .horizontal95) })
        return (fix, problem)
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

    /// A finite value, or nil for gpsd's NaN (and infinities).
    static func value(_ x: Double) -> Double? { x.isFinite ? x : nil }
}
