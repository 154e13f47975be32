import ArgumentParser
import Lodestar

/// `--fusion [--activity NAME]` of `replay` and `track`: the receiver's fixes by default (as gpsd
/// and gpspipe show them), the fused locations with `--fusion`.
struct FusionOptions: ParsableArguments {
    @Flag(help: "Fused locations instead of the receiver's fixes (a Kalman filter; docs/fusion.md).")
    var fusion = false

    @Option(
        help: ArgumentHelp(
            "The motion profile for --fusion: automotive, fitness, maritime, airborne or other.", valueName: "name"))
    var activity: ActivityType?

    func validate() throws {
        if activity != nil, !fusion { throw ValidationError("--activity goes with --fusion.") }
    }

    /// `.off` without `--fusion`, else the profile of `--activity` (default `other`).
    func setting() throws -> Fusion {
        fusion ? try Fusion.fused(for: activity ?? .other) : .off
    }
}
