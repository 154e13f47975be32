import GNSS
import Lodestar
import LodestarInternals

/// What `lodestar track` writes to standard output, one item at a time.
enum TrackOutput: Sendable {
    /// A fix as the shared text line (``FixText``), with the heading of its epoch; a fused
    /// location's line ends `fused`, a dead-reckoned one's `dead reckoning`.
    case text(Fix, HeadingReading?, LocationKind)
    /// A fix as gpsd's TPV.
    case tpv(Fix)
    /// A true heading as gpsd's ATT.
    case attitude(HeadingReading)
    /// gpsd's satellite view as a SKY object.
    case sky(Fix)
    /// gpsd's satellite view as text (`--satellites`).
    case satellites(Fix)
    /// A raw NMEA sentence gpsd relayed (`--nmea`).
    case sentence(String)

    /// Writes items as standard output's bytes, each with its newline, on the writer's thread
    /// (``LineQueue``). It keeps the JSON encoders' memos from one item to the next, as
    /// `replay --json` does (the same bytes as without them), and writes each object in place in
    /// the output: no `String` per object (issue 22).
    struct Writer {
        private var tpv = TPVMemo()
        private var sky = SKYMemo()

        init() {}

        /// Appends the item's text and its newline to `out`; nothing for an item without text
        /// (an ATT of a reading without a true heading, a SKY without satellites).
        mutating func append(_ item: TrackOutput, to out: inout [UInt8]) {
            switch item {
            case .text(let fix, let heading, let kind):
                switch kind {
                case .raw: line(FixText.string(fix, heading: heading), to: &out)
                case .fused: line(FixText.string(fix, heading: heading) + "  fused", to: &out)
                case .deadReckoned: line(FixText.string(fix, heading: heading) + "  dead reckoning", to: &out)
                }
            case .tpv(let fix): object(to: &out) { TPVEncoder.append(fix, to: &$0, memo: &tpv) }
            case .attitude(let reading): object(to: &out) { _ = TPVEncoder.appendAttitude(reading, to: &$0) }
            case .sky(let fix): object(to: &out) { SKYEncoder.append(fix, to: &$0, memo: &sky) }
            case .satellites(let fix): line(satellitesText(fix), to: &out)
            case .sentence(let text): line(text, to: &out)
            }
        }

        private func line(_ text: String, to out: inout [UInt8]) {
            out.append(contentsOf: text.utf8)
            out.append(0x0A)
        }

        /// The object an encoder appends and one newline: the encoder's own, or one added when it
        /// wrote none; nothing when it appends nothing (or a newline alone).
        private func object(to out: inout [UInt8], _ append: (inout [UInt8]) -> Void) {
            let start = out.count
            append(&out)
            guard out.count > start else { return }
            if out.last != 0x0A {
                out.append(0x0A)
            } else if out.count == start + 1 {
                out.removeLast()
            }
        }
    }

    /// The satellites view: a line with the counts and the DOPs (the receiver's hdop, vdop and
    /// pdop when given, the others from the geometry as gpsd computes them), then one line per
    /// satellite, gpsd's PRN, elevation and azimuth in degrees, SNR in dB-Hz, used or not:
    ///
    ///     satellites  16 in view, 8 used  hdop 1.01  vdop 1.38  pdop 1.71  xdop 0.91  ydop 0.89  tdop 1.27  gdop 2.53
    ///       PRN   3  el  21°  az 174°  ss 29 dB-Hz  used
    static func satellitesText(_ fix: Fix) -> String {
        let satellites = SKYEncoder.listed(fix.satellitesInView ?? [])
        let used = satellites.count(where: \.used)
        var out = Array("satellites  \(satellites.count) in view, \(used) used".utf8)
        let g = SatelliteGeometry(satellites)
        for (name, value) in [
            ("hdop", fix.hdop ?? g?.hdop), ("vdop", fix.vdop ?? g?.vdop), ("pdop", fix.pdop ?? g?.pdop),
            ("xdop", g?.xdop), ("ydop", g?.ydop), ("tdop", g?.tdop), ("gdop", g?.gdop),
        ] {
            guard let value else { continue }
            out.append(contentsOf: "  \(name) ".utf8)
            DecimalText.append(value, decimals: 2, to: &out)
        }
        for s in satellites {
            out.append(contentsOf: "\n  PRN ".utf8)
            pad(String(s.gpsdNumber.prn), 3, &out)
            out.append(contentsOf: "  el ".utf8)
            pad(s.elevation.map { whole($0) } ?? "-", 3, &out)
            out.append(contentsOf: "°  az ".utf8)
            pad(s.azimuth.map { whole($0) } ?? "-", 3, &out)
            out.append(contentsOf: "°  ss ".utf8)
            pad(s.snr.map { whole($0) } ?? "-", 2, &out)
            out.append(contentsOf: (s.used ? " dB-Hz  used" : " dB-Hz").utf8)
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func whole(_ value: Double) -> String {
        var out: [UInt8] = []
        DecimalText.append(value, decimals: 0, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static func pad(_ text: String, _ width: Int, _ out: inout [UInt8]) {
        if text.count < width { out.append(contentsOf: repeatElement(0x20, count: width - text.count)) }
        out.append(contentsOf: text.utf8)
    }
}
