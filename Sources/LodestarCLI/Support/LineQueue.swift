import Dispatch
import Foundation
import Synchronization

/// Lines for standard output, made and written by a thread of their own, so that a reader that
/// does not keep up (a full pipe, a stopped pager) never stalls the command nor makes it grow:
/// at most ``capacity`` items wait, and when more come the oldest waiting one is dropped and
/// counted. The newest lines are the ones worth showing on a live stream.
///
/// Items are turned into bytes on the writer thread, only when they are written, by a writer that
/// `makeWriter` makes there (it may keep state from one item to the next: the JSON encoders'
/// memos): a flood costs the command a copy per item, not a formatted line. A failed write (closed output,
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

        /// Moves every waiting item into `items` (empty), oldest first.
        mutating func takeAll(into items: inout [Item]) {
            for i in 0..<count {
                // Moved out, the slot left empty: no copy of the item (a fix is over 300 bytes).
                if let item = ring[(head + i) % ring.count].take() { items.append(item) }
            }
            head = 0
            count = 0
            inFlight = items.count
        }
    }

    /// Most items that wait to be written.
    let capacity: Int
    /// Makes, on the writer thread, what appends an item's bytes with its newline (none for an
    /// item without text).
    private let makeWriter: @Sendable () -> (Item, inout [UInt8]) -> Void
    private let state: Mutex<State>
    private let ready = DispatchSemaphore(value: 0)
    private let drained = DispatchSemaphore(value: 0)

    /// Starts the writer thread for file descriptor `fd`; `makeWriter` makes, on that thread,
    /// what appends an item's line and its newline to the bytes to write (nothing for none).
    init(fd: Int32 = 1, capacity: Int = 1_000, makeWriter: @escaping @Sendable () -> (Item, inout [UInt8]) -> Void) {
        self.capacity = max(capacity, 1)
        self.makeWriter = makeWriter
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
        let write = makeWriter()
        // Both kept from one round to the next: no allocation per item.
        var items: [Item] = []
        var bytes: [UInt8] = []
        while true {
            ready.wait()
            let closed = state.withLock { state in
                state.takeAll(into: &items)
                return state.closed
            }
            bytes.removeAll(keepingCapacity: true)
            for i in items.indices { write(items[i], &bytes) }
            items.removeAll(keepingCapacity: true)
            // A burst of a thousand SKYs leaves no megabytes behind.
            if items.capacity > 64 { items = [] }
            defer { if bytes.capacity > 1 << 16 { bytes = [] } }
            if !bytes.isEmpty, bytes.withUnsafeBytes({ StandardOutput.write(fd, $0) }) != 0 {
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
