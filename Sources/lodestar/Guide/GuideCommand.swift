import ArgumentParser
import Dispatch
import Foundation
import GPSD
import Glibc
import Lodestar

/// `lodestar guide --to LAT,LON`: guidance to a destination from gpsd or a replayed NMEA trace,
/// until arrival. The logic is the library's (`LocationManager`, `GuideSession`, `Guidance`); this
/// command parses, wires and prints.
struct GuideCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "guide",
        abstract: "Guide to a destination until arrival: distance, bearing, turn, speed and ETA.",
        discussion: """
            Reads fixes from gpsd (localhost:2947 unless --gpsd or GPSD_HOST / GPSD_PORT say \
            otherwise) or replays an NMEA trace (--trace, in real time unless --speed or --fast), \
            applies the location manager's rules, and tells the way to the destination: the UTC \
            time and accuracy (68%) of the fix, the distance to go on the WGS84 ellipsoid, the \
            bearing and its compass point, the heading (a heading sensor, else the course over \
            ground when moving) with an arrow and the turn to make ("turn right 23°"), the speed \
            and the ETA. While --desired-accuracy withholds fixes it says "acquiring fix ±35 m \
            (need ±10 m)". Arrival is a fix within --arrive-within metres whose accuracy circle is \
            no larger than that.

            In a terminal the status line is redrawn in place; piped, there is one line per \
            update; with --json, one JSON object per event (the closing line then goes to \
            standard error). --plot writes an SVG map of the track, the destination, the arrival \
            circle and the guidance points; its path is opened before the run and written in \
            place (through a symbolic link, to its target); anything but a regular file or a new \
            name (a device, a FIFO, a directory) is refused.

            Exit status: 0 on arrival ("Arrived: 12 m from destination at 12:14:51"); 3 when the \
            trace ends before arrival; 130 when interrupted (Ctrl-C) before arrival; 1 when the \
            plot cannot be written or standard output fails; 64 for a bad argument; 66 when the \
            trace cannot be read.
            """)

    /// Exit status when the trace ends before arrival.
    static let endedBeforeArrival: Int32 = ExitStatus.endedBeforeArrival.rawValue
    /// Exit status when interrupted before arrival.
    static let interrupted: Int32 = ExitStatus.interrupted.rawValue

    @Option(
        name: .customLong("to"), parsing: .unconditional,
        help: ArgumentHelp(
            "Destination in decimal degrees, latitude first, south and west negative (51.5,-0.12).",
            valueName: "lat,lon"),
        transform: CoordinateArgument.parse)
    var to: CoordinateArgument

    @Option(name: .customLong("arrive-within"), parsing: .unconditional, help: ArgumentHelp("Arrival radius, metres.", valueName: "metres"))
    var arriveWithin: Double = 20

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

    @Option(
        name: .customLong("desired-accuracy"), parsing: .unconditional,
        help: ArgumentHelp("Withhold fixes whose 68% horizontal accuracy is worse than this, metres.", valueName: "metres"))
    var desiredAccuracy: Double?

    @Flag(help: "Guide by the receiver's own fixes instead of fused locations (fusion is on by default).")
    var raw = false

    @Flag(help: "Print one JSON object per event instead of status lines.")
    var json = false

    @Option(help: ArgumentHelp("Write an SVG map of the guidance to this file.", valueName: "file.svg"))
    var plot: String?

    /// --arrive-within: 10 cm to 100 km.
    static let arriveWithinRange = OptionRange("--arrive-within", 0.1...100_000, unit: "metres")
    /// --speed: a thousandth of real time to a million times faster.
    static let speedRange = OptionRange("--speed", 0.001...1_000_000)

    func validate() throws {
        try Self.arriveWithinRange.check(arriveWithin)
        try ReplayCommand.desiredAccuracyRange.check(desiredAccuracy)
        if gpsd != nil, trace != nil { throw ValidationError("--gpsd and --trace cannot be used together.") }
        if trace == nil, speed != nil || fast { throw ValidationError("--speed and --fast replay a --trace.") }
        if speed != nil, fast { throw ValidationError("--speed and --fast cannot be used together.") }
        try Self.speedRange.check(speed)
        if trace?.isEmpty == true { throw ValidationError("--trace needs a file name.") }
        if plot?.isEmpty == true { throw ValidationError("--plot needs a file name.") }
        if trace == nil {
            do {
                _ = try GPSDEndpoint(spec: gpsd, environment: ProcessInfo.processInfo.environment)
            } catch {
                throw ValidationError("--gpsd: \(error.description)")
            }
        }
    }

    /// What the guiding task hands back.
    private struct Outcome: Sendable {
        var session: GuideSession
        var output: GuideOutput
        var plot: GuidePlot?
        var unreadable: Bool
        var cancelled: Bool
    }

    func run() async throws {
        let region = try ArrivalRegion(destination: to.coordinate, entryRadius: arriveWithin)
        var configuration = GuideSession(region: region)
            .configuration(desiredAccuracy: try desiredAccuracy.map { m throws(RuleError) in try .meters(m) } ?? .best)
        if raw { configuration.fusion = .off }
        let manager: LocationManager
        if let trace {
            let source: NMEATraceSource
            do {
                source = trace == "-" ? .standardInput() : try NMEATraceSource(path: trace)
            } catch {
                Diagnostics.error("\(error)")
                throw ExitStatus.noInput
            }
            let clock: ReplayClock = fast ? .virtual : speed.map(ReplayClock.speed) ?? .realTime
            manager = LocationManager(source: source, clock: clock, configuration: configuration)
        } else {
            let endpoint = (try? GPSDEndpoint(spec: gpsd, environment: ProcessInfo.processInfo.environment)) ?? GPSDEndpoint()
            manager = LocationManager(source: GPSDSource(endpoint: endpoint), clock: .live, configuration: configuration)
        }
        let mode: GuideOutput.Mode = json ? .json : isatty(1) != 0 ? .terminal : .lines
        let plotFile: GuidePlotFile?
        do {
            plotFile = try plot.map { path throws(GuidePlotFile.Failure) in try GuidePlotFile(path: path) }
        } catch {
            Diagnostics.error("\(error)")
            throw ExitCode.failure
        }
        let guiding = Task {
            var outcome = Outcome(
                session: GuideSession(region: region), output: GuideOutput(mode: mode),
                plot: plotFile.map { GuidePlot(file: $0, region: region) }, unreadable: false, cancelled: false)
            let events = manager.events()
            manager.startUpdatingLocation()
            manager.startUpdatingHeading()
            for await event in events {
                let update = outcome.session.handle(event)
                outcome.output.show(event, update: update, session: outcome.session)
                if case .error(.traceUnreadable) = event { outcome.unreadable = true }
                switch update {
                case .location(let l, let g): outcome.plot?.add(l, g)
                case .arrived(let e, _): outcome.plot?.arrived(e)
                default: break
                }
                // Checked on every event: a stream that is never empty never waits, and a wait is
                // where cancellation (Ctrl-C) would otherwise end the loop.
                if outcome.session.hasArrived || outcome.output.outputFailed || Task.isCancelled { break }
            }
            manager.stopUpdatingLocation()
            manager.stopUpdatingHeading()
            outcome.cancelled = Task.isCancelled
            return outcome
        }
        var outcome = await SignalCancellation.value(of: guiding)
        try finish(&outcome, isTrace: trace != nil)
    }

    /// The closing line, the plot, and the exit status.
    private func finish(_ outcome: inout Outcome, isTrace: Bool) throws {
        let status: Int32
        if let arrival = outcome.session.arrival {
            outcome.output.finish(GuideStatusLine.arrived(arrival))
            status = 0
        } else if outcome.cancelled {
            outcome.output.finish(GuideStatusLine.notArrived("Stopped before arrival", outcome.session))
            status = Self.interrupted
        } else if outcome.unreadable {
            status = ExitCode.failure.rawValue
        } else {
            let prefix = isTrace ? "Trace ended before arrival" : "Source ended before arrival"
            outcome.output.finish(GuideStatusLine.notArrived(prefix, outcome.session))
            status = Self.endedBeforeArrival
        }
        if let plot = outcome.plot {
            do {
                try plot.write()
            } catch {
                outcome.output.message(error.description)
                throw ExitCode.failure
            }
        }
        if status != 0 { throw ExitCode(status) }
    }
}
