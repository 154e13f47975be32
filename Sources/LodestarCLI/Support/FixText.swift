import GNSS
import LodestarInternals

/// The one text line for a fix, written by `lodestar track` and `lodestar replay` alike:
///
/// `2020-07-11T19:34:56.000Z  3D  37.123456789 -122.123456789  alt 12.35 m  0.06 m/s  course 123.4°  heading 274.1° true  ±3.20 m  sats 12`
///
/// Fields, two spaces apart, each only when known:
/// - the receiver's UTC time (ISO 8601, milliseconds), or `(no time)`;
/// - the mode, `no fix`, `2D` or `3D`, followed by the quality when it is not plain GPS
///   (`dgps`, `rtkFixed`, `deadReckoning` …);
/// - latitude and longitude in signed decimal degrees (north and east positive), 9 decimals,
///   as gpsd's JSON writes them;
/// - `alt`: altitude above mean sea level, metres;
/// - speed over ground, metres per second; `course`: course over ground, degrees true;
/// - `heading`: a heading sensor's reading of the same epoch, `true`, or `magnetic` with the
///   variation when the sentence gives it (`heading 229.8° magnetic (variation 1.3° E)`);
/// - `±`: the horizontal accuracy, the radius of the 68% circle in metres (gpsd's 95% figures
///   are halved; a receiver's GST one-sigma figures are used as they are);
/// - `sats`: satellites used in the solution.
enum FixText {
    /// Appends the line for `fix`, without a newline; `heading` is the heading shown with it;
    /// `untimed` stands for the time when the fix has none (replay writes the time of day of an
    /// epoch without a date there); it is made only for a fix without a time.
    static func append(
        _ fix: Fix, heading: HeadingReading?, untimed: @autoclosure () -> String = "(no time)", to out: inout [UInt8]
    ) {
        if let t = fix.time {
            ISO8601.append(t, fractionDigits: 3, to: &out)
        } else {
            out.append(contentsOf: untimed().utf8)
        }
        let mode: String =
            switch fix.mode {
            case .unknown: "  unknown"
            case .noFix: "  no fix"
            case .twoD: "  2D"
            case .threeD: "  3D"
            }
        out.append(contentsOf: mode.utf8)
        if let q = fix.quality, fix.mode >= .twoD, q != .gps {
            out.append(contentsOf: " \(q)".utf8)
        }
        if let c = fix.coordinate {
            out.append(contentsOf: "  ".utf8)
            DecimalText.append(c.latitude, decimals: 9, to: &out)
            out.append(0x20)
            DecimalText.append(c.longitude, decimals: 9, to: &out)
        }
        if let a = fix.altitudeMSL { field("  alt ", a, 2, " m", &out) }
        if let s = fix.speed { field("  ", s, 2, " m/s", &out) }
        if let c = fix.course { field("  course ", c, 1, "°", &out) }
        if let h = heading?.trueHeading {
            field("  heading ", h, 1, "° true", &out)
        } else if let h = heading?.magneticHeading {
            field("  heading ", h, 1, "° magnetic", &out)
            if let v = heading?.variation {
                field(" (variation ", abs(v), 1, v < 0 ? "° W)" : "° E)", &out)
            }
        }
        if let h = fix.errors.horizontalAccuracy { field("  ±", h, 2, " m", &out) }
        if let n = fix.satellitesUsed {
            out.append(contentsOf: "  sats ".utf8)
            DecimalText.appendInteger(Int64(n), to: &out)
        }
    }

    /// The line for `fix` as a string, without a newline.
    static func string(_ fix: Fix, heading: HeadingReading?) -> String {
        var out: [UInt8] = []
        append(fix, heading: heading, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static func field(_ label: String, _ value: Double, _ decimals: Int, _ unit: String, _ out: inout [UInt8]) {
        out.append(contentsOf: label.utf8)
        DecimalText.append(value, decimals: decimals, to: &out)
        out.append(contentsOf: unit.utf8)
    }
}
