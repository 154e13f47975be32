import Foundation
import GNSS

/// A CoreLocation-like location manager over one `FixSource`: gpsd, an NMEA trace, or a source
/// of your own.
///
/// The manager applies its ``configuration`` (the rules: desiredAccuracy, distanceFilter,
/// headingFilter, maximumFixAge, arrival) to every fix with a ``LocationEngine`` and delivers the
/// results as ``LocationEvent``s. A recording is paced by its own timestamps on a ``ReplayClock``:
/// real time, N× or a virtual clock that never sleeps.
///
/// Three ways in, all sharing one run of the source:
/// - Structured concurrency, like CoreLocation's `CLLocationUpdate.liveUpdates()`: iterating
///   ``updates(_:)`` starts the source; ending the iteration (a `break`, a `return`, the task
///   cancelled) stops it when nothing else needs it.
///   ```swift
///   for await event in manager.updates() {
///       if case .location(let location) = event, location.horizontalAccuracy ?? .infinity < 10 { break }
///   }
///   ```
/// - CoreLocation's start and stop: ``startUpdatingLocation()`` and ``stopUpdatingLocation()``,
///   with ``events()`` (subscribe first) or a ``delegate`` / ``mainActorDelegate``.
/// - One location: ``requestLocation(timeout:)``.
///
/// Lifecycle:
/// - The source runs while anything wants it: location or heading updates started, a reader of
///   ``updates(_:)``, a pending request. When nothing does, it stops (within one fix or one batch).
/// - Each start judges the fixes afresh: a restarted trace is read again from its first line, and
///   nothing is withheld because of the previous run (``location`` and ``heading`` keep the last
///   delivered values).
/// - A stream of ``events()`` lives across stop and start: it finishes when the source finishes by
///   itself (the end of a trace, a file that cannot be read) or when the manager is released.
///   A stream made after that sees the next run.
/// - A manager the application lets go of stops its source at once: its `deinit` cancels the run,
///   finishes every stream and fails every pending request. Nothing the manager started holds it.
///   A reader of ``updates(_:)`` holds the manager while it iterates.
public final class LocationManager: Sendable {
    /// What a reader of ``updates(_:)`` asks the source for.
    public struct Updates: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Locations, withholdings and arrival, as ``startUpdatingLocation()`` does.
        public static let location = Updates(rawValue: 1)
        /// Headings, as ``startUpdatingHeading()`` does.
        public static let heading = Updates(rawValue: 2)
    }

    private let core: ManagerCore

    /// The source's name.
    public var sourceName: String { core.sourceName }
    /// How fixes are paced: `.live` for a live source; for a recording, the clock given, or
    /// `.realTime` when none was. A recording is never treated as live.
    public var clock: ReplayClock { core.clock }

    /// - Parameters:
    ///   - source: where fixes come from.
    ///   - clock: how a recording is paced: `.realTime`, `.speed(n)` or `.virtual`; nil (the
    ///     default) replays a recording in real time. A live source (`GNSS/FixSource/isLive`) is
    ///     always `.live`: fixes as they come, "now" is the wall clock. A recording given `.live` is
    ///     replayed on `.virtual`: it is judged on its own time, never on the wall clock.
    ///   - configuration: the rules; default: every valid fix, heading filter 1°.
    public init(
        source: some FixSource, clock: ReplayClock? = nil,
        configuration: LocationConfiguration = LocationConfiguration()
    ) {
        core = ManagerCore(source: source, clock: clock, configuration: configuration)
        core.state.withLock { $0.owner = self }
    }

    deinit {
        core.shutDown()
    }

    // MARK: Configuration

    /// The rules. Changes apply from the next fix. A configuration is always valid: its numbers are
    /// checked when they are set (``RuleError``).
    public var configuration: LocationConfiguration {
        get { core.state.withLock { $0.engine.configuration } }
        set { core.state.withLock { $0.engine.configuration = newValue } }
    }
    /// Shorthand for `configuration.desiredAccuracy` (always valid: see ``DesiredAccuracy/meters(_:)``).
    public var desiredAccuracy: DesiredAccuracy {
        get { configuration.desiredAccuracy }
        set { core.state.withLock { $0.engine.configuration.desiredAccuracy = newValue } }
    }
    /// `configuration.distanceFilter`, metres; nil for none. Set with ``setDistanceFilter(_:)``.
    public var distanceFilter: Double? { configuration.distanceFilter }
    /// `configuration.headingFilter`, degrees; nil for none. Set with ``setHeadingFilter(_:)``.
    public var headingFilter: Double? { configuration.headingFilter }
    /// `configuration.maximumFixAge`; nil for any age. Set with ``setMaximumFixAge(_:)``.
    public var maximumFixAge: Duration? { configuration.maximumFixAge }

    /// Sets the distance filter, metres (finite, > 0), or none.
    /// - Throws: ``RuleError/distanceFilter(_:)``; the rules are then unchanged.
    public func setDistanceFilter(_ meters: Double?) throws(RuleError) {
        try core.state.withLock { s throws(RuleError) in try s.engine.configuration.setDistanceFilter(meters) }
    }

    /// Sets the heading filter, degrees in (0, 180], or none.
    /// - Throws: ``RuleError/headingFilter(_:)``; the rules are then unchanged.
    public func setHeadingFilter(_ degrees: Double?) throws(RuleError) {
        try core.state.withLock { s throws(RuleError) in try s.engine.configuration.setHeadingFilter(degrees) }
    }

    /// Sets the maximum fix age (> 0), or none.
    /// - Throws: ``RuleError/maximumFixAge(_:)``; the rules are then unchanged.
    public func setMaximumFixAge(_ age: Duration?) throws(RuleError) {
        try core.state.withLock { s throws(RuleError) in try s.engine.configuration.setMaximumFixAge(age) }
    }

    /// The delegate, held weakly, called on the thread that reads the source.
    public var delegate: (any LocationManagerDelegate)? {
        get { core.state.withLock { $0.delegate } }
        set { core.state.withLock { $0.delegate = newValue } }
    }

    /// A delegate on the main actor, held weakly, called on the main actor in order.
    public var mainActorDelegate: (any MainActorLocationManagerDelegate)? {
        get { core.state.withLock { $0.mainActorDelegateObject } }
        set {
            let box = newValue.map { MainActorDelegateBox(delegate: $0, manager: self) }
            let old = core.state.withLock { s in
                defer {
                    s.mainActorDelegate = box
                    s.mainActorDelegateObject = newValue
                }
                return s.mainActorDelegate
            }
            old?.finish()
        }
    }

    /// The last location delivered (kept across stop and start).
    public var location: Location? { core.state.withLock { $0.lastLocation } }
    /// The last heading delivered (kept across stop and start).
    public var heading: Heading? { core.state.withLock { $0.lastHeading } }

    // MARK: Delivery

    /// The manager's events while something iterates it: iterating starts the source (for
    /// locations, headings or both), and the end of the iteration (a `break`, the task cancelled)
    /// stops it when nothing else needs it, within one fix or one batch of a replay. Several
    /// iterations at once share one run of the source; each sees every event from its start.
    ///
    /// An iteration ends by itself when the source finishes (the end of a trace) or the manager is
    /// released. Iterating again after that runs the source again (a trace from its first line).
    /// - Parameter updates: what to start; default locations.
    public func updates(_ updates: Updates = .location) -> LocationUpdates {
        LocationUpdates(manager: self, demand: updates)
    }

    /// A reader's stream for ``LocationUpdates``, registered with its demand.
    func subscribe(demand: Updates) -> AsyncStream<LocationEvent> {
        core.subscribe(demand: demand)
    }

    /// A new stream of every event from now on, in order. Unbounded: a slow reader loses nothing.
    /// Reading it does not start the source: subscribe, then ``startUpdatingLocation()``.
    /// It lives across stop and start; it finishes when the source finishes by itself or the
    /// manager is released.
    public func events() -> AsyncStream<LocationEvent> {
        core.subscribe(demand: [])
    }

    /// Like ``events()``, but each element is the events of a batch of fixes, in order: on the virtual
    /// clock, up to 2048 fixes' worth at a time; otherwise one fix's or one source event's. For
    /// replays at millions of fixes per second, where one element per event costs more than the rules.
    public func eventBatches() -> AsyncStream<[LocationEvent]> {
        core.subscribeBatches()
    }

    /// Starts delivering locations (and arrival events).
    public func startUpdatingLocation() {
        want(\.wantsLocation, true)
    }

    /// Stops delivering locations. The source stops when nothing else needs it.
    public func stopUpdatingLocation() {
        want(\.wantsLocation, false)
    }

    /// Starts delivering headings.
    public func startUpdatingHeading() {
        want(\.wantsHeading, true)
    }

    /// Starts delivering locations and headings at once, so that the first fix is judged for both.
    ///
    /// Use it rather than ``startUpdatingLocation()`` then ``startUpdatingHeading()`` when both are
    /// wanted from the start: the first call starts the source, and on the virtual clock a replay
    /// can run through fixes before the second call lands (the first locations then come without
    /// their headings, and how many depends on the machine's load).
    public func startUpdatingLocationAndHeading() {
        core.state.withLock {
            $0.wantsLocation = true
            $0.wantsHeading = true
        }
        core.reconcile()
    }

    /// Stops delivering headings. The source stops when nothing else needs it.
    public func stopUpdatingHeading() {
        want(\.wantsHeading, false)
    }

    /// Sets what the manager is asked to deliver; the source starts or stops to match.
    private func want(_ stream: WritableKeyPath<ManagerCore.State, Bool>, _ wanted: Bool) {
        core.state.withLock { $0[keyPath: stream] = wanted }
        core.reconcile()
    }

    /// One location that meets the time and accuracy rules (the distance filter does not apply).
    ///
    /// - Parameter timeout: how long to wait: wall-clock time for a live source, trace time (from
    ///   the first fix seen after the request) for a replay, so a virtual-clock replay times out
    ///   deterministically. Default 30 s. Its timer ends when the request is settled.
    /// - Throws: ``LocationError/requestFailed(_:)`` on timeout or when the source ends first,
    ///   saying what was seen ("no fix met ±10 m within 60 s (best ±11 m)");
    ///   ``LocationError/cancelled`` at once when the awaiting task is cancelled;
    ///   ``LocationError/locationUnknown`` when the manager is released meanwhile.
    public func requestLocation(timeout: Duration = .seconds(30)) async throws(LocationError) -> Location {
        let core = core
        let id = core.takeID()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (c: ManagerCore.Continuation) in
                core.addRequest(id: id, timeout: timeout, continuation: c)
            }
        } onCancel: {
            core.cancelRequest(id: id)
        }
        return try result.get()
    }
}

/// The events of a ``LocationManager`` for as long as they are iterated: see
/// ``LocationManager/updates(_:)``. Each iteration is a reader of its own; it holds the manager.
public struct LocationUpdates: AsyncSequence, Sendable {
    public typealias Element = LocationEvent
    public typealias Failure = Never

    let manager: LocationManager
    let demand: LocationManager.Updates

    public func makeAsyncIterator() -> Iterator {
        Iterator(manager: manager, base: manager.subscribe(demand: demand).makeAsyncIterator())
    }

    /// Registers its reader when made; the reader (and the demand) goes when it is released or its
    /// task is cancelled.
    public struct Iterator: AsyncIteratorProtocol {
        let manager: LocationManager
        var base: AsyncStream<LocationEvent>.Iterator

        public mutating func next() async -> LocationEvent? {
            await base.next()
        }

        public mutating func next(isolation actor: isolated (any Actor)?) async -> LocationEvent? {
            await base.next(isolation: actor)
        }
    }
}
