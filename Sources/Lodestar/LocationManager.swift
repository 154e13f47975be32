import Foundation
import GNSS
import Synchronization

/// A CoreLocation-like location manager over one ``FixSource``: gpsd, an NMEA trace, or a source
/// of your own.
///
/// The manager applies its ``configuration`` (the rules: desiredAccuracy, distanceFilter,
/// headingFilter, maximumFixAge, arrival) to every fix with a ``LocationEngine`` and delivers the
/// results as ``LocationEvent``s, both on ``events()`` and to a ``delegate``. A trace is paced by its
/// own timestamps on a ``ReplayClock``: real time, N× or a virtual clock that never sleeps.
///
/// ```swift
/// let manager = LocationManager(source: trace, clock: .virtual)
/// manager.configuration.desiredAccuracy = .nearestTenMeters
/// let events = manager.events()          // subscribe first
/// manager.startUpdatingLocation()
/// for await event in events { ... }      // ends when the source finishes
/// ```
///
/// The source runs while anything wants it (location updates, heading updates, or a pending
/// ``requestLocation(timeout:)``). When the source finishes, every event stream finishes.
public final class LocationManager: Sendable {
    /// The source's name.
    public let sourceName: String
    /// How fixes are paced.
    public let clock: ReplayClock
    private let source: any FixSource
    /// The path of an ``NMEATraceSource``: its refusals are ``LocationError/traceUnreadable(path:reason:)``.
    private let tracePath: String?
    private let state: Mutex<State>

    private struct Request {
        var continuation: CheckedContinuation<Result<Location, LocationError>, Never>
        var timeout: Double
        var deadline: Date?
    }

    private struct State {
        var engine: LocationEngine
        var subscribers: [Int: AsyncStream<LocationEvent>.Continuation] = [:]
        var batchSubscribers: [Int: AsyncStream<[LocationEvent]>.Continuation] = [:]
        var requests: [Int: Request] = [:]
        var nextID = 0
        var task: Task<Void, Never>?
        var finished = false
        var wantsLocation = false
        var wantsHeading = false
        weak var delegate: (any LocationManagerDelegate)?
    }

    /// - Parameters:
    ///   - source: where fixes come from.
    ///   - clock: `.live` for a receiver; `.realTime`, `.speed(n)` or `.virtual` for a replay.
    ///   - configuration: the rules; default: every valid fix, heading filter 1°.
    public init(source: some FixSource, clock: ReplayClock = .live,
                configuration: LocationConfiguration = LocationConfiguration()) {
        self.source = source
        self.sourceName = source.name
        self.tracePath = (source as? NMEATraceSource)?.path
        self.clock = clock
        var engine = LocationEngine(
            configuration: configuration, sourceName: source.name, provenance: clock == .live ? .live : .replayed)
        engine.updatingLocation = false
        engine.updatingHeading = false
        state = Mutex(State(engine: engine))
    }

    // MARK: Configuration

    /// The rules. Changes apply from the next fix.
    public var configuration: LocationConfiguration {
        get { state.withLock { $0.engine.configuration } }
        set { state.withLock { $0.engine.configuration = newValue } }
    }
    /// Shorthand for `configuration.desiredAccuracy`.
    public var desiredAccuracy: DesiredAccuracy {
        get { configuration.desiredAccuracy }
        set { state.withLock { $0.engine.configuration.desiredAccuracy = newValue } }
    }
    /// Shorthand for `configuration.distanceFilter`, metres; nil for none.
    public var distanceFilter: Double? {
        get { configuration.distanceFilter }
        set { state.withLock { $0.engine.configuration.distanceFilter = newValue } }
    }
    /// Shorthand for `configuration.headingFilter`, degrees; nil for none.
    public var headingFilter: Double? {
        get { configuration.headingFilter }
        set { state.withLock { $0.engine.configuration.headingFilter = newValue } }
    }
    /// Shorthand for `configuration.maximumFixAge`; nil for any age.
    public var maximumFixAge: Duration? {
        get { configuration.maximumFixAge }
        set { state.withLock { $0.engine.configuration.maximumFixAge = newValue } }
    }
    /// The delegate, held weakly.
    public var delegate: (any LocationManagerDelegate)? {
        get { state.withLock { $0.delegate } }
        set { state.withLock { $0.delegate = newValue } }
    }
    /// The last location delivered.
    public var location: Location? { state.withLock { $0.engine.lastDelivered } }
    /// The last heading delivered.
    public var heading: Heading? { state.withLock { $0.engine.lastHeading } }

