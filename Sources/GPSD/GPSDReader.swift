import CGPSShim
import Dispatch
import Foundation
import GNSS
import LodestarInternals
import NMEA
import Synchronization

/// The body of one ``GPSDSource`` stream: connects, watches, reads and reconnects, on a thread of
/// its own, and hands what it reads to `deliver` (the stream's continuation, or the handler of
/// ``GPSDSource/run(_:)``).
///
/// Only the reader thread touches the libgps connection, from `lgps_open` to `lgps_close`:
/// ``stop()`` (called when the consumer goes away) only sets a flag and wakes a backoff wait; the
/// thread notices within one poll interval and closes the connection itself.
final class GPSDReader: Sendable {
    private let endpoint: GPSDEndpoint
    private let options: GPSDSourceOptions
    /// Takes each event, on the reader thread; false asks the reader to stop.
    private let deliver: @Sendable (FixSourceEvent) -> Bool
    /// Called once, on the reader thread, after the last event.
    private let finish: @Sendable () -> Void
    private let status: GPSDSourceStatus
    private let stopped = Atomic<Bool>(false)
    private let wakeUp = DispatchSemaphore(value: 0)

    init(
        endpoint: GPSDEndpoint, options: GPSDSourceOptions, status: GPSDSourceStatus,
        deliver: @escaping @Sendable (FixSourceEvent) -> Bool, finish: @escaping @Sendable () -> Void
    ) {
        self.endpoint = endpoint
        self.options = options
        self.status = status
        self.deliver = deliver
        self.finish = finish
    }

    /// Asks the reader thread to close the connection and end. Safe from any thread.
    func stop() {
        stopped.store(true, ordering: .sequentiallyConsistent)
        wakeUp.signal()
    }

    private var isStopped: Bool { stopped.load(ordering: .sequentiallyConsistent) }

    private func send(_ event: FixSourceEvent) {
        status.note(event)
        if !deliver(event) { stop() }
    }

    /// The thread's main loop. Returns when stopped.
    func run() {
        lgps_name_this_thread("lodestar gpsd")
        lgps_block_sigpipe_on_this_thread()
        var outage = ConnectionOutage()
        send(.state(.connecting))
        while !isStopped {
            var code: Int32 = 0
            let pollMicroseconds = Int32(clamping: Int64(options.pollInterval.seconds * 1e6))
            let ending: ConnectionEnding
            if let connection = lgps_open(endpoint.host, String(endpoint.port), pollMicroseconds, &code) {
                if lgps_watch(connection, options.watchesNMEA, endpoint.device) != 0 {
                    ending = .failed("gpsd did not take the WATCH request (\(String(cString: strerror(errno))))")
                } else {
                    ending = readUntilLostOrStopped(connection, pollMicroseconds: pollMicroseconds, outage: &outage)
                }
                lgps_close(connection)
            } else {
                ending = .failed(String(cString: lgps_error_string(code)))
            }
            guard case .failed(let reason, let resetsBackoff) = ending else { break }
            if let failure = outage.failed(reason, resetsBackoff: resetsBackoff) { send(.state(failure)) }
            if !waitBeforeRetry(outage.attempt) { break }
        }
        send(.state(.finished))
        finish()
    }

    /// How a connection ended.
    private enum ConnectionEnding {
        /// The source was stopped.
        case stopped
        /// gpsd could not be reached or the connection failed: why, and whether a later
        /// connection that delivers may start the backoff again.
        case failed(String, resetsBackoff: Bool = true)
    }

    /// Reports the coming attempt and sleeps its backoff delay. False when stopped meanwhile.
    private func waitBeforeRetry(_ attempt: Int) -> Bool {
        guard !isStopped else { return false }
        let delay = options.backoff.delay(forAttempt: attempt)
        send(.state(.reconnecting(attempt: attempt, delay: delay)))
        let nanoseconds = Int(clamping: Int64(delay.seconds * 1e9))
        _ = wakeUp.wait(timeout: .now() + .nanoseconds(nanoseconds))
        return !isStopped
    }

