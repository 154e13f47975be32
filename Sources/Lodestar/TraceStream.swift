import Foundation
import GNSS
import NMEA
import Synchronization

/// The reader behind ``NMEATraceSource/events()``: a thread of its own opens the trace and decodes
/// one chunk each time the consumer has taken every event of the previous one, so a slow consumer
/// (a replay paced in real time) never makes it read ahead, and a file, a FIFO or standard input
/// that blocks never blocks a task of the cooperative pool.
///
/// The thread ends at the end of the trace, or within 100 ms of ``stop()`` (the consumer's task
/// cancelled) even while its input is silent.
final class TraceStream: Sendable {
    private struct State {
        var queue: [FixSourceEvent] = []
        var head = 0
        var ended = false
        var stopped = false
        var started = false
        /// The consumer waiting for the next chunk.
        var waiting: CheckedContinuation<Void, Never>?
    }

    private let input: NMEATraceSource.Input
    private let options: NMEADecoder.Options
    private let state = Mutex(State())
    /// Signalled for each chunk the consumer wants, and at ``stop()``.
    private let demand = DispatchSemaphore(value: 0)

    init(input: NMEATraceSource.Input, options: NMEADecoder.Options) {
        self.input = input
        self.options = options
    }

    /// The next event, or nil after ``GNSS/SourceState/finished`` (or once stopped).
    func next() async -> FixSourceEvent? {
        while true {
            let (event, ended, start): (FixSourceEvent?, Bool, Bool) = state.withLock { s in
                if s.head < s.queue.count {
                    defer { s.head += 1 }
                    return (s.queue[s.head], false, false)
                }
                defer { s.started = true }
                return (nil, s.ended || s.stopped, !s.started)
            }
            if let event { return event }
            if ended { return nil }
            if start { startThread() }
            await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { s in
                    if s.stopped || s.ended || s.head < s.queue.count { return true }
                    s.waiting = c
                    return false
                }
                if resumeNow { c.resume() } else { demand.signal() }
            }
        }
    }

    /// Stops the reader thread; a pending ``next()`` returns nil.
    func stop() {
        let waiting = state.withLock { s in
            s.stopped = true
            defer { s.waiting = nil }
            return s.waiting
        }
        demand.signal()
        waiting?.resume()
    }

    private func startThread() {
        let thread = Thread { [self] in readLoop() }
        thread.name = "lodestar trace"
        thread.start()
    }

    /// The reader thread: one chunk per demand, until the end of the trace or ``stop()``.
    private func readLoop() {
        let isStopped = { self.state.withLock { $0.stopped } }
        var reader: TraceReader?
        var opened = false
        var done = false
        while !done {
            demand.wait()
            if isStopped() { break }
            var batch: [FixSourceEvent] = []
            if !opened {
                opened = true
                do throws(TraceReader.Failure) {
                    reader = try TraceReader(input, options: options)
                    batch.append(.state(.connected))
                } catch {
                    batch += [.state(.refused(reason: error.reason)), .state(.finished)]
                    done = true
                }
            } else if let reader {
                do throws(TraceReader.Failure) {
                    while batch.isEmpty, !done {
                        if try !reader.next({ batch.append($0) }, stop: isStopped) {
                            batch.append(.state(.finished))
                            done = true
                        }
                        if isStopped() { break }
                    }
                } catch {
                    batch += [.state(.lost(reason: error.reason)), .state(.finished)]
                    done = true
                }
            }
            let waiting = state.withLock { s in
                s.queue = batch
                s.head = 0
                s.ended = done
                defer { s.waiting = nil }
                return s.waiting
            }
            waiting?.resume()
        }
        let waiting = state.withLock { s in
            s.ended = true
            defer { s.waiting = nil }
            return s.waiting
        }
        waiting?.resume()
    }
}
