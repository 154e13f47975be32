import ArgumentParser
import Dispatch
import Foundation
import GNSS
import GPSD
import LodestarInternals

/// `lodestar track`: live fixes from gpsd, one line per fix, until Ctrl-C.
struct TrackCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "track",
        abstract: "Print live fixes from gpsd, one line per fix, until Ctrl-C.",
        discussion: """
            Each line gives the receiver's UTC time, 2D/3D, latitude and longitude, the horizontal \
            accuracy (radius of the 68% circle: gpsd's 95% figures are converted), speed, course \
            over ground, and the heading of a heading sensor when one reported in the last 2 s: \
            true (gpsd's ATT), or magnetic with its variation (a compass's HDG or HDM, which gpsd \
            relays but does not report; track reads them from the relayed NMEA). \
            Messages about the connection (waiting for gpsd, waiting for a fix, connection lost, \
            reconnected) go to standard error; the fix lines alone go to standard output. \
            gpsd is localhost:2947 unless --gpsd or GPSD_HOST / GPSD_PORT say otherwise. \
            When gpsd goes away, track says so once and reconnects when it is back. \
            Ctrl-C (or SIGTERM) ends it with a summary. When standard output does not keep up \
            (a stalled pipe), at most 1000 lines wait: the oldest are dropped and the summary \
            counts them; when it fails (closed, full), track ends with status 1.
            """)

    @Option(
        name: .customLong("gpsd"),
        help: ArgumentHelp(
            "Where gpsd is: HOST[:PORT[:DEVICE]], an IPv6 host in brackets.", valueName: "host[:port[:device]]"))
    var gpsd: String?

    @Flag(help: "Print gpsd-compatible JSON instead: one TPV object per fix, one ATT object per true heading (gpsd 3.22's ATT has no magnetic heading).")
    var json = false

    @Option(help: ArgumentHelp("Copy the raw NMEA sentences gpsd relays into this file (CR LF lines).", valueName: "file"))
    var record: String?

    func validate() throws {
        do {
            _ = try GPSDEndpoint(spec: gpsd, environment: ProcessInfo.processInfo.environment)
        } catch {
            throw ValidationError("--gpsd: \(error.description)")
        }
        if record?.isEmpty == true { throw ValidationError("--record needs a file name") }
    }

    func run() async throws {
        let endpoint: GPSDEndpoint
        let recorder: NMEARecorder?
        do {
            endpoint = try GPSDEndpoint(spec: gpsd, environment: ProcessInfo.processInfo.environment)
            recorder = try record.map { path throws(NMEARecorderError) in try NMEARecorder(path: path) }
        } catch {
            Diagnostics.error("\(error)")
            throw ExitCode.failure
        }
        let source = GPSDSource(endpoint: endpoint, options: GPSDSourceOptions(recorder: recorder))
        let started = MonotonicClock.now()
        let json = self.json
        let output = LineQueue(render: TrackPrinter.Line.render)
        let tracking = Task {
            var printer = TrackPrinter(endpoint: endpoint, json: json, output: output)
            for await event in source.events() {
                printer.handle(event)
                // A flooding gpsd keeps the stream full, so the loop never waits, and a wait is
                // where cancellation (Ctrl-C, SIGTERM) would end it: check it on every event.
                if Task.isCancelled || StandardOutput.hasFailed { break }
            }
            return printer
        }
        let printer = await SignalCancellation.value(of: tracking)
        // The reader thread may still read a sentence before it notices the end: close the
        // recording first, so that the summary counts the lines the file holds.
        recorder?.close()
        let unwritten = output.finish()
        printer.printSummary(elapsed: MonotonicClock.now() - started, recorder: recorder, unwritten: unwritten)
    }
}
