import ArgumentParser
import Dispatch
import Foundation
import GNSS
import GPSD
import Lodestar
import LodestarInternals
import Synchronization

/// `lodestar track`: live fixes from gpsd, one line per fix, until Ctrl-C.
struct TrackCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "track",
        abstract: "Print live fixes from gpsd, one line per fix, until Ctrl-C, -n or --duration.",
        discussion: """
            Each line is the fix line 'lodestar replay' writes (docs/cli.md, "The fix line"): the \
            receiver's UTC time, 2D/3D, latitude and longitude in signed degrees, altitude, speed, \
            course over ground, the heading of a heading sensor, the horizontal accuracy (radius \
            of the 68% circle: the receiver's GST one-sigma figures of the same time when it sends \
            GST, read from the relayed NMEA, as replay does; else gpsd's 95% figures halved) and \
            the satellites used. The \
            heading is the one of the fix's own epoch: true (gpsd's ATT), or magnetic with its \
            variation (a compass's HDG or HDM, which gpsd relays but does not report; track reads \
            them from the relayed NMEA); once a heading sensor has reported, each line waits for \
            the heading that follows its fix, or for the next fix. One line per fix time: once \
            gpsd repeats a time (it reports on every sentence when it cannot find the end of a \
            receiver's cycle, as with a 10 Hz compass), the reports of a time are merged into one \
            line, written when the next time comes, with the newest position of its time. \
            --satellites adds gpsd's satellite views (SKY) with the DOPs; --json prints gpsd's \
            TPV, ATT and SKY objects; --nmea the raw sentences, as gpspipe -r. -n N stops after \
            N records and --duration S after S seconds, as gpspipe's -n and -x. \
            Messages about the connection (waiting for gpsd, waiting for a fix, connection lost, \
            reconnected) go to standard error; the fix lines alone go to standard output. \
            gpsd is localhost:2947 unless --gpsd or GPSD_HOST / GPSD_PORT say otherwise. \
            When gpsd goes away, track says so once and reconnects when it is back. \
            Ctrl-C (or SIGTERM) ends it with a summary. When standard output does not keep up \
            (a stalled pipe), at most 1000 lines wait: the oldest are dropped and the summary \
            counts them; when it fails (closed, full), track ends with status 1. \
            Like gpspipe, track shows the receiver's view; with --fusion it prints the fused \
            locations instead (see docs/fusion.md), each text line ending "fused", or "dead \
            reckoning" through an outage (gpsd TPV "status":5 in --json) for as long as the filter \
            dead-reckons. --activity sets the motion profile.
            """)

    @Option(
        name: .customLong("gpsd"),
        help: ArgumentHelp(
            "Where gpsd is: HOST[:PORT[:DEVICE]]; an IPv6 address alone (::1) or in brackets with a port ([::1]:2947).",
            valueName: "host[:port[:device]]"))
    var gpsd: String?

    @Flag(
        help:
            "Print gpsd-compatible JSON instead: one TPV object per fix, one ATT object per true heading (gpsd 3.22's ATT has no magnetic heading), and gpsd's SKY objects (satellites and DOPs)."
    )
    var json = false

    @Flag(help: "Print the raw NMEA sentences gpsd relays instead, one per line, as gpspipe -r does.")
    var nmea = false

    @Flag(
        help:
            "Also print gpsd's satellite views: a line with the counts and the DOPs, then PRN, elevation, azimuth, SNR and 'used' for each satellite."
    )
    var satellites = false

    @Option(
        name: [.customShort("n"), .customLong("count")],
        help: ArgumentHelp(
            "Stop after this many records (fix lines, satellite views, JSON objects or NMEA sentences), as gpspipe -n.",
            valueName: "N"))
    var count: Int?

    @Option(help: ArgumentHelp("Stop after this many seconds, as gpspipe -x.", valueName: "seconds"))
    var duration: Double?

    @Option(help: ArgumentHelp("Copy the raw NMEA sentences gpsd relays into this file (CR LF lines).", valueName: "file"))
    var record: String?

    @OptionGroup var fusionOptions: FusionOptions

    /// -n/--count: 1 to 10⁹ records.
    static let countRange = OptionRange("--count", 1...1_000_000_000, unit: "records")
    /// --duration: 1 ms to 10⁹ s (about 32 years).
    static let durationRange = OptionRange("--duration", 0.001...1_000_000_000, unit: "seconds")

    func validate() throws {
        if fusionOptions.fusion, nmea { throw ValidationError("--fusion goes with the fix lines or --json, not --nmea.") }
        _ = try GPSDAddress.endpoint(gpsd)
        if record?.isEmpty == true { throw ValidationError("--record needs a file name") }
        if json && nmea { throw ValidationError("--json and --nmea cannot be used together.") }
        if satellites && (json || nmea) {
            throw ValidationError("--satellites goes with the text output (--json always has gpsd's SKY objects).")
        }
        try Self.countRange.check(count)
        try Self.durationRange.check(duration)
    }

    func run() async throws {
        let endpoint: GPSDEndpoint
        let recorder: NMEARecorder?
        let fusion: Fusion
        do {
            fusion = try fusionOptions.setting()
            endpoint = try GPSDAddress.endpoint(gpsd)
            recorder = try record.map { path throws(NMEARecorderError) in try NMEARecorder(path: path) }
        } catch {
            Diagnostics.error("\(error)")
            throw ExitCode.failure
        }
        let mode: TrackPrinter.Mode = json ? .json : nmea ? .nmea : .text
        let output = LineQueue<TrackOutput> {
            var writer = TrackOutput.Writer()
            return { writer.append($0, to: &$1) }
        }
        let stop = TrackStop()
        let sentences = nmea ? SentenceCount(limit: count, output: output, stop: stop) : nil
        var handler: (@Sendable (String) -> Void)? = nil
        if let sentences { handler = { sentences.print($0) } }
        // The text line gives the receiver's GST errors, as replay does; --json stays gpsd's TPV.
        let options = GPSDSourceOptions(
            recorder: recorder, sentenceHandler: handler, reportsSatellites: json || satellites, errorsFromGST: mode == .text)
        let source = GPSDSource(endpoint: endpoint, options: options)
        let started = MonotonicClock.now()
        let (satellites, limit) = (self.satellites, nmea ? nil : count)
        let tracking = Task { () -> TrackPrinter in
            let printer = SharedPrinter(
                TrackPrinter(
                    endpoint: endpoint, mode: mode, satellites: satellites, limit: limit, fusion: fusion, output: output))
            // Each event is printed on the source's reader thread, as it is read: the printer
            // only queues its output (the LineQueue writes it on a thread of its own), and no
            // stream hands each event to this task (issue 22). Cancelling this task (Ctrl-C,
            // SIGTERM, --duration, --nmea's -n) stops the reader.
            await source.run { event in
                printer.state.withLock { printer in
                    printer.handle(event)
                    return !(StandardOutput.hasFailed || printer.isDone)
                }
            }
            return printer.state.withLock { printer in
                printer.releasePending()
                return printer
            }
        }
        stop.set(tracking)
        var timer: Task<Void, Never>? = nil
        if let seconds = duration, let limit = Duration(checkedSeconds: seconds) {
            timer = Task {
                try? await Task.sleep(for: limit)
                tracking.cancel()
            }
        }
        let printer = await SignalCancellation.value(of: tracking)
        timer?.cancel()
        // The reader thread may still read a sentence before it notices the end: close the
        // recording first, so that the summary counts the lines the file holds.
        recorder?.close()
        let unwritten = output.finish()
        printer.printSummary(
            elapsed: MonotonicClock.now() - started, recorder: recorder, unwritten: unwritten,
            sentences: sentences?.printed ?? 0)
    }
}

/// The printer of `lodestar track`, used on the source's reader thread and read at the end by the
/// command's task.
private final class SharedPrinter: Sendable {
    let state: Mutex<TrackPrinter>

    init(_ printer: TrackPrinter) {
        state = Mutex(printer)
    }
}
