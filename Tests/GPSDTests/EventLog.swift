import Foundation
import GNSS
import GPSD
import Synchronization
import TestSupport

/// Consumes a source's events in a task of its own and keeps them, stamped with the monotonic
/// time the consumer received them, for a test to wait on and inspect.
final class EventLog: Sendable {
    struct Entry: Sendable {
        let event: FixSourceEvent
        /// MonotonicClock reading when the consumer received the event.
        let received: Duration
    }

    private let storage = Mutex<[Entry]>([])
    private let consumer = Mutex<Task<Void, Never>?>(nil)

    init(_ source: GPSDSource) {
        let task = Task.detached { [self] in
            for await event in source.events() {
                let now = MonotonicClock.now()
                storage.withLock { $0.append(Entry(event: event, received: now)) }
            }
        }
        consumer.withLock { $0 = task }
    }

    var entries: [Entry] { storage.withLock { $0 } }
    var events: [FixSourceEvent] { entries.map(\.event) }
    var fixes: [Fix] { events.compactMap { if case .fix(let f) = $0 { f } else { nil } } }
    var states: [SourceState] { events.compactMap { if case .state(let s) = $0 { s } else { nil } } }
    /// Fixes from TPV reports (ATT heading readings left out).
    var tpvFixes: [Fix] { fixes.filter { $0.mode != .unknown } }

    /// Polls every 20 ms until `condition` holds for the events so far; false on timeout.
    func wait(upTo timeout: Duration, until condition: ([FixSourceEvent]) -> Bool) async -> Bool {
        await waitUntil(upTo: timeout) { condition(events) }
    }

    /// Cancels the consumer (which makes the reader thread close its connection) and waits for it.
    func stop() async {
        let task = consumer.withLock { $0 }
        task?.cancel()
        await task?.value
    }
}
