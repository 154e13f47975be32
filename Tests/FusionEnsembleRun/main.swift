import Foundation
import FusionEnsemble
import GNSS
import Lodestar
import LodestarInternals

// The full fusion ensemble (issue 23): prints one table per error model, the rows docs/fusion.md
// quotes. `scripts/fusion-ensemble.sh` builds it in release and runs it. `--reduced` runs the size
// `make test` checks.
// `--trace CLASS MODEL RATE SEED STATEMENT CELL` prints one run epoch by epoch.
let args = Array(CommandLine.arguments.dropFirst())
if args.first == "--trace", args.count == 7,
    let scenario = ScenarioClass.allCases.first(where: { $0.rawValue.hasPrefix(args[1]) }),
    let rate = Double(args[3]), let seed = Int(args[4]), let statementIndex = Int(args[5]), let cell = Int(args[6])
{
    let model: Ensemble.Model = args[2] == "pseudorange" ? .pseudorange : .position
    let run = Ensemble.trace(
        scenario, model: model, rate: rate, seed: seed, statement: Statement.allCases[statementIndex], cell: cell)
    for line in run.lines { print(line) }
    print(String(format: "raw RMS %.2f fused RMS %.2f", run.rawRMS, run.fusedRMS), run.reacquireEpochs)
    exit(0)
}
// `--speed`: fixes per second of the forward filter (through the engine) and of the smoother, on
// 100 city drives at 10 Hz (300,000 fixes); the figures BENCHMARKS.md quotes.
if args.first == "--speed" {
    var fixes: [Fix] = []
    for seed in 0..<100 {
        var rng = SplitMix64(seed: UInt64(seed))
        let model = PositionErrorModel(PositionErrorModel.Noise.grid[1], statement: .gst, rng: &rng)
        // One drive after another: each 400 s after the one before, so time only moves forward.
        fixes += EnsembleRun.fixes(Trajectory(.cityDrive, rate: 10, seed: UInt64(seed)), model: model, seed: UInt64(seed))
            .map { fix in
                var f = fix
                f.time = fix.time?.addingTimeInterval(400 * Double(seed))
                return f
            }
    }
    let clock = ContinuousClock()
    for _ in 0..<3 {
        var delivered = 0
        let forward = clock.measure {
            var engine = LocationEngine(configuration: LocationConfiguration(), sourceName: "speed", provenance: .replayed)
            engine.updatingHeading = false
            for fix in fixes where engine.process(fix).location != nil { delivered += 1 }
        }
        var raw = 0
        let unfused = clock.measure {
            var configuration = LocationConfiguration()
            configuration.fusion = .off
            var engine = LocationEngine(configuration: configuration, sourceName: "speed", provenance: .replayed)
            engine.updatingHeading = false
            for fix in fixes where engine.process(fix).location != nil { raw += 1 }
        }
        var smoothed = 0
        let smoothing = clock.measure { smoothed = TrackSmoother().smooth(fixes).count { $0 != nil } }
        func perFix(_ d: Duration) -> Double {
            Double(d.components.attoseconds) / 1e12 / Double(fixes.count) + Double(d.components.seconds) * 1e6
                / Double(fixes.count)
        }
        print(
            String(
                format:
                    "%d fixes: engine fused %.3f us/fix, raw %.3f us/fix (fusion adds %.3f us); smoother %.0f fixes/s (%d, %d, %d located)",
                fixes.count, perFix(forward), perFix(unfused), perFix(forward) - perFix(unfused),
                1e6 / perFix(smoothing), delivered, raw, smoothed))
    }
    exit(0)
}
let reduced = CommandLine.arguments.contains("--reduced")
let ensemble = Ensemble(size: reduced ? .reduced : .full)
let only = CommandLine.arguments.dropFirst().first { !$0.hasPrefix("--") }
for model in Ensemble.Model.allCases {
    print("\n### \(model.rawValue)\n")
    print(Ensemble.Tally.header)
    for scenario in ScenarioClass.allCases where only == nil || scenario.rawValue.hasPrefix(only ?? "") {
        let t = ensemble.tally(scenario, model: model)
        print(t.row(scenario.rawValue))
        if CommandLine.arguments.contains("--worst") {
            print("worst ratio:", t.worstRun, "· reflection:", t.worstReflectionRun, "· re-acquire:", t.worstReacquireRun)
        }
    }
}
