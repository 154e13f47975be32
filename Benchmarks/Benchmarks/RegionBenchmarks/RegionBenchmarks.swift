import Benchmark
import Foundation
import Geodesy
import Lodestar

// Region monitoring benchmarks (issue 25).
//
// Goal: ≤ 2 µs per location with 100,000 regions, and close to the cost with one region; a linear
// scan over every region (the signed distance of each) is measured in the same run for comparison.
// The regions: circles of 20–300 m with centres uniform over a square whose side grows with √n
// (2 km for 1,000, 20 km for 100,000, 63 km for 1,000,000), so that the density, 250 a km² (a
// location lies in about 25 circles), is the same at every n: what grows is only the number
// of regions far away. One location a second, round a circle of 800 m at 12 m/s, 4 m accuracy.
#if canImport(Glibc)
import Glibc
#endif

/// Marsaglia's xorshift64* (seeded), for the regions' layout.
struct LayoutNoise {
    var state: UInt64
    mutating func unit() -> Double {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return Double((state &* 2_685_821_657_736_338_717) >> 11) * 0x1p-53
    }
}

let origin = Coordinate(uncheckedLatitude: 51.5085, longitude: -0.1247)

/// The coordinate `east` and `north` metres from the origin along the ellipsoid.
func place(_ east: Double, _ north: Double) -> Coordinate {
    let distance = (east * east + north * north).squareRoot()
    return (try? Geodesic.wgs84.destination(from: origin, azimuth: atan2(east, north) * 180 / .pi, distance: distance))
        ?? origin
}

/// n circles at 250 a km² about the origin.
func circles(_ n: Int) -> [RegionCondition] {
    var noise = LayoutNoise(state: 2026)
    let side = (Double(n) / 250).squareRoot() * 1000
    return (0..<n).compactMap { i in
        try? RegionCondition(
            id: "r\(i)",
            shape: .circle(
                center: place((noise.unit() - 0.5) * side, (noise.unit() - 0.5) * side), checkedRadius: 20 + 280 * noise.unit()))
    }
}

/// 1000 locations a second apart, round a circle of 800 m about the origin at 12 m/s (inside the
/// regions' square at every n), with 2 m of noise.
let drive: [Location] = {
    var noise = LayoutNoise(state: 9)
    let t0 = Date(timeIntervalSince1970: 1_790_000_000)
    return (0..<1000).map { i in
        let angle = 12 * Double(i) / 800
        return Location(
            coordinate: place(800 * cos(angle) + 4 * (noise.unit() - 0.5), 800 * sin(angle) + 4 * (noise.unit() - 0.5)),
            horizontalAccuracy: 4, timestamp: t0.addingTimeInterval(Double(i)))
    }
}()

/// Resident memory, bytes (/proc/self/statm).
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
}

/// An engine holding n circles, with every region decided (the first update's one-time pass done).
final class Watched {
    var engine: RegionEngine
    let conditions: [RegionCondition]
    var next = 0

    init(_ n: Int) {
        conditions = circles(n)
        let before = residentBytes()
        guard var engine = try? RegionEngine() else { fatalError("the default engine is valid") }
        for condition in conditions { engine.add(condition) }
        if n >= 100_000 {
            let perRegion = Double(residentBytes() - before) / Double(n)
            FileHandle.standardError.write(
                Data("regions: \(n) circles add \(Int(perRegion)) bytes each of resident memory\n".utf8))
        }
        _ = engine.update(drive[0])
        self.engine = engine
    }

    /// The next location of the drive, round and round.
    func location() -> Location {
        next = next == drive.count - 1 ? 1 : next + 1
        return drive[next]
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        maxDuration: .seconds(3),
        maxIterations: 10_000
    )
    for n in [1, 1_000, 100_000, 1_000_000] {
        let watched = Watched(n)
        // One iteration = 1000 locations through the engine; the figures read per location.
        Benchmark("Regions per location: engine, \(n) regions", configuration: .init(scalingFactor: .kilo)) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(watched.engine.update(watched.location()))
            }
        }
        // One iteration = one location: the signed distance to every region.
        Benchmark("Regions per location: linear scan, \(n) regions", configuration: .init(maxIterations: n > 1000 ? 30 : 10_000))
        {
            benchmark in
            for _ in benchmark.scaledIterations {
                let here = watched.location().coordinate
                var inside = 0
                for condition in watched.conditions where condition.shape.signedDistance(from: here) <= -4 { inside += 1 }
                blackHole(inside)
            }
        }
    }
}
