import ArgumentParser
import GPSD
import Lodestar

/// Where `guide`, `monitor` and `vehicle` read locations from: gpsd (`--gpsd`, else GPSD_HOST /
/// GPSD_PORT, else localhost:2947), or an NMEA trace replayed in real time, `--speed N` times
/// faster, or `--fast` on a virtual clock. One group of options, checked and turned into a
/// location manager in one place.
struct LocationSourceOptions: ParsableArguments {
    @Option(
        name: .customLong("gpsd"),
        help: ArgumentHelp("Where gpsd is: HOST[:PORT[:DEVICE]].", valueName: "host[:port]"))
    var gpsd: String?

    @Option(help: ArgumentHelp("Replay this NMEA trace instead of reading gpsd ('-' for standard input).", valueName: "file"))
    var trace: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Replay the trace N times faster than it was recorded.", valueName: "n"))
    var speed: Double?

    @Flag(help: "Replay the trace as fast as possible, on a virtual clock.")
    var fast = false

    /// --speed: a thousandth of real time to a million times faster.
    static let speedRange = OptionRange("--speed", 0.001...1_000_000)

    func validate() throws {
        try Self.speedRange.check(speed)
        if gpsd != nil, trace != nil { throw ValidationError("--gpsd and --trace cannot be used together.") }
        if trace == nil, speed != nil || fast { throw ValidationError("--speed and --fast replay a --trace.") }
        if speed != nil, fast { throw ValidationError("--speed and --fast cannot be used together.") }
        if trace?.isEmpty == true { throw ValidationError("--trace needs a file name.") }
        if trace == nil { _ = try GPSDAddress.endpoint(gpsd) }
    }

    /// Whether locations come at the source's pace (gpsd, or a trace replayed in time), not `--fast`.
    var isPaced: Bool { trace == nil || !fast }

    /// A manager on the source, with `configuration`, and what to call the source in messages
    /// (`trace FILE`, `gpsd at HOST:PORT`).
    /// - Throws: exit 66 (after one line on standard error) when the trace cannot be opened.
    func manager(configuration: LocationConfiguration) throws -> (manager: LocationManager, name: String) {
        if let trace {
            let source = try InputOpening.trace(trace)
            let clock: ReplayClock = fast ? .virtual : speed.map(ReplayClock.speed) ?? .realTime
            return (LocationManager(source: source, clock: clock, configuration: configuration), "trace \(trace)")
        }
        let endpoint = (try? GPSDAddress.endpoint(gpsd)) ?? GPSDEndpoint()
        return (
            LocationManager(source: GPSDSource(endpoint: endpoint), clock: .live, configuration: configuration),
            "gpsd at \(endpoint)"
        )
    }
}