    /// Reads until gpsd goes away or the source is stopped. The first line of the connection ends
    /// an outage (`.connected`; after an oversized line, the first report); a connection closed
    /// before any line is a refusal, not a loss.
    private func readUntilLostOrStopped(
        _ connection: OpaquePointer, pollMicroseconds: Int32, outage: inout ConnectionOutage
    ) -> ConnectionEnding {
        var watchdog = SilenceWatchdog(start: MonotonicClock.now(), noData: options.noDataTimeout, noFix: options.noFixTimeout)
        var unread = UnreadLines()
        var errors = RelayedErrors()
        var report = lgps_report()
        while !isStopped {
            if lgps_waiting(connection, pollMicroseconds) {
                let n = lgps_read(connection, &report)
                if n == LGPS_READ_LINE_TOO_LONG {
                    return .failed(GPSDReader.lineTooLong, resetsBackoff: false)
                }
                if n < 0 {
                    // A reset is a close with our WATCH request unread (gpsd killed, or a peer
                    // that accepts and closes at once).
                    guard errno == 0 || errno == ECONNRESET || errno == EPIPE else {
                        return .failed(String(cString: strerror(errno)))
                    }
                    return .failed(
                        outage.lineSeen ? "gpsd closed the connection" : "gpsd closed the connection before sending anything")
                }
                if n > 0 {
                    let first = outage.lineArrived(isReport: report.kind != Int32(LGPS_KIND_OTHER.rawValue))
                    let resumed = watchdog.dataArrived(at: ReportMapping.receiveTime(report))
                    if first || resumed { send(.state(.connected)) }
                    handle(report, connection, &watchdog, &unread, &errors)
                }
            }
            for state in watchdog.check(now: MonotonicClock.now()) { send(.state(state)) }
        }
        return .stopped
    }

    /// Why a connection was closed after a line libgps could not hold.
    static let lineTooLong =
        "gpsd sent an oversized report (a line longer than the \(UnreadLines.libgpsLineLimit) bytes libgps can hold); closed the connection"

    private func handle(
        _ report: lgps_report, _ connection: OpaquePointer, _ watchdog: inout SilenceWatchdog, _ unread: inout UnreadLines,
        _ errors: inout RelayedErrors
    ) {
        let kind = lgps_kind(rawValue: UInt32(bitPattern: report.kind))
        if kind == LGPS_KIND_TPV || kind == LGPS_KIND_ATT, let line = lgps_line(connection), !UnreadLines.isWholeObject(line) {
            // libgps reports what it read of a broken object (a TPV cut short has a mode and no
            // position): none of it is trusted.
            if let warning = unread.malformed(line) { send(.warning(warning)) }
            return
        }
        switch kind {
        case LGPS_KIND_TPV:
            let (fix, problems) = ReportMapping.fix(fromTPV: report, line: lgps_line(connection))
            for problem in problems { send(.warning(problem)) }
            guard var fix else { break }
            if options.errorsFromGST { errors.apply(to: &fix) }
            if fix.hasPosition { watchdog.positionArrived(at: ReportMapping.receiveTime(report)) }
            send(.fix(fix))
        case LGPS_KIND_ATT:
            let (reading, problem) = ReportMapping.heading(fromATT: report)
            if let problem { send(.warning(problem)) }
            if let reading {
                send(.fix(Fix(monotonicTime: ReportMapping.receiveTime(report), heading: reading)))
            }
        case LGPS_KIND_NMEA:
            guard let line = lgps_line(connection) else { break }
            if let recorder = options.recorder, !recorder.record(String(cString: line)),
                recorder.writeFailures == 1
            {
                send(.warning("cannot write to the recording \(recorder.path): \(String(cString: strerror(errno)))"))
            }
            if options.magneticHeadingsFromNMEA { relayMagneticHeading(line, receivedAt: ReportMapping.receiveTime(report)) }
            if let handler = options.sentenceHandler { handler(SkyReport.trimmed(line)) }
            if options.errorsFromGST { errors.note(line) }
        case LGPS_KIND_SKY where options.reportsSatellites:
            // A SKY cut short is half-read by libgps: as before, it is passed over in silence.
            guard let line = lgps_line(connection), UnreadLines.isWholeObject(line) else { break }
            send(.fix(SkyReport.fix(from: report, connection, receivedAt: ReportMapping.receiveTime(report))))
        default:
            guard let line = lgps_line(connection), let warning = unread.note(line) else { break }
            send(.warning(warning))
        }
    }

    /// Reports the magnetic heading of a relayed `HDG`/`HDM` line as a heading-only fix; a line
    /// that fails to parse is reported as a warning (gpsd relays only sentences whose checksum
    /// holds, so this is a field out of range).
    private func relayMagneticHeading(_ line: UnsafePointer<CChar>, receivedAt time: Duration) {
        do throws(NMEAError) {
            if let reading = try RelayedHeading.reading(fromLine: line) {
                send(.fix(Fix(monotonicTime: time, heading: reading)))
            }
        } catch {
            send(.warning("ignored a heading sentence gpsd relayed: \(error): \(String(cString: line))"))
        }
    }
}
