import ArgumentParser
import GNSS
import LodestarInternals
import NMEA

/// The output formats of `lodestar replay`.
enum ReplayFormat: String, EnumerableFlag {
    /// One readable line per epoch.
    case text
    /// gpsd TPV JSON objects, one per line, each followed by an ATT object when the epoch has a
    /// true heading (as gpsd and `lodestar track --json` write them).
    case json
    /// A GPX 1.1 track.
    case gpx
    /// CSV with a header row.
    case csv

    static func help(for value: ReplayFormat) -> ArgumentHelp? {
        switch value {
        case .text: "One readable line per epoch."
        case .json: "gpsd-compatible JSON, one object per line: a TPV per epoch, and an ATT after it when the epoch has a true heading (HDT, THS)."
        case .gpx: "A GPX 1.1 track (epochs with a position)."
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

    /// Appends the record of one epoch.
    @inline(__always)
    func append(_ epoch: NMEAEpoch, to out: inout [UInt8]) {
        switch self {
        case .json:
            TPVEncoder.append(epoch.fix, to: &out)
            if let heading = epoch.fix.heading { TPVEncoder.appendAttitude(heading, to: &out) }
        case .gpx: GPXEncoder.appendPoint(epoch.fix, to: &out)
        case .csv: CSVEncoder.appendRow(epoch.fix, to: &out)
        case .text: ReplayFormat.appendText(epoch, to: &out)
        }
    }

    /// `2020-07-11T19:34:56.000Z  3D  37.123456789 -122.123456789  alt 12.35 m  0.06 m/s  123.4°  ±3.20 m  sats 12  [lines 5-17]`
    static func appendText(_ epoch: NMEAEpoch, to out: inout [UInt8]) {
        let fix = epoch.fix
        if let t = fix.time {
            ISO8601.append(t, fractionDigits: 3, to: &out)
        } else if let t = epoch.timeOfDay {
            out.append(contentsOf: "(no date) \(t)".utf8)
        } else {
            out.append(contentsOf: "(no time)".utf8)
        }
        let mode: String = switch fix.mode {
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
        if let a = fix.altitudeMSL {
            out.append(contentsOf: "  alt ".utf8)
            DecimalText.append(a, decimals: 2, to: &out)
            out.append(contentsOf: " m".utf8)
        }
        if let s = fix.speed {
            out.append(contentsOf: "  ".utf8)
            DecimalText.append(s, decimals: 2, to: &out)
            out.append(contentsOf: " m/s".utf8)
        }
        if let c = fix.course {
            out.append(contentsOf: "  course ".utf8)
            DecimalText.append(c, decimals: 1, to: &out)
            out.append(contentsOf: "°".utf8)
        }
        if let h = fix.heading?.trueHeading {
            out.append(contentsOf: "  heading ".utf8)
            DecimalText.append(h, decimals: 1, to: &out)
            out.append(contentsOf: "° true".utf8)
        } else if let h = fix.heading?.magneticHeading {
            out.append(contentsOf: "  heading ".utf8)
            DecimalText.append(h, decimals: 1, to: &out)
            out.append(contentsOf: "° magnetic".utf8)
        }
        if let h = fix.errors.horizontalAccuracy {
            out.append(contentsOf: "  ±".utf8)
            DecimalText.append(h, decimals: 2, to: &out)
            out.append(contentsOf: " m".utf8)
        }
        if let n = fix.satellitesUsed {
            out.append(contentsOf: "  sats \(n)".utf8)
        }
        out.append(contentsOf: "  [lines \(epoch.firstLine)-\(epoch.lastLine)]\n".utf8)
    }
}
