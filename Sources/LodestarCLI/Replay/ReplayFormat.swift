import ArgumentParser
import GNSS
import LodestarInternals
import NMEA

/// The output formats of `lodestar replay`.
enum ReplayFormat: String, EnumerableFlag {
    /// One readable line per epoch.
    case text
    /// gpsd TPV JSON objects, one per line, each followed by an ATT object when the epoch has a
    /// true heading and a SKY object when it has satellites in view (GSV), as gpsd and
    /// `lodestar track --json` write them.
    case json
    /// A GPX 1.1 track.
    case gpx
    /// CSV with a header row.
    case csv

    static func help(for value: ReplayFormat) -> ArgumentHelp? {
        switch value {
        case .text: "One readable line per epoch."
        case .json:
            "gpsd-compatible JSON, one object per line: a TPV per epoch, an ATT after it when the epoch has a true heading (HDT, THS), and a SKY when it has satellites in view (GSV, with GSA's used satellites and the DOPs)."
        case .gpx:
            "A GPX 1.1 track of the epochs with a position, in time order (an epoch whose time is not after the previous point's is left out); a new segment after more than 5 s without a position."
        case .csv: "CSV, one row per epoch, with a header row."
        }
    }

    /// What comes before the first epoch.
    func header(name: String) -> [UInt8] {
        switch self {
        case .gpx: GPXEncoder.header(name: name)
        case .csv: CSVEncoder.header
        case .text, .json: []
        }
    }

    /// What comes after the last epoch.
    var footer: [UInt8] {
        self == .gpx ? GPXEncoder.footer : []
    }

    /// Appends the record of one epoch; `tpv` and `sky` are the JSON writers' memos, kept by the
    /// caller from one epoch to the next.
    @inline(__always)
    func append(_ epoch: NMEAEpoch, to out: inout [UInt8], tpv: inout TPVMemo, sky: inout SKYMemo) {
        switch self {
        case .json:
            TPVEncoder.append(epoch.fix, to: &out, memo: &tpv)
            if let heading = epoch.fix.heading { TPVEncoder.appendAttitude(heading, to: &out) }
            SKYEncoder.append(epoch.fix, to: &out, memo: &sky)
        case .gpx: GPXEncoder.appendPoint(epoch.fix, to: &out)
        case .csv: CSVEncoder.appendRow(epoch.fix, to: &out)
        case .text: ReplayFormat.appendText(epoch, to: &out)
        }
    }

    /// The shared fix line (``FixText``) and where the epoch lies in the file:
    /// `2020-07-11T19:34:56.000Z  3D  37.123456789 -122.123456789  alt 12.35 m  0.06 m/s  course 123.4°  heading 274.1° true  ±3.20 m  sats 12  [lines 5-17]`
    static func appendText(_ epoch: NMEAEpoch, to out: inout [UInt8]) {
        FixText.append(
            epoch.fix, heading: epoch.fix.heading,
            untimed: epoch.timeOfDay.map { "(no date) \($0)" } ?? "(no time)", to: &out)
        out.append(contentsOf: "  [lines ".utf8)
        DecimalText.appendInteger(Int64(epoch.firstLine), to: &out)
        out.append(UInt8(ascii: "-"))
        DecimalText.appendInteger(Int64(epoch.lastLine), to: &out)
        out.append(contentsOf: "]\n".utf8)
    }
}
