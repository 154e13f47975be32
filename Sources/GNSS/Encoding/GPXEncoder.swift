import Geodesy
import LodestarInternals

/// Encodes fixes as a GPX 1.1 track (https://www.topografix.com/GPX/1/1/), the format map tools
/// open.
///
/// Write ``header(name:)``, then ``appendPoint(_:to:)`` for each fix, then ``footer``. Fixes
/// without a position are skipped (a track point needs one). Each point carries, when known:
/// `ele` (altitude above mean sea level, metres), `time` (UTC), `magvar` (degrees, 0...360),
/// `geoidheight` (metres), `fix` (`2d`, `3d`, `dgps`, `pps`), `sat`, `hdop`, `vdop`, `pdop`,
/// in the order the schema requires.
public enum GPXEncoder {
    /// The XML declaration, `<gpx>` and the opening of one track and segment.
    /// - Parameter name: the track name (escaped for XML).
    public static func header(name: String) -> [UInt8] {
        var out = Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="lodestar" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
            xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
             <trk>
              <name>
            """.utf8)
        out.append(contentsOf: escaped(name).utf8)
        out.append(contentsOf: "</name>\n  <trkseg>\n".utf8)
        return out
    }

    /// Closes the segment, the track and the document.
    public static let footer: [UInt8] = Array("  </trkseg>\n </trk>\n</gpx>\n".utf8)

    /// Appends one `<trkpt>` for `fix`; nothing when the fix has no position.
    public static func appendPoint(_ fix: Fix, to out: inout [UInt8]) {
        guard fix.hasPosition, let c = fix.coordinate else { return }
        out.append(contentsOf: "   <trkpt lat=\"".utf8)
        DecimalText.append(c.latitude, decimals: 9, to: &out)
        out.append(contentsOf: "\" lon=\"".utf8)
        DecimalText.append(c.longitude, decimals: 9, to: &out)
        out.append(contentsOf: "\">".utf8)
        if let v = fix.altitudeMSL { element("ele", v, 3, &out) }
        if let t = fix.time {
            out.append(contentsOf: "<time>".utf8)
            ISO8601.append(t, fractionDigits: 3, to: &out)
            out.append(contentsOf: "</time>".utf8)
        }
        if let v = fix.magneticVariation {
            var m = Angle.normalizedBearing(v)
            if m >= 359.95 { m = 0 }
            element("magvar", m, 1, &out)
        }
        if let v = fix.geoidSeparation { element("geoidheight", v, 3, &out) }
        out.append(contentsOf: "<fix>".utf8)
        out.append(contentsOf: fixType(fix).utf8)
        out.append(contentsOf: "</fix>".utf8)
        if let n = fix.satellitesUsed {
            out.append(contentsOf: "<sat>".utf8)
            DecimalText.appendInteger(Int64(n), to: &out)
            out.append(contentsOf: "</sat>".utf8)
        }
        if let v = fix.hdop { element("hdop", v, 2, &out) }
        if let v = fix.vdop { element("vdop", v, 2, &out) }
        if let v = fix.pdop { element("pdop", v, 2, &out) }
        out.append(contentsOf: "</trkpt>\n".utf8)
    }

    /// GPX's `fix` value: `dgps` and `pps` by quality, otherwise `2d` or `3d` by mode.
    static func fixType(_ fix: Fix) -> String {
        switch fix.quality {
        case .dgps: "dgps"
        case .pps: "pps"
        default: fix.mode == .threeD ? "3d" : "2d"
        }
    }

    static func element(_ name: String, _ value: Double, _ decimals: Int, _ out: inout [UInt8]) {
        guard value.isFinite else { return }
        out.append(0x3C)
        out.append(contentsOf: name.utf8)
        out.append(0x3E)
        DecimalText.append(value, decimals: decimals, to: &out)
        out.append(contentsOf: "</".utf8)
        out.append(contentsOf: name.utf8)
        out.append(0x3E)
    }

    /// Text with XML's special characters escaped.
    public static func escaped(_ text: String) -> String {
        var out = ""
        for ch in text.unicodeScalars {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                if ch.value < 0x20 && ch != "\t" && ch != "\n" { continue }
                out.unicodeScalars.append(ch)
            }
        }
        return out
    }
}
