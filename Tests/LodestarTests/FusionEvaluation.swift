import Foundation
import GNSS
import Geodesy
import Lodestar

/// A trace replayed through the engine with and without fusion, measured against the
/// synthesizer's ground truth (which no code under test wrote).
struct FusionEvaluation {
    /// RMS horizontal error of the receiver's fixes and of the fused locations, metres, over the
    /// epochs that have both (the fix epochs).
    var rawRMS: Double
    var fusedRMS: Double
    /// Fraction of fused (and dead-reckoned) locations whose stated 68% radius holds the truth.
    var containment: Double
    /// Total length of the path of the fused locations, metres.
    var fusedPath: Double
    /// Total length of the path of the raw fixes, metres.
    var rawPath: Double
    /// Every delivered location with the truth at its time.
    var locations: [(location: Location, truth: TruthRow)]

    init(trace name: String, configuration: LocationConfiguration) throws {
        let rows = try GroundTruth.rows(name)
        var truth: [Int: TruthRow] = [:]
        for row in rows where !row.isRepeat { truth[row.centiseconds] = row }
        var engine = LocationEngine(configuration: configuration, sourceName: name, provenance: .replayed)
        engine.updatingHeading = false
        var delivered: [(Location, TruthRow)] = []
        engine.replay(try BundledTrace.fixes(name)) { event in
            if case .location(let l) = event, let row = truth[GroundTruth.centiseconds(l.timestamp)] {
                delivered.append((l, row))
            }
        }
        locations = delivered
        var rawSquares = 0.0
        var fusedSquares = 0.0
        var both = 0
        var inside = 0
        var stated = 0
        var fusedPath = 0.0
        var rawPath = 0.0
        var previous: Location?
        var previousRaw: Coordinate?
        for (l, row) in delivered {
            let e = l.distance(from: row.coordinate)
            if let a = l.horizontalAccuracy {
                stated += 1
                if e <= a { inside += 1 }
            }
            let raw = l.raw?.coordinate ?? (l.kind == .raw ? l.coordinate : nil)
            if let raw {
                let r = Geodesic.wgs84.inverse(from: raw, to: row.coordinate).distance
                rawSquares += r * r
                fusedSquares += e * e
                both += 1
                if let previousRaw { rawPath += Geodesic.wgs84.inverse(from: previousRaw, to: raw).distance }
                previousRaw = raw
            }
            if let previous { fusedPath += l.distance(from: previous) }
            previous = l
        }
        rawRMS = (rawSquares / Double(max(both, 1))).squareRoot()
        fusedRMS = (fusedSquares / Double(max(both, 1))).squareRoot()
        containment = Double(inside) / Double(max(stated, 1))
        self.fusedPath = fusedPath
        self.rawPath = rawPath
    }

    var summary: String {
        String(
            format:
                "raw RMS %.2f m, fused RMS %.2f m (%.2f×), 68%% radius holds the truth in %.1f%%, path %.0f m (raw %.0f m), %d locations",
            rawRMS, fusedRMS, fusedRMS / max(rawRMS, 1e-9), containment * 100, fusedPath, rawPath, locations.count)
    }
}
