import Foundation
import GNSS
import GPSD
import LodestarInternals
import Synchronization

/// Consumes a source's events in a task of its own and keeps them, stamped with the monotonic
/// time the consumer received them, for a test to wait on and inspect.
public final class EventLog: Sendable {
    public struct Entry: Sendable {
        public let event: FixSourceEvent
        /// MonotonicClock reading when the consumer received the event.
        public let received: Duration
    }

    private let storage = Mutex<[Entry]>([])
    private let consumer = Mutex<Task<Void, Never>?>(nil)

    public init(_ source: GPSDSource) {
        let task = Task.detached { [self] in
            for await event in source.events() {
                let now = MonotonicClock.now()
                storage.withLock { $0.append(Entry(event: event, received: now)) }
            }
        }
        consumer.withLock { $0 = task }
    }

    public var entries: [Entry] { storage.withLock { $0 } }
    public var events: [FixSourceEvent] { entries.map(\.event) }
    public var fixes: [Fix] { events.compactMap { if case .fix(let f) = $0 { f } else { nil } } }
    public var states: [SourceState] { events.compactMap { if case .state(let s) = $0 { s } else { nil } } }
    /// Fixes from TPV reports (ATT heading readings left out).
    public var tpvFixes: [Fix] { fixes.filter { $0.mode != .unknown } }

    /// Polls every 20 ms until `condition` holds for the events so far; false on timeout.
    public func wait(upTo timeout: Duration, until condition: ([FixSourceEvent]) -> Bool) async -> Bool {
        await waitUntil(upTo: timeout) { condition(events) }
    }

    /// Cancels the consumer (which makes the reader thread close its connection) and waits for it.
    public func stop() async {
        let task = consumer.withLock { $0 }
        task?.cancel()
        await task?.value
    }
}
