import Foundation
import Synchronization

/// Many regions watched against a device's locations, with events on an `AsyncStream`: CoreLocation's
/// `CLMonitor` for Linux. A lock-protected ``RegionEngine`` (see it for the rule, crossings, dwell and
/// cost), optionally kept in a file by a ``RegionStore``.
///
/// ```swift
/// let monitor = try RegionMonitor(storage: URL(fileURLWithPath: "regions.json"))
/// try monitor.add(RegionCondition(id: "home", shape: .circle(center: home, checkedRadius: 80)))
/// let watching = monitor.watch(manager)      // consumes manager.updates() until cancelled
/// for await event in monitor.events { print(event.region, event.kind) }
/// ```
///
/// With storage, every change (an add, a remove, an update that reports events) is saved before its
/// events are delivered, so after a crash and a restart the monitor does not report again an enter
/// it reported: decided states come back without `initial` events. A change is appended to the
/// store's journal, O(regions it changed); the whole file (O(n)) is written only when the journal
/// has grown past it (at least 1 MiB), for a change to half the regions or more, or after a failed
/// write. Saving happens under the lock, so updates from several tasks stay in order.
public final class RegionMonitor: Sendable {
    public typealias Rule = RegionRule

    private struct State {
        var engine: RegionEngine
        var dropped = 0
        var storageError: RegionError?
        /// The stored snapshot's sequence, its size in bytes (nil when there is no file yet), and
        /// the journal's size after it.
        var sequence = 0
        var snapshotBytes: Int?
        var journalBytes = 0
        /// Whether the next change writes a whole snapshot (a write failed).
        var needsSnapshot = false
    }

    /// The journal size, bytes, below which no whole snapshot is written (1 MiB).
    static let smallestCompaction = 1 << 20

    private let state: Mutex<State>
    private let store: RegionStore?
    private let continuation: AsyncStream<RegionEvent>.Continuation
    /// The monitor's events in order, for one reader. It buffers the newest ``bufferLimit`` events
    /// for a slow reader and drops older ones (counted in ``droppedEvents``); it finishes at
    /// ``finish()`` or when the monitor is released.
    public let events: AsyncStream<RegionEvent>
    /// How many events the stream holds for a slow reader, 1...1,000,000.
    public let bufferLimit: Int

    /// The default ``bufferLimit``.
    public static let defaultBufferLimit = 10_000

    /// A monitor kept in memory only.
    /// - Parameters:
    ///   - rule: default ``RegionRule/uncertainty``.
    ///   - exitMargin: metres, 0...10,000; default 0.
    ///   - bufferLimit: events buffered for a slow reader, 0...1,000,000; default 10,000. With 0 the
    ///     stream is finished at once and events are only returned by `add(contentsOf:)` and
    ///     ``update(_:)`` (for a caller that handles them itself, as `lodestar monitor` does).
    /// - Throws: ``RegionError/exitMargin(_:)``, ``RegionError/bufferLimit(_:)``.
    public convenience init(rule: Rule = .uncertainty, exitMargin: Double = 0, bufferLimit: Int = defaultBufferLimit)
        throws(RegionError)
    {
        try self.init(engine: RegionEngine(rule: rule, exitMargin: exitMargin), store: nil, bufferLimit: bufferLimit)
    }

    /// A monitor kept in a file: its conditions and states are loaded from it when it exists
    /// (the rule and exit margin are the file's then), and saved to it on every change.
    /// - Throws: ``RegionError/storage(path:reason:)`` for a file that cannot be read or is not a
    ///   region file; the errors of ``init(rule:exitMargin:bufferLimit:)``.
    public convenience init(
        storage: URL, rule: Rule = .uncertainty, exitMargin: Double = 0,
        bufferLimit: Int = defaultBufferLimit
    ) throws(RegionError) {
        let store = RegionStore(url: storage)
        let opened = try store.openForAppending()
        let engine: RegionEngine
        if let snapshot = opened.snapshot {
            do { engine = try RegionEngine(snapshot: snapshot) } catch {
                if case .storage(_, let reason) = error { throw .storage(path: storage.path, reason: reason) }
                throw .storage(path: storage.path, reason: error.description)
            }
        } else {
            engine = try RegionEngine(rule: rule, exitMargin: exitMargin)
        }
        var state = State(engine: engine)
        if let snapshot = opened.snapshot {
            state.sequence = snapshot.sequence ?? 0
            state.snapshotBytes = opened.snapshotBytes
            state.journalBytes = opened.journalBytes
        }
        try self.init(state: state, store: store, bufferLimit: bufferLimit)
    }

    private convenience init(engine: RegionEngine, store: RegionStore?, bufferLimit: Int) throws(RegionError) {
        try self.init(state: State(engine: engine), store: store, bufferLimit: bufferLimit)
    }

    private init(state: State, store: RegionStore?, bufferLimit: Int) throws(RegionError) {
        guard (0...1_000_000).contains(bufferLimit) else { throw .bufferLimit(bufferLimit) }
        self.bufferLimit = bufferLimit
        self.store = store
        self.state = Mutex(state)
        (events, continuation) = AsyncStream.makeStream(
            of: RegionEvent.self, bufferingPolicy: .bufferingNewest(max(bufferLimit, 1)))
        if bufferLimit == 0 { continuation.finish() }
    }

    deinit {
        continuation.finish()
    }

    /// Ends ``events``.
    public func finish() {
        continuation.finish()
    }

    // MARK: Conditions and states

