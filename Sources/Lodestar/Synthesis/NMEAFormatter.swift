import Foundation
import Geodesy

/// Writes NMEA 0183 fields and sentences: the checksum, latitude and longitude in degrees and
/// decimal minutes, UTC time and date. Used by ``TraceSynthesizer``.
public enum NMEAFormatter {
    /// The NMEA checksum: the XOR of every byte between `$` and `*`.
    public static func checksum<S: StringProtocol>(_ body: S) -> UInt8 {
        body.utf8.reduce(0) { $0 ^ $1 }
    }

    /// `$BODY*HH` followed by CR LF.
    public static func sentence(_ body: String) -> String {
        "$" + body + "*" + String(format: "%02X", checksum(body)) + "\r\n"
    }

    /// Minutes written with five decimals: 1e-5 minute ≈ 1.9 cm of latitude.
    static let minuteScale = 100_000.0

    /// An angle rounded to what ``latitude(_:)`` and ``longitude(_:)`` write, degrees.
    public static func quantized(_ degrees: Double) -> Double {
        let units = (abs(degrees) * 60 * minuteScale).rounded()
        return (degrees < 0 ? -1 : 1) * units / (60 * minuteScale)
    }

    /// ("ddmm.mmmmm", "N" or "S").
    public static func latitude(_ degrees: Double) -> (String, String) {
        let (d, m) = split(degrees)
        return (String(format: "%02d%08.5f", d, m), degrees < 0 ? "S" : "N")
    }

    /// ("dddmm.mmmmm", "E" or "W").
    public static func longitude(_ degrees: Double) -> (String, String) {
        let (d, m) = split(degrees)
        return (String(format: "%03d%08.5f", d, m), degrees < 0 ? "W" : "E")
    }

    private static func split(_ degrees: Double) -> (Int, Double) {
        let units = Int((abs(degrees) * 60 * minuteScale).rounded())
        let perDegree = Int(60 * minuteScale)
        return (units / perDegree, Double(units % perDegree) / minuteScale)
    }

    /// "hhmmss.ss" in UTC.
    public static func time(_ date: Date) -> String {
        let f = TraceTime.fields(date)
        return String(format: "%02d%02d%02d.%02d", f.hour, f.minute, f.centiseconds / 100, f.centiseconds % 100)
    }

    /// "ddmmyy" in UTC.
    public static func date(_ date: Date) -> String {
        let f = TraceTime.fields(date)
        return String(format: "%02d%02d%02d", f.day, f.month, f.year % 100)
    }

    /// A signed angle as ("v.v", "E"/"W"), one decimal.
    public static func eastWest(_ degrees: Double) -> (String, String) {
        (String(format: "%.1f", abs(degrees)), degrees < 0 ? "W" : "E")
    }
}
