import GNSS
import Glibc
import NMEA

/// Magnetic headings from the NMEA sentences gpsd relays but does not report.
///
/// gpsd 3.22 accepts a magnetic compass's `HDG` and `HDM` sentences and relays them to clients
/// that watch NMEA, but makes no ATT of them, and libgps API 11 has no magnetic heading field:
/// without this, a boat's fluxgate compass never reaches a gpsd client (docs/gpsd.md). The source
/// watches NMEA too and reads these two sentence types itself. True headings (`HDT`, `THS`) are
/// left to gpsd's ATT, so that no heading is reported twice.
enum RelayedHeading {
    /// The reading of one relayed line when it is an `HDG` or `HDM` sentence with a heading.
    /// - Returns: nil for any other sentence, and for an `HDG`/`HDM` whose heading field is empty.
    /// - Throws: ``NMEA/NMEAError`` for an `HDG`/`HDM` that does not parse (a field out of range).
    static func reading(fromLine line: UnsafePointer<CChar>) throws(NMEAError) -> HeadingReading? {
        guard isMagneticHeading(line) else { return nil }
        let length = strlen(line)
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(line).assumingMemoryBound(to: UInt8.self), count: length)
        switch try NMEAParser().parse(bytes) {
        case .hdg(let s): return s.reading
        case .hdm(let s): return s.reading
        default: return nil
        }
    }

    /// Whether the line is `$ttHDG,` or `$ttHDM,` (any two-character talker), read without
    /// parsing: most relayed lines are other sentences and are passed over at this cost.
    static func isMagneticHeading(_ line: UnsafePointer<CChar>) -> Bool {
        let p = UnsafeRawPointer(line).assumingMemoryBound(to: UInt8.self)
        // Stop at the first NUL: a short line never reads past its end.
        for i in 0...6 where p[i] == 0 { return false }
        return p[0] == UInt8(ascii: "$") && p[3] == UInt8(ascii: "H") && p[4] == UInt8(ascii: "D")
            && (p[5] == UInt8(ascii: "G") || p[5] == UInt8(ascii: "M")) && p[6] == UInt8(ascii: ",")
    }
}
