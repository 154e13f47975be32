import FusionEnsemble
import Foundation

// The full fusion ensemble (issue 23): prints one table per error model, the rows docs/fusion.md
// quotes. `scripts/fusion-ensemble.sh` builds it in release and runs it. `--reduced` runs the size
// `make test` checks.
// `--trace CLASS MODEL RATE SEED STATEMENT CELL` prints one run epoch by epoch.
let args = Array(CommandLine.arguments.dropFirst())
if args.first == "--trace", args.count == 7, let scenario = ScenarioClass.allCases.first(where: { $0.rawValue.hasPrefix(args[1]) }),
   let rate = Double(args[3]), let seed = Int(args[4]), let statementIndex = Int(args[5]), let cell = Int(args[6]) {
    let model: Ensemble.Model = args[2] == "pseudorange" ? .pseudorange : .position
    let run = Ensemble.trace(scenario, model: model, rate: rate, seed: seed, statement: Statement.allCases[statementIndex], cell: cell)
    for line in run.lines { print(line) }
    print(String(format: "raw RMS %.2f fused RMS %.2f", run.rawRMS, run.fusedRMS), run.reacquireEpochs)
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
        if CommandLine.arguments.contains("--worst") { print("worst ratio:", t.worstRun, "· reflection:", t.worstReflectionRun, "· re-acquire:", t.worstReacquireRun) }
    }
}
