// Location manager benchmarks (issue 5).
//
// Goals: manager overhead per fix (rules, heading, guidance) ≤ 2 µs; a trace replayed through the
// manager on the virtual clock at ≥ 1,000,000 fixes/s. Fusion (issue 13): ≤ 1 µs added per fix, and
// the fusing manager's replay still ≥ 1,000,000 fixes/s. Each is measured raw (fusion off, the
// figures of issue 5) and fused.
import Benchmark
import Foundation
import GNSS
import Geodesy
import Lodestar

/// A drive north-east at 12 m/s, one fix a second, with GST-like accuracy, a course and an RMC
/// magnetic variation: every rule, the heading estimator and guidance have work to do.
func drive(count: Int) -> [Fix] {
    let start = Coordinate(uncheckedLatitude: 51.50, longitude: -0.12)
    let t0 = Date(timeIntervalSince1970: 1_774_000_000)  // 2026-03-20
    var fixes: [Fix] = []
    fixes.reserveCapacity(count)
    for i in 0..<count {
        let along = 12.0 * Double(i)
        let here = (try? Geodesic.wgs84.destination(from: start, azimuth: 45, distance: along)) ?? start
        fixes.append(
            Fix(
                time: t0.addingTimeInterval(Double(i)), coordinate: here, altitudeMSL: 20, geoidSeparation: 47,
                mode: .threeD, quality: .gps, satellitesUsed: 9, hdop: 0.9,
                errors: ErrorEstimates(latitude: Uncertainty(2.1, .oneSigma), longitude: Uncertainty(1.7, .oneSigma)),
                speed: 12, course: 45 + Double(i % 7) - 3, magneticVariation: -1.1))
    }
    return fixes
}

let fixesPerSecond = BenchmarkMetric.custom("fixes per second", polarity: .prefersLarger, useScalingFactor: false)

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        maxDuration: .seconds(3),
        maxIterations: 10_000
    )
    let fixes = drive(count: 1000)
    let destination = Coordinate(uncheckedLatitude: 51.58, longitude: 0.01)
    var raw = LocationConfiguration()
    raw.desiredAccuracy = .nearestTenMeters
    try? raw.setDistanceFilter(5)
    try? raw.setHeadingFilter(1)
    try? raw.setMaximumFixAge(.seconds(10))
    raw.arrivalRegion = try? ArrivalRegion(destination: destination, entryRadius: 20)
    raw.fusion = .off
    var fused = raw
    fused.fusion = (try? Fusion.fused(for: .automotive)) ?? .on

    // One iteration = 1000 fixes through a fresh engine; the figures read per fix.
    let trace = drive(count: 100_000)
    for (label, configuration) in [("", raw), (", fused", fused)] {
        Benchmark("Manager per fix: rules + heading + guidance\(label)", configuration: .init(scalingFactor: .kilo)) {
            benchmark in
            var engine = LocationEngine(configuration: configuration, sourceName: "bench")
            for i in benchmark.scaledIterations {
                let outcome = engine.process(fixes[i])
                if let location = outcome.location, let geodesic = outcome.toDestination {
                    blackHole(
                        Guidance(
                            from: location, geodesic: geodesic, heading: outcome.heading?.trueHeading,
                            destination: destination))
                }
                blackHole(outcome)
            }
        }

        // One iteration = a 100,000-fix trace replayed through LocationManager on the virtual clock, with
        // the accuracy gate, the distance and heading filters, the age rule and headings: a replay, with
        // no destination (guidance is measured above).
        var replayConfiguration = configuration
        replayConfiguration.arrivalRegion = nil
        Benchmark(
            "Replay through LocationManager, virtual clock (100k fixes)\(label)",
            configuration: .init(metrics: [.wallClock, .mallocCountTotal, fixesPerSecond], maxIterations: 20)
        ) { benchmark async in
            let clock = ContinuousClock()
            let started = clock.now
            let manager = LocationManager(
                source: RecordedFixSource(name: "bench", fixes: trace), clock: .virtual,
                configuration: replayConfiguration)
            let batches = manager.eventBatches()
            manager.startUpdatingLocation()
            manager.startUpdatingHeading()
            var events = 0
            for await batch in batches { events += batch.count }
            blackHole(events)
            let elapsed = clock.now - started
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            benchmark.measurement(
                fixesPerSecond,
                Int(Double(trace.count) / max(1e-9, seconds)))
        }
    }
}
