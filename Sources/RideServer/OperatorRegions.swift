import Foundation
import Lodestar
import RideBooking
import Synchronization

/// The operator's own regions (`POST /regions`) and the vehicles' crossings of them
/// (`GET /regions/events`): one `RegionEngine` per vehicle that has reported, each watching every
/// operator region, fed by the positions the vehicles report. The rule is the library's (the 68%
/// circle wholly inside to enter, wholly outside to leave; crossings between two reports
/// interpolated); only `enter`, `exit` and `dwell` are published, not the first decided states.
///
/// Held in this server's memory: regions posted to one server, and the events of the vehicles
/// that report to it. Bounds: ``maximumRegions`` regions, ``maximumVehicles`` vehicles watched,
/// ``maximumSubscribers`` streams, each buffering its newest ``subscriberBuffer`` events.
public final class OperatorRegions: Sendable {
    /// One event for the stream: which vehicle, and what it did.
    public struct Crossing: Sendable, Equatable {
        public var vehicleIdentifier: String
        public var event: RegionEvent
    }

    /// At most this many regions, 10,000.
    public static let maximumRegions = 10_000
    /// At most this many vehicles' engines, 100,000; beyond it, new vehicles are not watched.
    public static let maximumVehicles = 100_000
    /// At most this many open streams, 64.
    public static let maximumSubscribers = 64
    /// Events buffered per stream for a slow reader, newest kept.
    public static let subscriberBuffer = 1_000

    private struct State {
        var conditions: [String: RegionCondition] = [:]
        var engines: [String: RegionEngine] = [:]
        var subscribers: [Int: AsyncStream<Crossing>.Continuation] = [:]
        var nextSubscriber = 0
    }

    private let state = Mutex(State())

    public init() {}

    /// The regions, sorted by identifier.
    public var conditions: [RegionCondition] {
        state.withLock { $0.conditions.values.sorted { $0.id < $1.id } }
    }

    /// Adds regions, replacing those with the same identifiers (their states start anew).
    /// - Returns: how many regions there are now.
    /// - Throws: `RegionError/geoJSON(_:)` when the total would pass ``maximumRegions``.
    public func add(_ conditions: [RegionCondition]) throws(RegionError) -> Int {
        try state.withLock { (s) throws(RegionError) -> Int in
            let new = Set(conditions.map(\.id)).subtracting(s.conditions.keys).count
            guard s.conditions.count + new <= Self.maximumRegions else {
                throw .geoJSON("\(s.conditions.count + new) regions, more than the limit of \(Self.maximumRegions)")
            }
            for c in conditions {
                s.conditions[c.id] = c
                for id in s.engines.keys { s.engines[id]?.add(c) }
            }
            return s.conditions.count
        }
    }

    /// Removes a region. - Returns: whether there was one.
    public func remove(_ id: String) -> Bool {
        state.withLock { s in
            guard s.conditions.removeValue(forKey: id) != nil else { return false }
            for vehicle in s.engines.keys { s.engines[vehicle]?.remove(id) }
            return true
        }
    }

    /// Decides the regions for reported positions, in order, and publishes the crossings.
    /// - Returns: the crossings published.
    @discardableResult
    public func observe(_ positions: [ReportedPosition]) -> [Crossing] {
        state.withLock { s in
            guard !s.conditions.isEmpty else { return [] }
            var published: [Crossing] = []
            for p in positions {
                if s.engines[p.vehicleIdentifier] == nil {
                    guard s.engines.count < Self.maximumVehicles, var engine = try? RegionEngine() else { continue }
                    for c in s.conditions.values { engine.add(c) }
                    s.engines[p.vehicleIdentifier] = engine
                }
                guard let events = s.engines[p.vehicleIdentifier]?.update(p.location) else { continue }
                for e in events where !e.initial && e.kind != .unknown {
                    let crossing = Crossing(vehicleIdentifier: p.vehicleIdentifier, event: e)
                    published.append(crossing)
                    for c in s.subscribers.values { c.yield(crossing) }
                }
            }
            return published
        }
    }

    /// A stream of the crossings from now on, or nil when ``maximumSubscribers`` are open. The
    /// stream ends when `cancel` is called.
    public func subscribe() -> (stream: AsyncStream<Crossing>, cancel: @Sendable () -> Void)? {
        state.withLock { s in
            guard s.subscribers.count < Self.maximumSubscribers else { return nil }
            let (stream, continuation) = AsyncStream.makeStream(
                of: Crossing.self, bufferingPolicy: .bufferingNewest(Self.subscriberBuffer))
            let key = s.nextSubscriber
            s.nextSubscriber += 1
            s.subscribers[key] = continuation
            let cancel: @Sendable () -> Void = { [weak self] in
                self?.state.withLock { _ = $0.subscribers.removeValue(forKey: key) }
                continuation.finish()
            }
            continuation.onTermination = { _ in cancel() }
            return (stream, cancel)
        }
    }

    /// How many streams are open.
    public var subscriberCount: Int { state.withLock { $0.subscribers.count } }
}
