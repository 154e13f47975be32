import Dispatch
import Foundation
import Synchronization

/// Lines for standard output, written by a thread of their own, so that a reader that does not
/// keep up (a full pipe, a stopped pager) never stalls the command nor makes it grow: at most
/// ``capacity`` lines wait, and when more come the oldest waiting line is dropped and counted.
/// The newest lines are the ones worth showing on a live stream.
///
/// A failed write (closed output, full disk) is recorded by ``StandardOutput`` and ends the
/// writing; later lines are dropped.
final class LineQueue: Sendable {
    private struct State {
        var waiting: [String] = []
        /// Lines taken by the writer and not yet written.
        var inFlight = 0
        var dropped = 0
        var closed = false
        var failed = false
    }

    /// Most lines that wait to be written.
    let capacity: Int
    private let state = Mutex(State())
    private let ready = DispatchSemaphore(value: 0)
    private let drained = DispatchSemaphore(value: 0)

    /// Starts the writer thread for file descriptor `fd`.
    init(fd: Int32 = 1, capacity: Int = 1_000) {
        self.capacity = max(capacity, 1)
        let thread = Thread { [self] in writeLoop(fd) }
        thread.name = "lodestar stdout"
        thread.start()
    }

    /// Adds a line (without its newline); never blocks.
    func append(_ line: String) {
        let added = state.withLock { state in
            guard !state.closed, !state.failed else { return false }
            if state.waiting.count >= capacity {
                state.waiting.removeFirst()
                state.dropped += 1
            }
            state.waiting.append(line)
            return true
        }
        if added { ready.signal() }
    }

    /// Lines dropped so far because the output did not keep up.
    var dropped: Int { state.withLock { $0.dropped } }

    /// Stops taking lines and waits up to `timeout` for the waiting ones to be written.
    /// - Returns: how many lines were not written: dropped, or still waiting at the timeout.
    func finish(timeout: Duration = .seconds(1)) -> Int {
        state.withLock { $0.closed = true }
        ready.signal()
        let nanoseconds = Int(timeout.components.seconds) * 1_000_000_000 + Int(timeout.components.attoseconds / 1_000_000_000)
        let done = drained.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success
        return state.withLock { $0.dropped + (done ? 0 : $0.waiting.count + $0.inFlight) }
    }

    private func writeLoop(_ fd: Int32) {
        while true {
            ready.wait()
            let (lines, closed) = state.withLock { state in
                defer { state.waiting.removeAll(keepingCapacity: true) }
                state.inFlight = state.waiting.count
                return (state.waiting, state.closed)
            }
            if !lines.isEmpty, StandardOutput.write(fd, lines.joined(separator: "\n") + "\n") != 0 {
                state.withLock { $0.failed = true }
                drained.signal()
                return
            }
            state.withLock { $0.inFlight = 0 }
            if closed, state.withLock({ $0.waiting.isEmpty }) {
                drained.signal()
                return
            }
        }
    }
}
