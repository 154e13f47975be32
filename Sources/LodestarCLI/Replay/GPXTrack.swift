import Foundation
import GNSS

/// The track `lodestar replay --gpx` writes: the epochs with a position, in time order, split
/// into segments at outages.
///
/// - A new `<trkseg>` starts when more than ``outage`` passes between two points (an epoch
///   without a position, a tunnel, a receiver that stopped sending): a map draws no straight
///   line across the gap.
/// - A point whose time is not after the previous point's (a stale or out-of-order epoch, a
///   repeated time) is left out and counted: time never goes backwards in the track.
/// - An epoch with a position but no time (no date yet) is written where it comes, and neither
///   starts a segment nor moves the clock.
struct GPXTrack {
    /// The longest time between two points of one segment: 5 s.
    static let outage: TimeInterval = 5

    private(set) var points = 0
    private(set) var segments = 1
    /// Points left out because their time was not after the previous point's.
    private(set) var outOfOrder = 0
    private var lastTime: Date?

    /// Appends the point of `fix` (or nothing, see the type's rules) to `out`.
    mutating func append(_ fix: Fix, to out: inout [UInt8]) {
        guard fix.hasPosition else { return }
        if let time = fix.time {
            if let last = lastTime {
                guard time > last else {
                    outOfOrder += 1
                    return
                }
                if time.timeIntervalSince(last) > Self.outage {
                    out.append(contentsOf: "  </trkseg>\n  <trkseg>\n".utf8)
                    segments += 1
                }
            }
            lastTime = time
        }
        GPXEncoder.appendPoint(fix, to: &out)
        points += 1
    }

    /// `  gpx: 212 points in 2 segments (a new one after more than 5 s without a position); 1 epoch left out: its time was not after the previous point's`
    var summary: String {
        var text =
            "  gpx: \(Plural.count(points, "point")) in \(Plural.count(segments, "segment"))"
            + " (a new one after more than \(Int(Self.outage)) s without a position)"
        if outOfOrder > 0 {
            text += "; \(Plural.count(outOfOrder, "epoch")) left out: time not after the previous point's"
        }
        return text + "\n"
    }
}
