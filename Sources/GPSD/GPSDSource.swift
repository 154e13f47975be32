import Foundation
import GNSS
import Synchronization

/// Live fixes from gpsd, through libgps.
///
/// ```swift
/// let source = GPSDSource(endpoint: try GPSDEndpoint(spec: "localhost:2947", environment: [:]))
/// for await event in source.events() {
///     if case .fix(let fix) = event, let c = fix.coordinate { print(c) }
/// }
/// ```
///
/// Each call to ``events()`` opens its own connection on a thread of its own (not a Task: a
/// blocking libgps read must not hold a thread of the cooperative pool) and watches gpsd with
/// `WATCH_ENABLE | WATCH_JSON`, adding `WATCH_NMEA` when recording or reading the magnetic
/// headings gpsd relays (the default). It reports:
/// - every TPV as a `GNSS/Fix`: receiver UTC time when gpsd has one, monotonic receive time,
///   gpsd's 95% error estimates with their confidence (see `GNSS/Confidence`);
/// - every ATT heading as a `GNSS/Fix` with only `GNSS/Fix/heading` and
///   `GNSS/Fix/monotonicTime` set (mode `.unknown`, no position): gpsd 3.22's ATT has no time;
/// - every relayed `HDG`/`HDM` magnetic heading the same way, unless
///   ``GPSDSourceOptions/magneticHeadingsFromNMEA`` is false: gpsd 3.22 relays these sentences
///   but reports no heading of them;
/// - its state: `.connecting`, `.connected` (at the first line gpsd sends), once per outage
///   `.refused` (gpsd not running or unreachable, or closing connections before sending anything)
///   or `.lost` (gpsd died or closed the connection, or sent a line too long to read), then
///   `.reconnecting(attempt:delay:)` before each retry, with capped exponential backoff
///   (``ReconnectBackoff``) that only a connection that delivers starts again; `.noData` and
///   `.noFix` after the timeouts of ``GPSDSourceOptions``;
/// - `.warning` for what it ignored: a report field out of range (the field is dropped; the whole
///   fix for an impossible position or mode; the time for an invalid one), a heading in raw units,
///   a line that is not a gpsd report, an ERROR from gpsd.
///
/// It never gives up: after a loss it retries until gpsd is back, then watches again.
/// Cancelling the task that iterates the stream (or dropping the stream) stops the source; the
/// reader thread closes the connection within ``GPSDSourceOptions/pollInterval``.
public struct GPSDSource: FixSource {
    /// Where gpsd is.
    public let endpoint: GPSDEndpoint
    /// Timeouts, backoff, recording.
    public let options: GPSDSourceOptions
    /// What the source's streams have reported so far, summed up: why there is no fix yet
    /// (``GPSDSourceStatus/explanation``). Shared by copies of this source and by its streams.
    public let status: GPSDSourceStatus

    /// - Parameters:
    ///   - endpoint: gpsd's address; by default `localhost:2947`.
    ///   - options: timeouts, backoff and recording.
    public init(endpoint: GPSDEndpoint = GPSDEndpoint(), options: GPSDSourceOptions = GPSDSourceOptions()) {
        self.endpoint = endpoint
        self.options = options
        self.status = GPSDSourceStatus(endpoint: endpoint)
    }

    /// `gpsd HOST:PORT[:DEVICE]`.
    public var name: String { "gpsd \(endpoint)" }

    /// Starts a reader thread and returns its events. The stream buffers without limit and never
    /// ends on its own: it ends when the consumer stops iterating (or drops it), which stops the
    /// reader thread.
    public func events() -> AsyncStream<FixSourceEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: FixSourceEvent.self, bufferingPolicy: .unbounded)
        let reader = GPSDReader(
            endpoint: endpoint, options: options, status: status,
            deliver: { event in
                continuation.yield(event)
                return true
            },
            finish: { continuation.finish() })
        continuation.onTermination = { _ in reader.stop() }
        Thread { reader.run() }.start()
        return stream
    }

    /// Starts a reader thread, as ``events()`` does, and calls `handle` with each event on that
    /// thread, in order, until `handle` returns false (it is not called again) or the calling
    /// task is cancelled; returns when the reader thread has closed the connection.
    ///
    /// For a consumer that does little with each event and hands its own output to another
    /// thread (`lodestar track`'s output queue): no stream between the reader thread and a task,
    /// whose hand-off cost `track --json` about 28,000 instructions an epoch, a yield and a
    /// resumed task per TPV and per SKY (issue 22). `handle` runs while the reader waits: it must
    /// not block.
    package func run(_ handle: @escaping @Sendable (FixSourceEvent) -> Bool) async {
        let run = HandlerRun(handle)
        let reader = GPSDReader(
            endpoint: endpoint, options: options, status: status, deliver: run.deliver, finish: run.finish)
        Thread { reader.run() }.start()
        await withTaskCancellationHandler {
            await withCheckedContinuation { run.whenFinished($0) }
        } onCancel: {
            reader.stop()
        }
    }
}

/// The state of one ``GPSDSource/run(_:)``: whether the handler still takes events, and the
/// waiter to resume when the reader thread ends.
private final class HandlerRun: Sendable {
    private let handle: @Sendable (FixSourceEvent) -> Bool
    private let taking = Atomic<Bool>(true)
    private let state = Mutex<(finished: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))

    init(_ handle: @escaping @Sendable (FixSourceEvent) -> Bool) {
        self.handle = handle
    }

    /// Hands an event to the handler while it takes them. False once it has declined one.
    @Sendable func deliver(_ event: FixSourceEvent) -> Bool {
        guard taking.load(ordering: .relaxed) else { return false }
        if handle(event) { return true }
        taking.store(false, ordering: .relaxed)
        return false
    }

    /// The reader thread has ended: resumes the waiter, or lets it go on at once.
    @Sendable func finish() {
        let waiter = state.withLock { s in
            s.finished = true
            defer { s.waiter = nil }
            return s.waiter
        }
        waiter?.resume()
    }

    func whenFinished(_ waiter: CheckedContinuation<Void, Never>) {
        let finished = state.withLock { s in
            if !s.finished { s.waiter = waiter }
            return s.finished
        }
        if finished { waiter.resume() }
    }
}
