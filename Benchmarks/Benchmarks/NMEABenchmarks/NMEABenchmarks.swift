// NMEA parse + assemble throughput (issue 3). Goal: ≥ 4,000,000 lines/s.
//
// The corpus is made by the project's own generator (scripts/make-nmea-corpus.py: 1,000,000 lines
// of 1 Hz and 10 Hz epochs of GGA, RMC, GSA, GSV×3, VTG and GST). `make bench` writes it to
// .build/bench/nmea-corpus.nmea before running; LODESTAR_NMEA_CORPUS names another file.
// The whole file is read into memory once, before the first iteration, so the figure is the
// decoder's, not the disk's or the page allocator's.
import Benchmark
import Foundation
import NMEA

/// The repository root: this file is Benchmarks/Benchmarks/NMEABenchmarks/NMEABenchmarks.swift.
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

let corpusPath =
    ProcessInfo.processInfo.environment["LODESTAR_NMEA_CORPUS"]
    ?? repositoryRoot.appendingPathComponent(".build/bench/nmea-corpus.nmea").path

let linesPerSecond = BenchmarkMetric.custom("lines per second", polarity: .prefersLarger, useScalingFactor: false)

/// The corpus, read once: every iteration decodes the same bytes, already in memory.
let corpusBytes: Data? = FileManager.default.contents(atPath: corpusPath)

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident, linesPerSecond],
        maxDuration: .seconds(10),
        maxIterations: 20
    )

    Benchmark("NMEA parse + assemble, 1M-line corpus (NMEADecoder, 64 KiB chunks)") { benchmark in
        guard let corpus = corpusBytes, !corpus.isEmpty else {
            benchmark.error("no corpus at \(corpusPath): run `make bench`, or python3 scripts/make-nmea-corpus.py FILE")
            return
        }
        let clock = ContinuousClock()
        let started = clock.now
        var decoder = NMEADecoder()
        var epochs = 0
        corpus.withUnsafeBytes { all in
            var offset = 0
            while offset < all.count {
                let end = min(all.count, offset + 65_536)
                decoder.decode(UnsafeRawBufferPointer(rebasing: all[offset..<end])) { event in
                    if case .epoch = event { epochs += 1 }
                }
                offset = end
            }
        }
        decoder.finish { event in if case .epoch = event { epochs += 1 } }
        let elapsed = clock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        blackHole(epochs)
        benchmark.measurement(linesPerSecond, Int(Double(decoder.statistics.lines) / max(1e-9, seconds)))
    }
}
