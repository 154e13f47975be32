import Dispatch
import Foundation
import Synchronization

/// Lines for standard output, made and written by a thread of their own, so that a reader that
/// does not keep up (a full pipe, a stopped pager) never stalls the command nor makes it grow:
/// at most ``capacity`` items wait, and when more come the oldest waiting one is dropped and
/// counted. The newest lines are the ones worth showing on a live stream.
///
/// Items are turned into text by `render` on the writer thread, only when they are written: a
/// flood costs the command a copy per item, not a formatted line. A failed write (closed output,
/// full disk) is recorded by ``StandardOutput`` and ends the writing; later items are dropped.
final class LineQueue<Item: Sendable>: Sendable {
    private struct State: ~Copyable {
        /// A ring of ``capacity`` slots: `count` items from `head` on.
        var ring: [Item?]
        var head = 0
        var count = 0
        /// Items taken by the writer and not yet written.
        var inFlight = 0
        var dropped = 0
        var closed = false
        var failed = false

        /// Takes every waiting item, oldest first.
        mutating func takeAll() -> [Item] {
            var items: [Item] = []
            items.reserveCapacity(count)
            for i in 0..<count {
                let slot = (head + i) % ring.count
                if let item = ring[slot] { items.append(item) }
                ring[slot] = nil
            }
            head = 0
            count = 0
            inFlight = items.count
            return items
        }
    }

    /// Most items that wait to be written.
    let capacity: Int
    private let render: @Sendable (Item) -> String?
    private let state: Mutex<State>
    private let ready = DispatchSemaphore(value: 0)
    private let drained = DispatchSemaphore(value: 0)

    /// Starts the writer thread for file descriptor `fd`; `render` makes an item's line (without
    /// its newline), nil for none.
    init(fd: Int32 = 1, capacity: Int = 1_000, render: @escaping @Sendable (Item) -> String?) {
        self.capacity = max(capacity, 1)
        self.render = render
        state = Mutex(State(ring: Array(repeating: nil, count: max(capacity, 1))))
        let thread = Thread { [self] in writeLoop(fd) }
        thread.name = "lodestar stdout"
        thread.start()
    }

    /// Adds an item; never blocks.
    func append(_ item: Item) {
        let added = state.withLock { state in
            guard !state.closed, !state.failed else { return false }
            if state.count == state.ring.count {
                state.ring[state.head] = nil
                state.head = (state.head + 1) % state.ring.count
                state.count -= 1
                state.dropped += 1
            }
            state.ring[(state.head + state.count) % state.ring.count] = item
            state.count += 1
            return true
        }
        if added { ready.signal() }
    }

    /// Items dropped so far because the output did not keep up.
    var dropped: Int { state.withLock { $0.dropped } }

    /// Stops taking items and waits up to `timeout` for the waiting ones to be written.
    /// - Returns: how many items were not written: dropped, or still waiting at the timeout.
    func finish(timeout: Duration = .seconds(1)) -> Int {
        state.withLock { $0.closed = true }
        ready.signal()
        let milliseconds = Int(timeout.components.seconds) * 1_000 + Int(timeout.components.attoseconds / 1_000_000_000_000_000)
        let done = drained.wait(timeout: .now() + .milliseconds(milliseconds)) == .success
        return state.withLock { $0.dropped + (done ? 0 : $0.count + $0.inFlight) }
    }

    private func writeLoop(_ fd: Int32) {
        while true {
            ready.wait()
            let (items, closed) = state.withLock { state in (state.takeAll(), state.closed) }
            let text = items.compactMap(render).map { $0 + "\n" }.joined()
            if !text.isEmpty, StandardOutput.write(fd, text) != 0 {
                state.withLock { $0.failed = true }
                drained.signal()
                return
            }
            let empty = state.withLock { state in
                state.inFlight = 0
                return state.count == 0
            }
            if closed, empty {
                drained.signal()
                return
            }
        }
    }
}