    // MARK: Delivery

    /// A new stream of every event from now on, in order. Unbounded: a slow reader loses nothing.
    /// It finishes when the source finishes; after that, it is empty. Subscribe before starting.
    public func events() -> AsyncStream<LocationEvent> {
        subscribe(\.subscribers)
    }

    /// Like ``events()``, but each element is the events of a batch of fixes, in order: on the virtual
    /// clock, up to 2048 fixes' worth at a time; otherwise one fix's or one source event's. For
    /// replays at millions of fixes per second, where one element per event costs more than the rules.
    public func eventBatches() -> AsyncStream<[LocationEvent]> {
        subscribe(\.batchSubscribers)
    }

    /// A new unbounded stream registered in the subscriber table `table`, and removed from it when
    /// its reader stops; once the manager has finished, an already finished stream.
    private func subscribe<Element: Sendable>(
        _ table: WritableKeyPath<State, [Int: AsyncStream<Element>.Continuation]> & Sendable
    ) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: .unbounded)
        let id: Int? = state.withLock { s in
            if s.finished { return nil }
            let id = s.nextID
            s.nextID += 1
            s[keyPath: table][id] = continuation
            return id
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0[keyPath: table].removeValue(forKey: id) }
        }
        return stream
    }

    /// Starts delivering locations (and arrival events).
    public func startUpdatingLocation() {
        state.withLock {
            $0.wantsLocation = true
            $0.engine.updatingLocation = true
        }
        ensureRunning()
    }

    /// Stops delivering locations. The source stops when nothing else needs it.
    public func stopUpdatingLocation() {
        state.withLock {
            $0.wantsLocation = false
            $0.engine.updatingLocation = false
        }
        stopIfIdle()
    }

    /// Starts delivering headings.
    public func startUpdatingHeading() {
        state.withLock {
            $0.wantsHeading = true
            $0.engine.updatingHeading = true
        }
        ensureRunning()
    }

    /// Stops delivering headings. The source stops when nothing else needs it.
    public func stopUpdatingHeading() {
        state.withLock {
            $0.wantsHeading = false
            $0.engine.updatingHeading = false
        }
        stopIfIdle()
    }

    /// One location that meets the time and accuracy rules (the distance filter does not apply).
    ///
    /// - Parameter timeout: how long to wait: wall-clock time for a live source, trace time (from
    ///   the first fix seen after the request) for a replay, so a virtual-clock replay times out
    ///   deterministically. Default 30 s.
    /// - Throws: ``LocationError/locationUnknown`` on timeout, or when the source ends first.
    public func requestLocation(timeout: Duration = .seconds(30)) async throws(LocationError) -> Location {
        let result = await withCheckedContinuation { (c: CheckedContinuation<Result<Location, LocationError>, Never>) in
            let id: Int? = state.withLock { s in
                if s.finished { return nil }
                let id = s.nextID
                s.nextID += 1
                s.requests[id] = Request(continuation: c, timeout: timeout.seconds, deadline: nil)
                return id
            }
            guard let id else {
                c.resume(returning: .failure(.locationUnknown))
                return
            }
            if clock == .live {
                Task { [weak self] in
                    try? await Task.sleep(for: timeout)
                    self?.expire(id)
                }
            }
            ensureRunning()
        }
        stopIfIdle()
        return try result.get()
    }

    // MARK: Running the source

    private func ensureRunning() {
        state.withLock { s in
            guard s.task == nil, !s.finished else { return }
            s.task = Task { [weak self] in await self?.run() }
        }
    }

    private func stopIfIdle() {
        let task: Task<Void, Never>? = state.withLock { s in
            guard !s.wantsLocation, !s.wantsHeading, s.requests.isEmpty else { return nil }
            defer { s.task = nil }
            return s.task
        }
        task?.cancel()
    }

    private func expire(_ id: Int) {
        let request = state.withLock { $0.requests.removeValue(forKey: id) }
        request?.continuation.resume(returning: .failure(.locationUnknown))
    }

    private func run() async {
        await consume(source)
    }

    private func consume<S: FixSource>(_ source: S) async {
        if clock == .virtual, let synchronous = source as? any SynchronousFixSource {
            consumeSynchronously(synchronous)
            if !Task.isCancelled { finish() }
            return
        }
        var anchor: (trace: Date, wall: ContinuousClock.Instant)?
        let factor = clock.factor
        var events: [LocationEvent] = []
        var settled: Settled = []
        do {
            for try await event in source.events() {
                if Task.isCancelled { return }
                if case .fix(let fix) = event {
                    if let factor, let time = fix.time {
                        if let anchor {
                            let target = anchor.wall + .seconds(time.timeIntervalSince(anchor.trace) / factor)
                            try? await ContinuousClock().sleep(until: target)
                            if Task.isCancelled { return }
                        } else {
                            anchor = (time, ContinuousClock.now)
                        }
                    }
                    withUnsafePointer(to: fix) {
                        apply($0, count: 1, now: clock == .live ? Date() : nil, events: &events, settled: &settled)
                    }
                    flush(&events, &settled)
                } else if !handleSourceEvent(event) {
                    break
                }
            }
        } catch {
            emit(.error(.sourceUnavailable(reason: String(describing: error))))
        }
        if Task.isCancelled { return }
        finish()
    }

    private typealias Continuation = CheckedContinuation<Result<Location, LocationError>, Never>
    private typealias Settled = [(Continuation, Result<Location, LocationError>)]

    /// Applies the rules to `count` fixes under one lock and appends the events wanted to `events`;
    /// requests the fixes settle are added to `settled`. The fixes are read in place.
    @inline(__always)
    private func apply(
        _ fixes: UnsafePointer<Fix>, count: Int, now: Date?, events: inout [LocationEvent], settled: inout Settled
    ) {
        state.withLock { s in
            for i in 0..<count {
                let outcome = s.engine.process(at: fixes + i, now: now)
                if !s.requests.isEmpty {
                    settleRequests(&s, outcome: outcome, time: fixes[i].time, settled: &settled)
                }
                Self.append(outcome, wantsLocation: s.wantsLocation, wantsHeading: s.wantsHeading, to: &events)
            }
        }
    }

    /// The events of an outcome that are wanted, in ``FixOutcome/forEachEvent(_:)``'s order, without
    /// a closure call per event.
    @inline(__always)
    private static func append(
        _ o: FixOutcome, wantsLocation: Bool, wantsHeading: Bool, to events: inout [LocationEvent]
    ) {
        if let error = o.error { events.append(.error(error)) }
        if wantsHeading, let heading = o.heading { events.append(.heading(heading)) }
        guard wantsLocation else { return }
        if let waiting = o.waiting { events.append(.waitingForAccuracy(waiting)) }
        if let withheld = o.withheld { events.append(.withheld(withheld)) }
        if o.isDelivered, let location = o.qualified { events.append(.location(location)) }
        switch o.arrival {
        case .arrived(let e): events.append(.arrived(e))
        case .departed(let e): events.append(.departed(e))
        case nil: break
        }
    }

    /// Settles the requests and delivers the events gathered since the last flush, in order, to the
    /// streams, the batch streams and the delegate; empties both.
    private func flush(_ events: inout [LocationEvent], _ settled: inout Settled) {
        if !settled.isEmpty {
            for (continuation, result) in settled { continuation.resume(returning: result) }
        }
        if !events.isEmpty {
            let (subscribers, batchSubscribers, delegate) = state.withLock { s in
                (s.subscribers, s.batchSubscribers, s.delegate)
            }
            if !subscribers.isEmpty || delegate != nil {
                for event in events { deliver(event, to: subscribers, delegate: delegate) }
            }
            for continuation in batchSubscribers.values { continuation.yield(events) }
            events.removeAll(keepingCapacity: true)
        }
        if !settled.isEmpty {
            settled.removeAll()
            stopIfIdle()
        }
    }

    /// The virtual clock over a synchronous source: each fix is processed as the source hands it
    /// over, and the events are delivered every ``batchSize`` fixes (or at a source event, or when
    /// a request is settled), with no awaiting per event.
    private func consumeSynchronously(_ source: any SynchronousFixSource) {
        var events: [LocationEvent] = []
        events.reserveCapacity(Self.batchSize * 2)
        var settled: Settled = []
        var pending = 0
        var cancelled = false
        source.forEachEvent(
            fixes: { buffer in
                guard let base = buffer.baseAddress else { return true }
                var done = 0
                while done < buffer.count {
                    let n = min(buffer.count - done, Self.batchSize - pending)
                    apply(base + done, count: n, now: nil, events: &events, settled: &settled)
                    done += n
                    pending += n
                    guard pending == Self.batchSize || !settled.isEmpty else { continue }
                    flush(&events, &settled)
                    pending = 0
                    cancelled = Task.isCancelled
                    if cancelled { return false }
                }
                return true
            },
            other: { event in
                flush(&events, &settled)
                pending = 0
                cancelled = Task.isCancelled
                return !cancelled && handleSourceEvent(event)
            })
        if !cancelled, !Task.isCancelled { flush(&events, &settled) }
    }

    /// Fixes per delivery on the virtual clock.
    private static let batchSize = 2048

    /// Emits a state or warning; returns false when the source has finished.
    private func handleSourceEvent(_ event: FixSourceEvent) -> Bool {
        switch event {
        case .fix:
            return true
        case .state(let sourceState):
            emit(.sourceState(sourceState))
            switch sourceState {
            case .refused(let reason), .lost(let reason):
                if let tracePath {
                    emit(.error(.traceUnreadable(path: tracePath, reason: reason)))
                } else {
                    emit(.error(.sourceUnavailable(reason: reason)))
                }
            case .finished:
                return false
            default:
                break
            }
        case .warning(let text):
            emit(.warning(text))
        }
        return true
    }

    private func settleRequests(
        _ s: inout State, outcome: FixOutcome, time: Date?,
        settled: inout [(Continuation, Result<Location, LocationError>)]
    ) {
        if let location = outcome.qualified {
            for request in s.requests.values { settled.append((request.continuation, .success(location))) }
            s.requests.removeAll()
            return
        }
        guard clock != .live, let time else { return }
        for (id, request) in s.requests {
            if let deadline = request.deadline {
                if time > deadline {
                    settled.append((request.continuation, .failure(.locationUnknown)))
                    s.requests.removeValue(forKey: id)
                }
            } else {
                s.requests[id]?.deadline = time.addingTimeInterval(request.timeout)
            }
        }
    }

    private func emit(_ event: LocationEvent) {
        let (subscribers, batchSubscribers, delegate) = state.withLock { ($0.subscribers, $0.batchSubscribers, $0.delegate) }
        deliver(event, to: subscribers, delegate: delegate)
        for continuation in batchSubscribers.values { continuation.yield([event]) }
    }

    private func deliver(
        _ event: LocationEvent, to subscribers: [Int: AsyncStream<LocationEvent>.Continuation],
        delegate: (any LocationManagerDelegate)?
    ) {
        for continuation in subscribers.values { continuation.yield(event) }
        guard let delegate else { return }
        switch event {
        case .location(let l): delegate.locationManager(self, didUpdateLocation: l)
        case .heading(let h): delegate.locationManager(self, didUpdateHeading: h)
        case .waitingForAccuracy(let w): delegate.locationManager(self, isWaitingForAccuracy: w)
        case .withheld(let w): delegate.locationManager(self, didWithhold: w)
        case .error(let e): delegate.locationManager(self, didFailWithError: e)
        case .sourceState(let s): delegate.locationManager(self, didChangeSourceState: s)
        case .warning(let w): delegate.locationManager(self, didReceiveWarning: w)
        case .arrived(let a): delegate.locationManager(self, didArrive: a)
        case .departed(let d): delegate.locationManager(self, didDepart: d)
        }
    }

    private func finish() {
        let (subscribers, batchSubscribers, requests) = state.withLock { s in
            s.finished = true
            s.task = nil
            defer {
                s.subscribers.removeAll()
                s.batchSubscribers.removeAll()
                s.requests.removeAll()
            }
            return (s.subscribers, s.batchSubscribers, s.requests)
        }
        for request in requests.values { request.continuation.resume(returning: .failure(.locationUnknown)) }
        for continuation in subscribers.values { continuation.finish() }
        for continuation in batchSubscribers.values { continuation.finish() }
    }
}
