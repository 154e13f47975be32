import ArgumentParser
import Foundation
import GPSD
import Lodestar
import LodestarInternals

/// `lodestar monitor --regions FILE.geojson`: many regions watched against gpsd's or a trace's
/// locations, one line per event. The logic is the library's (`RegionMonitor`, `LocationManager`);
/// this command parses, wires and prints.
struct MonitorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "monitor",
        abstract: "Watch regions (circles, polygons) and report entering, leaving and dwelling.",
        discussion: """
            Reads the regions from an RFC 7946 GeoJSON FeatureCollection: a Point with \
            properties.radius (metres) is a circle, a Polygon (holes allowed) or MultiPolygon is \
            itself, properties.dwell (seconds) asks for a dwell event after that long inside, and \
            the identifier is the feature's id, else properties.id. Then reads locations from gpsd \
            (localhost:2947 unless --gpsd or GPSD_HOST / GPSD_PORT say otherwise) or replays an NMEA \
            trace (--trace, in real time unless --speed or --fast), fused by default (--raw: the \
            receiver's own fixes), and reports each region's events (docs/regions.md):

              unknown   a region is watched and not decided yet
              inside / outside   its first decided state ("initial")
              enter / exit   the location's 68% circle came wholly inside / went wholly outside
              dwell     inside for the region's dwell time since it entered

            A state changes only when the location's 68% accuracy circle lies wholly inside or \
            wholly outside the region (with --exit-margin more metres to leave): a receiver parked \
            near an edge does not flap. --rule point judges the location's point alone, as naive \
            geofencing does, for comparison. Between two fixes that are both outside a region, a \
            straight path through it gives an enter and an exit with interpolated times. \
            With --json, one object per line: \
            {"class":"REGION","region":ID,"event":…,"initial":BOOL,"interpolated":BOOL,"time":…,"lat":…,"lon":…,"accuracy":…}; \
            otherwise one readable line per event, and a summary on standard error at the end.

            --state FILE keeps the regions' states across runs: what was reported is not reported \
            again after a restart (a region whose condition changed in the GeoJSON starts anew; one \
            no longer in it is dropped). Each change is a line appended to FILE.journal and flushed; \
            FILE is rewritten whole (a temporary file renamed) only when the journal outgrows it.

            Exit status: 0 when the trace or source ends, or on Ctrl-C; 1 when the state file or \
            standard output cannot be written, or the source fails; 64 for a bad argument; 65 for \
            a bad regions or state file (one line naming the feature and the problem); 66 when a \
            file cannot be read.
            """)

    @Option(help: ArgumentHelp("The regions: a GeoJSON FeatureCollection.", valueName: "file.geojson"))
    var regions: String

    @OptionGroup var source: LocationSourceOptions

    @Flag(help: "Print one JSON object per event.")
    var json = false

    @Flag(help: "Use the receiver's own fixes instead of fused locations (fusion is on by default).")
    var raw = false

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Dwell time for regions whose GeoJSON gives none, seconds (default: no dwell events).",
            valueName: "seconds"))
    var dwell: Double?

    @Option(
        name: .customLong("exit-margin"), parsing: .unconditional,
        help: ArgumentHelp(
            "Metres beyond a region's edge the 68% circle must clear to leave it (default 0).", valueName: "metres"))
    var exitMargin: Double = 0

    @Option(
        help: ArgumentHelp(
            "How a location decides: uncertainty (its 68% circle, the default) or point (its point alone).",
            valueName: "rule"))
    var rule: MonitorRule = .uncertainty

    @Option(help: ArgumentHelp("Keep the regions' states in this file across runs.", valueName: "file"))
    var state: String?

    /// --dwell: none to a week.
    static let dwellRange = OptionRange("--dwell", 0.0...604_800, unit: "seconds")
    /// --exit-margin: as the library allows.
    static let exitMarginRange = OptionRange("--exit-margin", 0.0...RegionEngine.maximumExitMargin, unit: "metres")

    func validate() throws {
        try Self.dwellRange.check(dwell)
        try Self.exitMarginRange.check(exitMargin)
        if regions.isEmpty { throw ValidationError("--regions needs a file name.") }
        if state?.isEmpty == true { throw ValidationError("--state needs a file name.") }
    }

    func run() async throws {
        let collection = try MonitorRegions.load(regions, defaultDwell: dwell.flatMap { Duration(checkedSeconds: $0) })
        let monitor: RegionMonitor
        var output = MonitorOutput(json: json)
        do {
            monitor = try MonitorRegions.monitor(
                state: state.map { URL(fileURLWithPath: $0) }, rule: rule.library, exitMargin: exitMargin)
            output.write(try MonitorRegions.watch(collection, in: monitor))
        } catch {
            Diagnostics.error(error.description)
            throw ExitStatus.dataError
        }
        output.flush()

        var configuration = LocationConfiguration()
        if raw { configuration.fusion = .off }
        let manager = try source.manager(configuration: configuration).manager
        let paced = source.isPaced
        let watching = Task { [output] in
            var output = output
            var failure: String?
            for await event in manager.updates(.location) {
                switch event {
                case .location(let location):
                    output.count(location)
                    do throws(RegionError) {
                        output.write(try monitor.update(location))
                    } catch {
                        failure = error.description
                    }
                case .error(let error):
                    failure = error.description
                default: break
                }
                output.flushIfLive(paced)
                if failure != nil || output.failed || Task.isCancelled { break }
            }
            return (output, failure)
        }
        var (done, failure) = await SignalCancellation.value(of: watching)
        monitor.finish()
        done.flush()
        done.summarize(monitor)
        if let failure {
            Diagnostics.error(failure)
            throw ExitStatus.failure
        }
        if done.failed { throw ExitStatus.failure }
    }
}

/// `--rule`.
enum MonitorRule: String, ExpressibleByArgument, CaseIterable {
    case uncertainty
    case point

    var library: RegionRule {
        switch self {
        case .uncertainty: .uncertainty
        case .point: .point
        }
    }
}
