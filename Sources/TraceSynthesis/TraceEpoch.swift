import Foundation
import Geodesy
import LodestarInternals

/// One epoch of a synthesized trace: the truth, and what the receiver reported (as written in the
/// NMEA, after rounding). The rows of the ground-truth CSV.
public struct TraceEpoch: Sendable, Equatable {
    /// UTC time of the epoch.
    public var time: Date
    /// Seconds from the start of the trace.
    public var offset: Double
    /// True position.
    public var coordinate: Coordinate
    /// True speed, metres per second.
    public var speed: Double
    /// True course over ground, degrees in [0, 360); nil when stationary.
    public var course: Double?
    /// True heading, degrees in [0, 360); nil when the receiver has no heading sensor and is stationary.
    public var heading: Double?
    /// Whether the receiver reported a fix.
    public var hasFix: Bool
    /// Per-axis position noise σ written in GST (or used, when there is no GST), metres.
    public var sigma: Double
    /// The position written in the NMEA, when there is a fix.
    public var reported: Coordinate?
    /// The speed written, metres per second (converted back from knots as written).
    public var reportedSpeed: Double?
    /// The course written, degrees.
    public var reportedCourse: Double?
    /// The true heading written in HDT, degrees.
    public var reportedTrueHeading: Double?
    /// The magnetic sensor heading written in HDG or HDM, degrees.
    public var reportedMagneticHeading: Double?
    /// The variation written in HDG or RMC, degrees east positive.
    public var reportedVariation: Double?
    /// True when this epoch is an old epoch sent again (``TraceSpecification/Replay``).
    public var isRepeat: Bool
    /// True altitude above mean sea level, metres.
    public var altitude: Double = 0
    /// The altitude written in GGA, metres, when there is a fix and the error model perturbs it
    /// (nil: the true altitude is written).
    public var reportedAltitude: Double?
    /// True when the reported position carries a multipath offset the receiver does not admit.
    public var isMultipath = false
    /// Whether the receiver truly moves (speed > 0); false in holds and stops.
    public var isMoving: Bool { speed > 0 }

    /// The CSV header of ``csvRow``.
    public static let csvHeader =
        "time,lat,lon,speed,course,heading,fix,sigma,reported_lat,reported_lon,reported_speed,"
        + "reported_course,reported_true_heading,reported_magnetic_heading,reported_variation,repeat"

    /// The columns added after ``csvHeader`` when the trace has an error model, multipath jumps or
    /// stops: true altitude, the altitude written, whether the receiver moves, whether a multipath
    /// offset is applied.
    public static let extendedCSVColumns = "alt,reported_alt,moving,multipath"

    /// The CSV header, with the extended columns or not.
    public static func csvHeader(extended: Bool) -> String {
        extended ? csvHeader + "," + extendedCSVColumns : csvHeader
    }

    /// The epoch as a CSV row, with the extended columns or not.
    public func csvRow(extended: Bool) -> String {
        guard extended else { return csvRow }
        func f(_ x: Double?) -> String { x.map { DecimalText.string($0, decimals: 1) } ?? "" }
        return csvRow + ","
            + [f(altitude), f(reportedAltitude), isMoving ? "1" : "0", isMultipath ? "1" : "0"]
            .joined(separator: ",")
    }

    /// The epoch as a CSV row; unknown values are empty fields.
    public var csvRow: String {
        func f(_ x: Double?, _ digits: Int) -> String { x.map { DecimalText.string($0, decimals: digits) } ?? "" }
        return [
            ISO8601.string(time, fractionDigits: 2), f(coordinate.latitude, 8), f(coordinate.longitude, 8), f(speed, 3),
            f(course, 2), f(heading, 2), hasFix ? "1" : "0", f(sigma, 2),
            f(reported?.latitude, 9), f(reported?.longitude, 9), f(reportedSpeed, 4), f(reportedCourse, 1),
            f(reportedTrueHeading, 1), f(reportedMagneticHeading, 1), f(reportedVariation, 1), isRepeat ? "1" : "0",
        ].joined(separator: ",")
    }
}
