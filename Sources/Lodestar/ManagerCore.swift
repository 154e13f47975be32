import Foundation
import GNSS
import LodestarInternals
import Synchronization

/// What a ``LocationManager`` runs: the source, the engine, the subscribers, the pending requests
/// and the task that reads the source.
///
/// The manager owns its core; the core never holds the manager strongly (only weakly, to pass it to
/// the delegates), so an application that lets go of its manager releases it, and the manager's
/// `deinit` shuts the core down: the source stops, every stream finishes, every request fails.
final class ManagerCore: Sendable {
    let sourceName: String
    /// The effective clock: a recording is never `.live`, a live source always is.
    let clock: ReplayClock
    let source: any FixSource
    /// The path of an ``NMEATraceSource``: its refusals are ``LocationError/traceUnreadable(path:reason:)``.
    let tracePath: String?
    let state: Mutex<State>

    typealias Continuation = CheckedContinuation<Result<Location, LocationError>, Never>
    typealias Settled = [(Continuation, Result<Location, LocationError>)]

    struct Request {
        var continuation: Continuation
        var timeout: Duration
        /// Trace time at which a replayed request times out: the first fix's time plus the timeout.
        var deadline: Date?
        /// The wall-clock timer of a live request, cancelled when the request is settled.
        var timer: Task<Void, Never>?
        var best: Double?
        var positions = 0
    }

    /// A reader of ``LocationManager/events()`` or ``LocationManager/updates(_:)``.
    struct Subscriber {
        var continuation: AsyncStream<LocationEvent>.Continuation
        /// What the reader's presence asks the source for (nothing for `events()`).
        var demand: LocationManager.Updates
    }

    /// One run of the source: its task and a flag the synchronous replay thread reads.
    final class Run: Sendable {
        let generation: Int
        let cancelled = Atomic<Bool>(false)
        let task = Mutex<Task<Void, Never>?>(nil)

        init(generation: Int) { self.generation = generation }

        /// Stops the run. Idempotent; safe from the run's own cancellation handler.
        func cancel() {
            guard !cancelled.exchange(true, ordering: .relaxed) else { return }
            task.withLock { $0 }?.cancel()
        }

        var isCancelled: Bool { cancelled.load(ordering: .relaxed) || Task.isCancelled }
    }

    struct State {
        var engine: LocationEngine
        /// The last location and heading delivered, kept across stop and start.
        var lastLocation: Location?
        var lastHeading: Heading?
        var subscribers: [Int: Subscriber] = [:]
        var batchSubscribers: [Int: AsyncStream<[LocationEvent]>.Continuation] = [:]
        var requests: [Int: Request] = [:]
        var nextID = 0
        var run: Run?
        var generation = 0
        var wantsLocation = false
        var wantsHeading = false
        var shutDown = false
        weak var owner: LocationManager?
        weak var delegate: (any LocationManagerDelegate)?
        var mainActorDelegate: MainActorDelegateBox?
        weak var mainActorDelegateObject: (any MainActorLocationManagerDelegate)?

        /// Location updates are wanted by the start/stop API or a reader of `updates`.
        var locationWanted: Bool { wantsLocation || subscribers.values.contains { $0.demand.contains(.location) } }
        var headingWanted: Bool { wantsHeading || subscribers.values.contains { $0.demand.contains(.heading) } }
        var needsSource: Bool { locationWanted || headingWanted || !requests.isEmpty }

        mutating func takeID() -> Int {
            defer { nextID += 1 }
            return nextID
        }
    }

    init(source: some FixSource, clock: ReplayClock?, configuration: LocationConfiguration) {
        self.source = source
        self.sourceName = source.name
        self.tracePath = (source as? NMEATraceSource)?.path
        let effective: ReplayClock =
            if source.isLive { .live } else if let clock, clock != .live { clock } else if clock == .live { .virtual } else {
                .realTime
            }
        self.clock = effective
        var engine = LocationEngine(
            configuration: configuration, sourceName: source.name, provenance: effective == .live ? .live : .replayed)
        engine.updatingLocation = false
        engine.updatingHeading = false
        state = Mutex(State(engine: engine))
    }

    // MARK: Demand

    /// Mirrors the demand into the engine; starts the source when something needs it and it is not
    /// running, stops it when nothing does.
    func reconcile() {
        let stopping: Run? = state.withLock { s in
            s.engine.updatingLocation = s.locationWanted
            s.engine.updatingHeading = s.headingWanted
            if s.needsSource {
                if s.run == nil, !s.shutDown { start(&s) }
                return nil
            }
            defer { s.run = nil }
            return s.run
        }
        stopping?.cancel()
    }