    /// The rule.
    public var rule: Rule { state.withLock { $0.engine.rule } }
    /// How many regions are watched.
    public var count: Int { state.withLock { $0.engine.count } }
    /// The identifiers watched, in no particular order.
    public var identifiers: [String] { state.withLock { $0.engine.identifiers } }
    /// The identifiers of the regions in `state`, in no particular order.
    public func identifiers(in regionState: RegionState) -> [String] {
        state.withLock { $0.engine.identifiers(in: regionState) }
    }
    /// How many regions are in `regionState`, with no identifier copied.
    public func count(in regionState: RegionState) -> Int {
        state.withLock { $0.engine.count(in: regionState) }
    }
    /// A region's condition, or nil.
    public func condition(_ id: String) -> RegionCondition? { state.withLock { $0.engine.condition(id) } }
    /// A region's state, or nil when no region has this identifier.
    public func state(of id: String) -> RegionState? { state.withLock { $0.engine.state(of: id) } }
    /// Events the stream dropped because its reader was slower than ``bufferLimit`` events.
    public var droppedEvents: Int { state.withLock { $0.dropped } }
    /// The last error saving to the storage file during ``watch(_:)``, or nil.
    public var storageError: RegionError? { state.withLock { $0.storageError } }

    /// Starts watching a region (replacing one of the same identifier); its ``RegionEvent/Kind/unknown``
    /// event goes to ``events``, and its state is decided at the next location.
    /// - Throws: ``RegionError/storage(path:reason:)`` when the file cannot be saved.
    @discardableResult
    public func add(_ condition: RegionCondition) throws(RegionError) -> RegionEvent {
        try add(contentsOf: [condition])[0]
    }

    /// Starts watching several regions, saving once; their events have one time.
    @discardableResult
    public func add(contentsOf conditions: [RegionCondition]) throws(RegionError) -> [RegionEvent] {
        try change(always: true) { engine in engine.add(contentsOf: conditions) }
    }

    /// Starts watching the regions of a collection (``RegionCollection/init(geoJSON:)``), saving
    /// once; their events have one time. A monitor with no regions adopts the collection's
    /// identifier table.
    @discardableResult
    public func add(contentsOf collection: RegionCollection) throws(RegionError) -> [RegionEvent] {
        try change(always: true) { engine in engine.add(contentsOf: collection) }
    }

    /// Stops watching a region. - Returns: whether there was one.
    @discardableResult
    public func remove(_ id: String) throws(RegionError) -> Bool {
        var removed = false
        _ = try change(always: true, removing: id) { engine in
            removed = engine.remove(id) != nil
            return []
        }
        return removed
    }

    // MARK: Locations

    /// Decides the regions for a location; the events go to ``events`` and are returned.
    /// - Throws: ``RegionError/storage(path:reason:)`` when the file cannot be saved (the events are
    ///   delivered all the same).
    @discardableResult
    public func update(_ location: Location) throws(RegionError) -> [RegionEvent] {
        try change(always: false) { engine in engine.update(location) }
    }

    /// Feeds the manager's locations (``LocationManager/updates(_:)``, which starts its source) in a
    /// task, until the task is cancelled or the manager's source finishes. A storage error does not
    /// stop it; it is kept in ``storageError``.
    @discardableResult
    public func watch(_ manager: LocationManager) -> Task<Void, Never> {
        Task { [self] in
            for await event in manager.updates(.location) {
                guard case .location(let location) = event else { continue }
                do throws(RegionError) { try update(location) } catch { state.withLock { $0.storageError = error } }
            }
        }
    }

    /// Applies a change to the engine under the lock, saves when it reported events or is an add or
    /// remove (of `removing`), and delivers its events in order.
    private func change(always: Bool, removing: String? = nil, _ body: (inout RegionEngine) -> [RegionEvent])
        throws(RegionError) -> [RegionEvent]
    {
        try state.withLock { (s) throws(RegionError) -> [RegionEvent] in
            let events = body(&s.engine)
            var failure: RegionError?
            if let store, always || !events.isEmpty {
                do throws(RegionError) { try save(&s, store, events, removing: removing) } catch {
                    s.needsSnapshot = true
                    failure = error
                }
            }
            if bufferLimit > 0 {
                for event in events {
                    if case .dropped = continuation.yield(event) { s.dropped += 1 }
                }
            }
            if let failure { throw failure }
            return events
        }
    }

    /// Stores a change: the regions its events name, and the one removed, as a journal record; or a
    /// whole snapshot when there is no file yet, the change touches half the regions or more, a
    /// write failed before, or the journal has outgrown the snapshot.
    private func save(_ s: inout State, _ store: RegionStore, _ events: [RegionEvent], removing: String?)
        throws(RegionError)
    {
        var ids: [String] = []
        var seen: Set<String> = []
        for event in events where seen.insert(event.region).inserted { ids.append(event.region) }
        let changes = ids.count + (removing == nil ? 0 : 1)
        if let bytes = s.snapshotBytes, !s.needsSnapshot, changes * 2 < s.engine.count {
            let record = RegionJournalRecord(
                sequence: s.sequence, lastTime: s.engine.lastTime, set: ids.compactMap { s.engine.entry($0) },
                removed: removing.map { [$0] } ?? [])
            s.journalBytes += try store.append(record)
            if s.journalBytes <= max(Self.smallestCompaction, bytes) { return }
        }
        var snapshot = s.engine.snapshot
        snapshot.sequence = s.sequence + 1
        s.snapshotBytes = try store.save(snapshot)
        s.sequence += 1
        s.journalBytes = 0
        s.needsSnapshot = false
    }
}
