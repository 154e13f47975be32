// Geodesy and magnetic-model benchmarks. Each benchmark iteration runs 1000 calls over the same
// 1000 random point pairs (scalingFactor .kilo), so the figures read as time per call.
//
// Goals (issue 2): great-circle inverse ≤ 150 ns per call; WGS84 inverse through the Swift API
// (GeographicLib's C++ solver) within 1.1× of PROJ's geod_inverse called from C ("C baseline",
// Karney's own C port of the same algorithm; same inputs, same run);
// declination ≤ 10 µs per call.
import Benchmark
import CProjBaseline
import Foundation
import GeoMagnetism
import Geodesy

/// Deterministic points, uniform on the sphere, from a fixed-seed SplitMix64.
struct PointPairs {
    var flat: [Double] = []  // lat1, lon1, lat2, lon2 × count
    var pairs: [(Coordinate, Coordinate)] = []

    init(count: Int, seed: UInt64) {
        var state = seed
        func next() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            return Double(z >> 11) / Double(1 << 53)
        }
        for _ in 0..<count {
            let lat1 = asin(2 * next() - 1) * 180 / .pi
            let lon1 = 360 * next() - 180
            let lat2 = asin(2 * next() - 1) * 180 / .pi
            let lon2 = 360 * next() - 180
            flat += [lat1, lon1, lat2, lon2]
            pairs.append(
                (
                    Coordinate(uncheckedLatitude: lat1, longitude: lon1),
                    Coordinate(uncheckedLatitude: lat2, longitude: lon2)
                ))
        }
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 100_000
    )
    let points = PointPairs(count: 1000, seed: 20_251_121)

    Benchmark("Great-circle inverse (Swift)") { benchmark in
        let sphere = GreatCircle()
        for i in benchmark.scaledIterations {
            let (a, b) = points.pairs[i]
            blackHole(sphere.inverse(from: a, to: b))
        }
    }

    Benchmark("WGS84 inverse (Swift API over GeographicLib)") { benchmark in
        let geodesic = Geodesic.wgs84
        for i in benchmark.scaledIterations {
            let (a, b) = points.pairs[i]
            blackHole(geodesic.inverse(from: a, to: b))
        }
    }

    Benchmark("WGS84 inverse (C baseline: geod_inverse from C)") { benchmark in
        points.flat.withUnsafeBufferPointer { buffer in
            // One C call runs all 1000 inverses: no Swift in the loop.
            blackHole(lodestar_baseline_geod_inverse(buffer.baseAddress, benchmark.scaledIterations.count))
        }
    }

    Benchmark("Declination (WMM2025 field)") { benchmark in
        guard let model = try? WorldMagneticModel.wmm2025 else {
            benchmark.error("the embedded WMM2025 model did not load")
            return
        }
        for i in benchmark.scaledIterations {
            let (a, _) = points.pairs[i]
            blackHole(try? model.field(at: a, heightAboveEllipsoid: 100, decimalYear: 2027.25))
        }
    }
}
