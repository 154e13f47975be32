import Foundation
import LodestarInternals

/// The fusion ensemble of issue 23: every scenario class crossed with a grid of receiver error
/// models, statements and rates, each cell run on many seeds, the figures pooled per class.
package struct Ensemble: Sendable {
    /// The two error models, of different structure.
    package enum Model: String, CaseIterable, Sendable {
        case position = "position-domain errors (white and Gauss–Markov)"
        case pseudorange = "pseudorange errors solved into positions"
    }

    /// The size of a run: seeds per cell, rates, and how much of the noise grid.
    package struct Size: Sendable {
        package var seeds: Int
        package var rates: [Double]
        /// Use every n-th noise cell of the position model (1: all).
        package var noiseStride: Int

        /// The full ensemble: 30 seeds a cell, 1 Hz and 10 Hz, the whole grid.
        package static let full = Size(seeds: 30, rates: [1, 10], noiseStride: 1)
        /// What `make test` runs: 4 seeds a cell at 1 Hz, half the noise grid.
        package static let reduced = Size(seeds: 4, rates: [1], noiseStride: 2)
    }

    /// Pooled figures for one class under one model.
    package struct Tally: Sendable {
        package var rawSquares = 0.0, fusedSquares = 0.0, fixEpochs = 0
        package var smoothedSquares = 0.0, smoothedStated = 0, smoothedInside = 0
        package var stated = 0, inside = 0, deadReckoned = 0, deadReckonedInside = 0
        package var worstReflection = 0.0
        package var worstReacquire = 0
        package var runs = 0
        /// Runs whose fused RMS exceeded the raw RMS, and the worst such ratio.
        package var seedsWorseThanRaw = 0
        package var worstSeedRatio = 0.0
        /// Which runs were worst (rate, seed, statement, cell), for ``Ensemble/trace``.
        package var worstRun = "", worstReflectionRun = "", worstReacquireRun = ""

        package var rawRMS: Double { (rawSquares / Double(max(fixEpochs, 1))).squareRoot() }
        package var fusedRMS: Double { (fusedSquares / Double(max(fixEpochs, 1))).squareRoot() }
        package var ratio: Double { fusedRMS / max(rawRMS, 1e-9) }
        package var smoothedRMS: Double { (smoothedSquares / Double(max(fixEpochs, 1))).squareRoot() }
        /// The smoother's RMS over the forward filter's.
        package var smoothedRatio: Double { smoothedRMS / max(fusedRMS, 1e-9) }
        package var smoothedShare: Double { Double(smoothedInside) / Double(max(smoothedStated, 1)) }
        package var share: Double { Double(inside) / Double(max(stated, 1)) }
        package var deadReckonedShare: Double? { deadReckoned == 0 ? nil : Double(deadReckonedInside) / Double(deadReckoned) }

        mutating func add(_ run: EnsembleRun, _ label: String) {
            smoothedSquares += run.smoothedSquares
            smoothedStated += run.smoothedStated
            smoothedInside += run.smoothedInside
            rawSquares += run.rawSquares
            fusedSquares += run.fusedSquares
            fixEpochs += run.fixEpochs
            stated += run.stated
            inside += run.inside
            deadReckoned += run.deadReckoned
            deadReckonedInside += run.deadReckonedInside
            if run.worstReflection > worstReflection { worstReflectionRun = label }
            worstReflection = max(worstReflection, run.worstReflection)
            if (run.reacquireEpochs.max() ?? 0) > worstReacquire { worstReacquireRun = label }
            worstReacquire = max(worstReacquire, run.reacquireEpochs.max() ?? 0)
            runs += 1
            let r = run.fusedRMS / max(run.rawRMS, 1e-9)
            if r > worstSeedRatio { worstRun = label }
            worstSeedRatio = max(worstSeedRatio, r)
            if run.fixEpochs > 0, r > 1 { seedsWorseThanRaw += 1 }
        }

        /// A row of docs/fusion.md's tables.
        package func row(_ name: String) -> String {
            let dr = deadReckonedShare.map { String(format: "%.0f%%", $0 * 100) } ?? "–"
            let reflection = worstReflection > 0 ? String(format: "%.1f m", worstReflection) : "–"
            let reacquire = worstReacquire > 0 ? "\(worstReacquire)" : "–"
            return String(
                format:
                    "| %@ | %.2f m | %.2f m | %.2f | %.0f%% | %@ | %@ | %@ | %d of %d (worst %.2f) | %.2f m (%.2f) | %.0f%% |",
                name, rawRMS, fusedRMS, ratio, share * 100, dr, reflection, reacquire,
                seedsWorseThanRaw, runs, worstSeedRatio, smoothedRMS, smoothedRatio, smoothedShare * 100)
        }

        package static let header = """
            | class | raw RMS | fused RMS | ratio | 68% share | dead-reckoned 68% share | worst reflection error | epochs to re-acquire | seeds fused > raw | smoothed RMS (× fused) | smoothed 68% share |
            |---|---|---|---|---|---|---|---|---|---|---|
            """
    }

    package let size: Size
    package init(size: Size) { self.size = size }

    /// The run of one cell with its per-epoch lines, for looking at a failure.
    package static func trace(_ scenario: ScenarioClass, model: Model, rate: Double, seed: Int, statement: Statement, cell: Int)
        -> EnsembleRun
    {
        let trajectory = Trajectory(scenario, rate: rate, seed: UInt64(seed) &+ UInt64(rate * 1000))
        let s = Statement.allCases.firstIndex(of: statement) ?? 0
        let cellSeed = UInt64(seed * 131 + s * 7) &+ UInt64(rate * 100_003)
        var rng = SplitMix64(seed: (cellSeed &+ UInt64(cell)) ^ 0xA5A5_5A5A)
        switch model {
        case .position:
            let m = PositionErrorModel(PositionErrorModel.Noise.grid[cell], statement: statement, rng: &rng)
            return EnsembleRun(trajectory, model: m, seed: cellSeed &+ UInt64(cell), log: true)
        case .pseudorange:
            let m = PseudorangeErrorModel(PseudorangeErrorModel.Sky.allCases[cell], statement: statement, rng: &rng)
            return EnsembleRun(trajectory, model: m, seed: cellSeed &+ UInt64(cell), log: true)
        }
    }

    /// Runs every cell of `model` for `scenario`, pooled.
    package func tally(_ scenario: ScenarioClass, model: Model) -> Tally {
        var tally = Tally()
        for rate in size.rates {
            for seed in 0..<size.seeds {
                let trajectory = Trajectory(scenario, rate: rate, seed: UInt64(seed) &+ UInt64(rate * 1000))
                for (s, statement) in Statement.allCases.enumerated() {
                    let cellSeed = UInt64(seed * 131 + s * 7) &+ UInt64(rate * 100_003)
                    switch model {
                    case .position:
                        for (n, noise) in PositionErrorModel.Noise.grid.enumerated()
                        where n % size.noiseStride == seed % size.noiseStride {
                            var rng = SplitMix64(seed: (cellSeed &+ UInt64(n)) ^ 0xA5A5_5A5A)
                            let m = PositionErrorModel(noise, statement: statement, rng: &rng)
                            tally.add(
                                EnsembleRun(trajectory, model: m, seed: cellSeed &+ UInt64(n)),
                                "rate \(rate) seed \(seed) \(statement) cell \(n)")
                        }
                    case .pseudorange:
                        for (k, sky) in PseudorangeErrorModel.Sky.allCases.enumerated() {
                            var rng = SplitMix64(seed: (cellSeed &+ UInt64(k)) ^ 0xA5A5_5A5A)
                            let m = PseudorangeErrorModel(sky, statement: statement, rng: &rng)
                            tally.add(
                                EnsembleRun(trajectory, model: m, seed: cellSeed &+ UInt64(k)),
                                "rate \(rate) seed \(seed) \(statement) cell \(k)")
                        }
                    }
                }
            }
        }
        return tally
    }
}