    /// Starts a run: the next fixes are judged afresh (a restarted trace starts from its first line).
    private func start(_ s: inout State) {
        s.generation += 1
        s.engine.reset()
        let run = Run(generation: s.generation)
        s.run = run
        run.task.withLock { $0 = Task { await self.consume(self.source, run: run) } }
    }

    /// The manager was released: stop the source, finish every stream, fail every request.
    func shutDown() {
        let (run, subscribers, batches, requests, mainActor) = state.withLock { s in
            s.shutDown = true
            defer {
                s.run = nil
                s.subscribers.removeAll()
                s.batchSubscribers.removeAll()
                s.requests.removeAll()
                s.mainActorDelegate = nil
            }
            return (s.run, s.subscribers, s.batchSubscribers, s.requests, s.mainActorDelegate)
        }
        run?.cancel()
        for request in requests.values {
            request.timer?.cancel()
            request.continuation.resume(returning: .failure(.locationUnknown))
        }
        for subscriber in subscribers.values { subscriber.continuation.finish() }
        for continuation in batches.values { continuation.finish() }
        mainActor?.finish()
    }

    // MARK: Subscribers

    /// A new unbounded stream of events, registered with `demand`; removed (and the demand with it)
    /// when its reader stops. An already finished stream once the manager is gone.
    func subscribe(demand: LocationManager.Updates) -> AsyncStream<LocationEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: LocationEvent.self, bufferingPolicy: .unbounded)
        let id: Int? = state.withLock { s in
            guard !s.shutDown else { return nil }
            let id = s.takeID()
            s.subscribers[id] = Subscriber(continuation: continuation, demand: demand)
            return id
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            _ = self.state.withLock { $0.subscribers.removeValue(forKey: id) }
            if !demand.isEmpty { self.reconcile() }
        }
        if !demand.isEmpty { reconcile() }
        return stream
    }

    func subscribeBatches() -> AsyncStream<[LocationEvent]> {
        let (stream, continuation) = AsyncStream.makeStream(of: [LocationEvent].self, bufferingPolicy: .unbounded)
        let id: Int? = state.withLock { s in
            guard !s.shutDown else { return nil }
            let id = s.takeID()
            s.batchSubscribers[id] = continuation
            return id
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.batchSubscribers.removeValue(forKey: id) }
        }
        return stream
    }

    // MARK: Requests

    /// Registers a request, unless the task is already cancelled or the manager is gone.
    func addRequest(id: Int, timeout: Duration, continuation: Continuation) {
        let outcome: Result<Location, LocationError>? = state.withLock { s in
            if Task.isCancelled { return .failure(.cancelled) }
            if s.shutDown { return .failure(.locationUnknown) }
            var request = Request(continuation: continuation, timeout: timeout)
            if clock == .live {
                request.timer = Task { [weak self] in
                    guard (try? await Task.sleep(for: timeout)) != nil else { return }
                    self?.expire(id)
                }
            }
            s.requests[id] = request
            return nil
        }
        if let outcome {
            continuation.resume(returning: outcome)
        } else {
            reconcile()
        }
    }

    func takeID() -> Int { state.withLock { $0.takeID() } }

    /// Cancels a pending request: it fails with ``LocationError/cancelled`` at once.
    func cancelRequest(id: Int) {
        let request = state.withLock { $0.requests.removeValue(forKey: id) }
        guard let request else { return }
        request.timer?.cancel()
        request.continuation.resume(returning: .failure(.cancelled))
        reconcile()
    }

    private func expire(_ id: Int) {
        let failure: (Request, LocationRequestFailure)? = state.withLock { s in
            guard let request = s.requests.removeValue(forKey: id) else { return nil }
            return (request, Self.failure(request, .timedOut(request.timeout), s))
        }
        guard let (request, detail) = failure else { return }
        request.continuation.resume(returning: .failure(.requestFailed(detail)))
        reconcile()
    }

    private static func failure(_ r: Request, _ ending: LocationRequestFailure.Ending, _ s: State) -> LocationRequestFailure {
        LocationRequestFailure(
            ending: ending, required: s.engine.configuration.desiredAccuracy.limit, best: r.best, positions: r.positions)
    }

    /// Settles the requests a fix's outcome answers (under the state lock).
    func settleRequests(_ s: inout State, outcome: FixOutcome, fix: UnsafePointer<Fix>, settled: inout Settled) {
        if let location = outcome.qualified {
            for request in s.requests.values {
                request.timer?.cancel()
                settled.append((request.continuation, .success(location)))
            }
            s.requests.removeAll()
            return
        }
        let hasPosition = fix.pointee.hasPosition
        let accuracy = outcome.waiting?.accuracy
        let time = fix.pointee.time
        for (id, var request) in s.requests {
            if clock != .live, let time {
                if let deadline = request.deadline {
                    if time > deadline {
                        settled.append(
                            (
                                request.continuation,
                                .failure(
                                    .requestFailed(
                                        Self.failure(request, .timedOut(request.timeout), s)))
                            ))
                        s.requests.removeValue(forKey: id)
                        continue
                    }
                } else {
                    request.deadline = time.addingTimeInterval(request.timeout.seconds)
                }
            }
            if hasPosition {
                request.positions += 1
                if let accuracy, accuracy < (request.best ?? .infinity) { request.best = accuracy }
            }
            s.requests[id] = request
        }
    }

    // MARK: Running the source

    private func consume<S: FixSource>(_ source: S, run: Run) async {
        if clock == .virtual, let synchronous = source as? any SynchronousFixSource {
            await withTaskCancellationHandler {
                await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                    let thread = Thread {
                        self.consumeSynchronously(synchronous, run: run)
                        done.resume()
                    }
                    thread.name = "lodestar replay"
                    thread.start()
                }
            } onCancel: {
                run.cancel()
            }
            finish(run)
            return
        }
        var anchor: (trace: Date, wall: ContinuousClock.Instant)?
        let factor = clock.factor
        var events: [LocationEvent] = []
        var settled: Settled = []
        do {
            for try await event in source.events() {
                if run.isCancelled { return }
                if case .fix(let fix) = event {
                    if let factor, let time = fix.time {
                        if let anchor, let wait = Self.pacing(time.timeIntervalSince(anchor.trace), factor: factor) {
                            try? await ContinuousClock().sleep(until: anchor.wall.advanced(by: wait))
                            if run.isCancelled { return }
                        } else if anchor == nil {
                            anchor = (time, ContinuousClock.now)
                        }
                    }
                    withUnsafePointer(to: fix) {
                        apply($0, count: 1, now: clock == .live ? Date() : nil, run: run, events: &events, settled: &settled)
                    }
                    flush(&events, &settled)
                } else if !handleSourceEvent(event, run: run) {
                    break
                }
            }
        } catch {
            emit(.error(.sourceUnavailable(reason: String(describing: error))), run: run)
        }
        finish(run)
    }

    /// The wall time from the replay's first fix to a fix `traceSeconds` later, at `factor` times the
    /// recording's pace; nil when it is not a finite duration (a fix before the anchor, or a time so
    /// far ahead that it does not fit a `Duration`): such a fix is not waited for.
    static func pacing(_ traceSeconds: Double, factor: Double) -> Duration? {
        Duration(checkedSeconds: traceSeconds / factor)
    }

    /// Applies the rules to `count` fixes under one lock and appends the events wanted to `events`;
    /// requests the fixes settle are added to `settled`. The fixes are read in place.
    @inline(__always)
    private func apply(
        _ fixes: UnsafePointer<Fix>, count: Int, now: Date?, run: Run, events: inout [LocationEvent],
        settled: inout Settled
    ) {
        state.withLock { s in
            guard s.run === run else { return }
            for i in 0..<count {
                let outcome = s.engine.process(at: fixes + i, now: now)
                if !s.requests.isEmpty {
                    settleRequests(&s, outcome: outcome, fix: fixes + i, settled: &settled)
                }
                if outcome.isDelivered { s.lastLocation = outcome.qualified }
                if let heading = outcome.heading { s.lastHeading = heading }
                Self.append(
                    outcome, wantsLocation: s.engine.updatingLocation, wantsHeading: s.engine.updatingHeading, to: &events)
            }
        }
    }

    /// The events of an outcome that are wanted, in ``FixOutcome/forEachEvent(_:)``'s order, without
    /// a closure call per event.
    @inline(__always)
    private static func append(
        _ o: FixOutcome, wantsLocation: Bool, wantsHeading: Bool, to events: inout [LocationEvent]
    ) {
        if let fault = o.clockFault { events.append(.warning(fault.description)) }
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
    /// streams, the batch streams and the delegates; empties both.
    private func flush(_ events: inout [LocationEvent], _ settled: inout Settled) {
        if !settled.isEmpty {
            for (continuation, result) in settled { continuation.resume(returning: result) }
        }
        if !events.isEmpty {
            let targets = state.withLock { Targets($0) }
            targets.deliver(events)
            events.removeAll(keepingCapacity: true)
        }
        if !settled.isEmpty {
            settled.removeAll()
            reconcile()
        }
    }

    /// The virtual clock over a synchronous source, on the replay thread: each fix is processed as
    /// the source hands it over, and the events are delivered every ``batchSize`` fixes (or at a
    /// source event, or when a request is settled), with no awaiting per event.
    private func consumeSynchronously(_ source: any SynchronousFixSource, run: Run) {
        var events: [LocationEvent] = []
        events.reserveCapacity(Self.batchSize * 2)
        var settled: Settled = []
        var pending = 0
        source.forEachEvent(
            fixes: { buffer in
                guard let base = buffer.baseAddress else { return true }
                var done = 0
                while done < buffer.count {
                    let n = min(buffer.count - done, Self.batchSize - pending)
                    apply(base + done, count: n, now: nil, run: run, events: &events, settled: &settled)
                    done += n
                    pending += n
                    guard pending == Self.batchSize || !settled.isEmpty else { continue }
                    flush(&events, &settled)
                    pending = 0
                    if run.isCancelled { return false }
                }
                return true
            },
            other: { event in
                flush(&events, &settled)
                pending = 0
                return !run.isCancelled && handleSourceEvent(event, run: run)
            },
            stop: { run.isCancelled })
        if !run.isCancelled { flush(&events, &settled) }
    }

    /// Fixes per delivery on the virtual clock.
    private static let batchSize = 2048

    /// Emits a state or warning; returns false when the source has finished.
    private func handleSourceEvent(_ event: FixSourceEvent, run: Run) -> Bool {
        switch event {
        case .fix:
            return true
        case .state(let sourceState):
            emit(.sourceState(sourceState), run: run)
            switch sourceState {
            case .refused(let reason), .lost(let reason):
                if let tracePath {
                    emit(.error(.traceUnreadable(path: tracePath, reason: reason)), run: run)
                } else {
                    emit(.error(.sourceUnavailable(reason: reason)), run: run)
                }
            case .finished:
                return false
            default:
                break
            }
        case .warning(let text):
            emit(.warning(text), run: run)
        }
        return true
    }

    private func emit(_ event: LocationEvent, run: Run) {
        let targets: Targets? = state.withLock { s in s.run === run ? Targets(s) : nil }
        targets?.deliver([event])
    }

    /// The source ended by itself (not stopped): every stream finishes, every request fails with
    /// what it saw. A later start runs the source again from its beginning.
    private func finish(_ run: Run) {
        let ended: ([Subscriber], [AsyncStream<[LocationEvent]>.Continuation], [(Request, LocationRequestFailure)])? =
            state.withLock { s in
                guard s.run === run, !run.isCancelled else { return nil }
                s.run = nil
                let requests = s.requests.values.map { ($0, Self.failure($0, .sourceEnded, s)) }
                defer {
                    s.subscribers.removeAll()
                    s.batchSubscribers.removeAll()
                    s.requests.removeAll()
                }
                return (Array(s.subscribers.values), Array(s.batchSubscribers.values), requests)
            }
        guard let (subscribers, batches, requests) = ended else { return }
        for (request, failure) in requests {
            request.timer?.cancel()
            request.continuation.resume(returning: .failure(.requestFailed(failure)))
        }
        for subscriber in subscribers { subscriber.continuation.finish() }
        for continuation in batches { continuation.finish() }
    }

    /// Where events go, read under the lock and used outside it.
    private struct Targets {
        var subscribers: [Int: Subscriber]
        var batchSubscribers: [Int: AsyncStream<[LocationEvent]>.Continuation]
        var delegate: (any LocationManagerDelegate)?
        var mainActorDelegate: MainActorDelegateBox?
        var owner: LocationManager?

        init(_ s: State) {
            subscribers = s.subscribers
            batchSubscribers = s.batchSubscribers
            delegate = s.delegate
            mainActorDelegate = s.mainActorDelegate
            owner = s.delegate == nil ? nil : s.owner
        }

        func deliver(_ events: [LocationEvent]) {
            if !subscribers.isEmpty {
                for event in events {
                    for subscriber in subscribers.values { subscriber.continuation.yield(event) }
                }
            }
            for continuation in batchSubscribers.values { continuation.yield(events) }
            if let delegate, let owner {
                for event in events { event.send(to: delegate, from: owner) }
            }
            mainActorDelegate?.enqueue(events)
        }
    }
}
