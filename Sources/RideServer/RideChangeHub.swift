import Foundation
import RideBooking
import ServiceLifecycle
import Synchronization

/// The server's one follower of the store's ride changes (`RideBackend.followRideChanges`),
/// passing each on to the event streams that watch that ride, and the heartbeat tick every
/// stream shares. N open streams cost no query of their own: a stream reads its ride only when
/// its ride has changed (or the feed has reconnected), and a heartbeat repeats what it sent.
///
/// It runs as a service beside the HTTP server; a stream opened while it is not running (a
/// router tested on its own) still gets its heartbeats from its first subscription on, since
/// the hub then starts its own follower.
final class RideChangeHub: Service, Sendable {
    /// What a watcher is woken for.
    enum Signal: Sendable {
        /// Its ride changed, or may have: read it.
        case changed
        /// Nothing happened for a heartbeat interval: say so.
        case heartbeat
    }

    private let store: any RideBackend
    private let pollInterval: Duration
    private let heartbeatInterval: Duration
    /// The status answers to drop when their ride changes.
    private let statuses: StatusCache?
    private struct State {
        var watchers: [String: [UInt64: AsyncStream<Signal>.Continuation]] = [:]
        var next: UInt64 = 0
        var running = false
        var follower: Task<Void, Never>?
    }
    private let state = Mutex(State())

    /// - Parameters:
    ///   - store: the store whose changes are followed.
    ///   - pollInterval: how often an SQLite store's event log is read, 0.01...5 s.
    ///   - heartbeatInterval: the tick of every stream's heartbeat.
    ///   - statuses: status answers to drop when their ride changes.
    init(store: any RideBackend, pollInterval: Duration, heartbeatInterval: Duration, statuses: StatusCache? = nil) {
        self.store = store
        self.statuses = statuses
        self.pollInterval = pollInterval
        self.heartbeatInterval = heartbeatInterval
    }

    /// Follows the store and ticks until the service group shuts down; then ends every stream's
    /// subscription.
    func run() async throws {
        state.withLock { $0.running = true }
        // Cancelled at the graceful shutdown: the follower and the tick end with it.
        await withGracefulShutdownHandler {
            await cancelWhenGracefulShutdown { await self.follow() }
        } onGracefulShutdown: {
            self.finishAll()
        }
        finishAll()
    }

    /// The signals for `rideIdentifier`, until `cancel(_:id:)` or shutdown.
    func watch(_ rideIdentifier: String) -> (id: UInt64, signals: AsyncStream<Signal>) {
        let (signals, continuation) = AsyncStream.makeStream(of: Signal.self, bufferingPolicy: .bufferingNewest(2))
        let (id, start) = state.withLock { state -> (UInt64, Bool) in
            state.next += 1
            state.watchers[rideIdentifier, default: [:]][state.next] = continuation
            let start = !state.running && state.follower == nil
            return (state.next, start)
        }
        if start {
            let follower = Task { await self.follow() }
            state.withLock { $0.follower = follower }
        }
        return (id, signals)
    }

    /// Ends one subscription; the follower the hub started itself stops with the last.
    func cancel(_ rideIdentifier: String, id: UInt64) {
        let (continuation, idle) = state.withLock { state -> (AsyncStream<Signal>.Continuation?, Task<Void, Never>?) in
            let removed = state.watchers[rideIdentifier]?.removeValue(forKey: id)
            if state.watchers[rideIdentifier]?.isEmpty == true { state.watchers[rideIdentifier] = nil }
            guard state.watchers.isEmpty, let follower = state.follower else { return (removed, nil) }
            state.follower = nil
            return (removed, follower)
        }
        idle?.cancel()
        continuation?.finish()
    }

    /// The number of streams watching, for tests and metrics.
    var watcherCount: Int { state.withLock { $0.watchers.values.reduce(0) { $0 + $1.count } } }

    private func follow() async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                await self.store.followRideChanges(every: self.pollInterval) { change in self.changed(change) }
            }
            group.addTask {
                while !Task.isCancelled {
                    try? await Task.sleep(for: self.heartbeatInterval)
                    self.signal(nil, .heartbeat)
                }
            }
            await group.next()
            group.cancelAll()
        }
    }

    private func changed(_ change: RideChange) {
        switch change {
        case .ride(let identifier):
            statuses?.evict([identifier])
            signal(identifier, .changed)
        case .any:
            statuses?.evictAll()
            signal(nil, .changed)
        }
    }

    /// Wakes the watchers of one ride, or of every ride for nil.
    private func signal(_ rideIdentifier: String?, _ signal: Signal) {
        let continuations = state.withLock { state -> [AsyncStream<Signal>.Continuation] in
            if let rideIdentifier { return state.watchers[rideIdentifier].map { Array($0.values) } ?? [] }
            return state.watchers.values.flatMap(\.values)
        }
        for continuation in continuations { continuation.yield(signal) }
    }

    private func finishAll() {
        let (continuations, follower) = state.withLock { state -> ([AsyncStream<Signal>.Continuation], Task<Void, Never>?) in
            defer {
                state.watchers = [:]
                state.follower = nil
            }
            return (state.watchers.values.flatMap(\.values), state.follower)
        }
        follower?.cancel()
        for continuation in continuations { continuation.finish() }
    }
}
