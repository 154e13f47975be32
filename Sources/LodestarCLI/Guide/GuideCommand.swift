import ArgumentParser
import Dispatch
import Foundation
import GPSD
import Glibc
import Lodestar
import LodestarInternals

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
            applies the location manager's rules, and tells the way to the destination: the \
            time (local, or UTC with --utc, as date) and accuracy (68%) of the fix, the distance to go on the WGS84 ellipsoid, the \
            bearing and its compass point, the heading (a heading sensor, else the course over \
            ground when moving) with an arrow and the turn to make ("turn right 23°"), the speed \
            and the ETA with its time zone ("ETA 09:34:55 UTC"), given only while closing in \
            ("moving away" when the course leads more than 90° off the bearing). Distances, \
            accuracies and speeds are in --units: metric (m, km, m/s, the default), imperial (ft, \
            mi, mph) or nautical (m below 0.1 nmi, nmi, kn); GPSD_UNITS sets the default, as for \
            cgps. The options' own lengths stay in metres, and --json in UTC and SI units. A compass heading in the World Magnetic Model's caution or \
            blackout zone (horizontal field below 6000 or 2000 nT) adds "compass unreliable (WMM \
            caution zone)". While --desired-accuracy withholds fixes it says "acquiring fix ±35 m \
            (need ±10 m)"; with no fix, "location unknown: no fix for 5 s" at a cold start, and \
            "no fix for 12 s  280 m to go at 09:31:40" in an outage, or, while the fused location \
            is dead-reckoned, "dead reckoning: no fix for 12 s" in the line. Arrival is a fix within \
            --arrive-within metres whose accuracy circle is no larger than that, for --dwell \
            seconds; if the trace ends first because the accuracy never got inside the radius, \
            the closing line says so. The manager's rules: --desired-accuracy, --distance-filter, \
            --heading-filter, --max-fix-age; --raw guides by the receiver's own fixes instead of \
            fused locations. --keep-going guides on after arrival and says when the location \
            leaves --exit-radius.

            In a terminal the status line is redrawn in place, fitted to the window's width (the \
            compass point, the speed, the heading's degrees, the bearing, the ETA's time zone, the \
            accuracy and the time give way, in that order; the distance, the turn and the ETA stay) and redrawn \
            when the window changes size; piped, there is one line per update; with --json, one \
            JSON object per event (the closing line then goes to standard error). A source that \
            goes away is said once per outage. --plot writes an SVG map of the track (start and \
            end marked), the destination, the arrival circle, the guidance points, labels at the \
            turns and the arrival, a legend and a scale bar; a far destination is a labelled line \
            from the track's end. Its path is opened before the run and written in place \
            (through a symbolic link, to its target); anything but a regular file or a new name \
            (a device, a FIFO, a directory) is refused.

            Exit status: 0 on arrival ("Arrived: 12 m from destination at 12:14:51"; with \
            --keep-going, when arrival came before the end); 3 when the \
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

    @Option(
        name: .customLong("arrive-within"), parsing: .unconditional,
        help: ArgumentHelp("Arrival radius, metres.", valueName: "metres"))
    var arriveWithin: Double = 20

    @OptionGroup var source: LocationSourceOptions

    @Option(
        name: .customLong("desired-accuracy"), parsing: .unconditional,
        help: ArgumentHelp("Withhold fixes whose 68% horizontal accuracy is worse than this, metres.", valueName: "metres"))
    var desiredAccuracy: Double?

    @Flag(help: "Guide by the receiver's own fixes instead of fused locations (fusion is on by default).")
    var raw = false

    @Option(
        name: .customLong("distance-filter"),
        help: ArgumentHelp("Update only after moving this far from the last location shown, metres.", valueName: "metres"))
    var distanceFilter: Double?

    @Option(
        name: .customLong("heading-filter"),
        help: ArgumentHelp(
            "Update the turn only when the heading changes by this much, degrees (default 1; 0 for every heading).",
            valueName: "degrees"))
    var headingFilter: Double?

    @Option(
        name: .customLong("max-fix-age"),
        help: ArgumentHelp(
            "Reject fixes older than this, seconds (live: than the clock; replayed: than the latest fix).",
            valueName: "seconds"))
    var maxFixAge: Double?

    @Option(
        name: .customLong("dwell"),
        help: ArgumentHelp("Declare arrival only after this long inside the radius, seconds of fix time.", valueName: "seconds"))
    var dwell: Double?

    @Option(
        name: .customLong("exit-radius"),
        help: ArgumentHelp(
            "With --keep-going, departure beyond this radius, metres (default 1.5 × --arrive-within).",
            valueName: "metres"))
    var exitRadius: Double?

    @Flag(
        name: .customLong("keep-going"),
        help: "Keep guiding after arrival (and say when departing), until the source ends or Ctrl-C.")
    var keepGoing = false

    @Flag(help: "Print one JSON object per event instead of status lines.")
    var json = false

    @Option(help: ArgumentHelp("Write an SVG map of the guidance to this file.", valueName: "file.svg"))
    var plot: String?

    @Flag(help: "Show times in UTC instead of the local time zone, as date --utc.")
    var utc = false

    @Option(
        help: ArgumentHelp(
            "Units of distances and speeds: metric (m, km, m/s), imperial (ft, mi, mph) or nautical (m, nmi, kn); "
                + "default GPSD_UNITS when set, as cgps -u, else metric.",
            valueName: "units"))
    var units: GuideFormat.Units?

    /// The times' zone and the units: --utc; --units, else GPSD_UNITS (said once when it names
    /// no units), else metric.
    private func format() -> GuideFormat {
        if let units { return GuideFormat(units: units, utc: utc) }
        let variable = ProcessInfo.processInfo.environment["GPSD_UNITS"]
        if let variable, !variable.isEmpty, GuideFormat.Units(environment: variable) == nil {
            Diagnostics.warning("GPSD_UNITS '\(variable.prefix(40))' is not metric, imperial or nautical; using metric")
        }
        return GuideFormat(units: GuideFormat.Units(environment: variable) ?? .metric, utc: utc)
    }

    /// --arrive-within: 10 cm to 100 km.
    static let arriveWithinRange = OptionRange("--arrive-within", 0.1...100_000, unit: "metres")
    /// --heading-filter: 0 (every heading) to 180 degrees.
    static let headingFilterRange = OptionRange("--heading-filter", 0.0...180, unit: "degrees")
    /// --max-fix-age: a millisecond to a day.
    static let maxFixAgeRange = OptionRange("--max-fix-age", 0.001...86_400, unit: "seconds")
    /// --dwell: none to a day.
    static let dwellRange = OptionRange("--dwell", 0.0...86_400, unit: "seconds")
    /// --exit-radius: as --arrive-within, and never less than it.
    static let exitRadiusRange = OptionRange("--exit-radius", 0.1...100_000, unit: "metres")

    func validate() throws {
        try Self.arriveWithinRange.check(arriveWithin)
        try ReplayCommand.desiredAccuracyRange.check(desiredAccuracy)
        try ReplayCommand.distanceFilterRange.check(distanceFilter)
        try Self.headingFilterRange.check(headingFilter)
        try Self.maxFixAgeRange.check(maxFixAge)
        try Self.dwellRange.check(dwell)
        try Self.exitRadiusRange.check(exitRadius)
        if let exitRadius {
            if !keepGoing { throw ValidationError("--exit-radius goes with --keep-going: guide stops at arrival otherwise.") }
            if exitRadius < arriveWithin {
                let (exit, entry) = (String(format: "%g", exitRadius), String(format: "%g", arriveWithin))
                throw ValidationError("--exit-radius (\(exit) m) must be at least --arrive-within (\(entry) m)")
            }
        }
        if plot?.isEmpty == true { throw ValidationError("--plot needs a file name.") }
    }

    /// What the guiding loop reads: the manager's events and the terminal's changes of size.
    private enum Input: Sendable {
        case event(LocationEvent)
        case resized
    }

    /// What the guiding task hands back.
    private struct Outcome: Sendable {
        var session: GuideSession
        var output: GuideOutput
        var plot: GuidePlot?
        var unreadable: Bool
        var cancelled: Bool
    }

    /// The manager's rules from the options (each already checked by ``validate()``).
    private func rules(_ region: ArrivalRegion) throws -> LocationConfiguration {
        var configuration = GuideSession(region: region)
            .configuration(desiredAccuracy: try desiredAccuracy.map { m throws(RuleError) in try .meters(m) } ?? .best)
        if raw { configuration.fusion = .off }
        try configuration.setDistanceFilter(distanceFilter)
        if let headingFilter { try configuration.setHeadingFilter(headingFilter == 0 ? nil : headingFilter) }
        try configuration.setMaximumFixAge(maxFixAge.flatMap { Duration(checkedSeconds: $0) })
        return configuration
    }

    func run() async throws {
        let region = try ArrivalRegion(
            destination: to.coordinate, entryRadius: arriveWithin, exitRadius: exitRadius,
            dwell: dwell.flatMap { Duration(checkedSeconds: $0) })
        let configuration = try rules(region)
        let manager = try source.manager(configuration: configuration).manager
        let mode: GuideOutput.Mode = json ? .json : isatty(1) != 0 ? .terminal : .lines
        let plotFile: GuidePlotFile?
        do {
            plotFile = try plot.map { path throws(GuidePlotFile.Failure) in try GuidePlotFile(path: path) }
        } catch {
            Diagnostics.error("\(error)")
            throw ExitCode.failure
        }
        let keepGoing = self.keepGoing
        let lines = GuideStatusLine(format: format())
        let guiding = Task {
            var outcome = Outcome(
                session: GuideSession(region: region), output: GuideOutput(mode: mode, lines: lines),
                plot: plotFile.map { GuidePlot(file: $0, region: region, lines: lines) }, unreadable: false, cancelled: false)
            // The manager's events, and in a terminal the window's changes of size, in one stream.
            let (inputs, continuation) = AsyncStream<Input>.makeStream()
            let events = manager.events()
            let forwarding = Task {
                for await event in events { continuation.yield(.event(event)) }
                continuation.finish()
            }
            let resizes = mode == .terminal ? TerminalResize.watch { continuation.yield(.resized) } : nil
            manager.startUpdatingLocationAndHeading()
            for await input in inputs {
                guard case .event(let event) = input else {
                    outcome.output.resized()
                    continue
                }
                let update = outcome.session.handle(event)
                outcome.output.show(event, update: update, session: outcome.session)
                if case .error(.traceUnreadable) = event { outcome.unreadable = true }
                switch update {
                case .location(let l, let g): outcome.plot?.add(l, g)
                case .arrived(let e, _):
                    outcome.plot?.arrived(e)
                    if keepGoing { outcome.output.line(outcome.output.lines.arrived(e)) }
                case .departed(let e, _):
                    outcome.output.line(outcome.output.lines.departed(e))
                default: break
                }
                // Checked on every event: a stream that is never empty never waits, and a wait is
                // where cancellation (Ctrl-C) would otherwise end the loop.
                if (outcome.session.hasArrived && !keepGoing) || outcome.output.outputFailed || Task.isCancelled { break }
            }
            resizes?.cancel()
            forwarding.cancel()
            manager.stopUpdatingLocation()
            manager.stopUpdatingHeading()
            outcome.cancelled = Task.isCancelled
            return outcome
        }
        var outcome = await SignalCancellation.value(of: guiding)
        try finish(&outcome, isTrace: source.trace != nil)
    }

    /// The closing line, the plot, and the exit status.
    private func finish(_ outcome: inout Outcome, isTrace: Bool) throws {
        let status: Int32
        if let arrival = outcome.session.arrival {
            outcome.output.finish(
                keepGoing ? outcome.output.lines.ended(outcome.session, arrival) : outcome.output.lines.arrived(arrival))
            status = 0
        } else if outcome.cancelled {
            outcome.output.finish(outcome.output.lines.notArrived("Stopped before arrival", outcome.session))
            status = Self.interrupted
        } else if outcome.unreadable {
            status = ExitCode.failure.rawValue
        } else {
            let prefix = isTrace ? "Trace ended before arrival" : "Source ended before arrival"
            outcome.output.finish(outcome.output.lines.notArrived(prefix, outcome.session))
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
