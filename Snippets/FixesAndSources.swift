// Fixes with error estimates at a stated confidence, encoded as gpsd's TPV, and a FixSource of
// one's own. `swift run FixesAndSources`.
import Foundation
import GNSS
import Geodesy

// snippet.confidence
// gpsd's eph is a 95% figure (2 x the 68% radius); NMEA GST gives one-sigma figures per axis.
// Each estimate keeps its confidence, and horizontalAccuracy converts once, to one sigma (68%).
let fromGPSD = ErrorEstimates(horizontal: Uncertainty(13.3, .horizontal95))
let fromGST = ErrorEstimates(latitude: Uncertainty(3, .oneSigma), longitude: Uncertainty(4, .oneSigma))
print("gpsd eph 13.3 m (95%): horizontalAccuracy \(fromGPSD.horizontalAccuracy!) m (68%)")
print("GST 3 m and 4 m (one sigma): horizontalAccuracy \(fromGST.horizontalAccuracy!) m (68%)")
// snippet.end

// snippet.fix
// A fix: one receiver epoch. Every member but the mode is optional: unknown is nil.
let fix = Fix(
    time: Date(timeIntervalSince1970: 1_444_468_352), coordinate: try Coordinate(latitude: 48.217558333, longitude: 8.414495),
    altitudeMSL: 765.8, geoidSeparation: 47.4, altitudeHAE: 765.8 + 47.4, mode: .threeD, quality: .gps, satellitesUsed: 12,
    hdop: 0.7,
    errors: fromGST, speed: 0, course: 0)
// gpsd's TPV object, as `gpsd -N` and `gpspipe -w` write it (errors back at gpsd's 95%).
print(TPVEncoder.string(fix), terminator: "")
// snippet.end

// snippet.source
// A FixSource of one's own: anything that hands over fixes as an AsyncSequence of events.
// A recording says it is not live, so that a LocationManager paces it by its own timestamps.
struct Recorded: FixSource {
    var fixes: [Fix]
    var name: String { "recorded fixes" }
    var isLive: Bool { false }
    func events() -> AsyncStream<FixSourceEvent> {
        AsyncStream { continuation in
            for fix in fixes { continuation.yield(.fix(fix)) }
            continuation.yield(.state(.finished))
            continuation.finish()
        }
    }
}

let source = Recorded(fixes: [fix, fix])
var count = 0
for await event in source.events() {
    if case .fix(let f) = event, f.hasPosition { count += 1 }
}
print("\(source.name): \(count) fixes with a position")
// snippet.end
