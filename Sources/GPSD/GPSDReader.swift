import CGPSShim
import Dispatch
import Foundation
import GNSS
import LodestarInternals
import NMEA
import Synchronization

/// The body of one ``GPSDSource`` stream: connects, watches, reads and reconnects, on a thread of
/// its own, and hands what it reads to the stream's continuation.
///
/// Only the reader thread touches the libgps connection, from `lgps_open` to `lgps_close`:
/// ``stop()`` (called when the consumer goes away) only sets a flag and wakes a backoff wait; the
/// thread notices within one poll interval and closes the connection itself.
final class GPSDReader: Sendable {
    private let endpoint: GPSDEndpoint
    private let options: GPSDSourceOptions
    private let continuation: AsyncStream<FixSourceEvent>.Continuation
    private let stopped = Atomic<Bool>(false)
    private let wakeUp = DispatchSemaphore(value: 0)

    init(endpoint: GPSDEndpoint, options: GPSDSourceOptions, continuation: AsyncStream<FixSourceEvent>.Continuation) {
        self.endpoint = endpoint
        self.options = options
        self.continuation = continuation
    }

    /// Asks the reader thread to close the connection and end. Safe from any thread.
    func stop() {
        stopped.store(true, ordering: .sequentiallyConsistent)
        wakeUp.signal()
    }

    private var isStopped: Bool { stopped.load(ordering: .sequentiallyConsistent) }

    private func send(_ event: FixSourceEvent) { continuation.yield(event) }

    /// The thread's main loop. Returns when stopped.
    func run() {
        lgps_name_this_thread("lodestar gpsd")
        lgps_block_sigpipe_on_this_thread()
        var attempt = 0
        send(.state(.connecting))
        while !isStopped {
            var code: Int32 = 0
            let pollMicroseconds = Int32(clamping: Int64(options.pollInterval.seconds * 1e6))
            guard let connection = lgps_open(endpoint.host, String(endpoint.port), pollMicroseconds, &code) else {
                send(.state(.refused(reason: String(cString: lgps_error_string(code)))))
                attempt += 1
                if waitBeforeRetry(attempt) { continue } else { break }
            }
            let lostReason: String?
            if lgps_watch(connection, options.watchesNMEA, endpoint.device) != 0 {
                lostReason = "gpsd did not take the WATCH request (\(String(cString: strerror(errno))))"
            } else {
                send(.state(.connected))
                attempt = 0
                lostReason = readUntilLostOrStopped(connection, pollMicroseconds: pollMicroseconds)
            }
            lgps_close(connection)
            guard let lostReason else { break }
            send(.state(.lost(reason: lostReason)))
            attempt += 1
            if !waitBeforeRetry(attempt) { break }
        }
        send(.state(.finished))
        continuation.finish()
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

    /// Reads until gpsd goes away (returns why) or the source is stopped (returns nil).
    private func readUntilLostOrStopped(_ connection: OpaquePointer, pollMicroseconds: Int32) -> String? {
        var watchdog = SilenceWatchdog(start: MonotonicClock.now(), noData: options.noDataTimeout, noFix: options.noFixTimeout)
        var report = lgps_report()
        while !isStopped {
            if lgps_waiting(connection, pollMicroseconds) {
                let n = lgps_read(connection, &report)
                if n < 0 {
                    return errno == 0 ? "gpsd closed the connection" : String(cString: strerror(errno))
                }
                if n > 0 {
                    if watchdog.dataArrived(at: ReportMapping.receiveTime(report)) { send(.state(.connected)) }
                    handle(report, connection, &watchdog)
                }
            }
            for state in watchdog.check(now: MonotonicClock.now()) { send(.state(state)) }
        }
        return nil
    }

    private func handle(_ report: lgps_report, _ connection: OpaquePointer, _ watchdog: inout SilenceWatchdog) {
        switch lgps_kind(rawValue: UInt32(bitPattern: report.kind)) {
        case LGPS_KIND_TPV:
            let (fix, problem) = ReportMapping.fix(fromTPV: report)
            if let problem { send(.warning(problem)) }
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
        default:
            break
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
