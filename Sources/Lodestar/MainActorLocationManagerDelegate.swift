import GNSS

/// ``LocationManagerDelegate`` for a class on the main actor (a view model, an app's controller):
/// the same callbacks, called on the main actor, one event at a time and in order, with no
/// `nonisolated` to write. Set it as ``LocationManager/mainActorDelegate``; the manager holds it
/// weakly. Every method has an empty default.
///
/// ```swift
/// @MainActor final class Model: MainActorLocationManagerDelegate {
///     var here: Location?
///     func locationManager(_ manager: LocationManager, didUpdateLocation location: Location) { here = location }
/// }
/// manager.mainActorDelegate = model
/// ```
@MainActor
public protocol MainActorLocationManagerDelegate: AnyObject, Sendable {
    /// A location passed every rule.
    func locationManager(_ manager: LocationManager, didUpdateLocation location: Location)
    /// A heading passed the heading filter.
    func locationManager(_ manager: LocationManager, didUpdateHeading heading: Heading)
    /// A location was withheld by the desiredAccuracy rule.
    func locationManager(_ manager: LocationManager, isWaitingForAccuracy waiting: WaitingForAccuracy)
    /// A fix was withheld by another rule.
    func locationManager(_ manager: LocationManager, didWithhold withholding: Withholding)
    /// Something went wrong.
    func locationManager(_ manager: LocationManager, didFailWithError error: LocationError)
    /// The source's state changed.
    func locationManager(_ manager: LocationManager, didChangeSourceState state: SourceState)
    /// The source reported a problem that did not stop it.
    func locationManager(_ manager: LocationManager, didReceiveWarning warning: String)
    /// Arrival was declared.
    func locationManager(_ manager: LocationManager, didArrive event: ArrivalEvent)
    /// Departure was declared.
    func locationManager(_ manager: LocationManager, didDepart event: ArrivalEvent)
}

extension MainActorLocationManagerDelegate {
    public func locationManager(_ manager: LocationManager, didUpdateLocation location: Location) {}
    public func locationManager(_ manager: LocationManager, didUpdateHeading heading: Heading) {}
    public func locationManager(_ manager: LocationManager, isWaitingForAccuracy waiting: WaitingForAccuracy) {}
    public func locationManager(_ manager: LocationManager, didWithhold withholding: Withholding) {}
    public func locationManager(_ manager: LocationManager, didFailWithError error: LocationError) {}
    public func locationManager(_ manager: LocationManager, didChangeSourceState state: SourceState) {}
    public func locationManager(_ manager: LocationManager, didReceiveWarning warning: String) {}
    public func locationManager(_ manager: LocationManager, didArrive event: ArrivalEvent) {}
    public func locationManager(_ manager: LocationManager, didDepart event: ArrivalEvent) {}
}

/// Carries events to a ``MainActorLocationManagerDelegate``: one queue, drained in order by one
/// task on the main actor. The queue ends when the manager is released or the delegate replaced.
final class MainActorDelegateBox: Sendable {
    private let continuation: AsyncStream<[LocationEvent]>.Continuation

    init(delegate: any MainActorLocationManagerDelegate, manager: LocationManager) {
        let (stream, continuation) = AsyncStream.makeStream(of: [LocationEvent].self, bufferingPolicy: .unbounded)
        self.continuation = continuation
        Task { @MainActor [weak delegate, weak manager] in
            for await events in stream {
                guard let delegate, let manager else { return }
                for event in events { event.send(to: delegate, from: manager) }
            }
        }
    }

    deinit { continuation.finish() }

    func enqueue(_ events: [LocationEvent]) { continuation.yield(events) }

    func finish() { continuation.finish() }
}

extension LocationEvent {
    /// Calls the delegate method for this event.
    func send(to delegate: any LocationManagerDelegate, from manager: LocationManager) {
        switch self {
        case .location(let l): delegate.locationManager(manager, didUpdateLocation: l)
        case .heading(let h): delegate.locationManager(manager, didUpdateHeading: h)
        case .waitingForAccuracy(let w): delegate.locationManager(manager, isWaitingForAccuracy: w)
        case .withheld(let w): delegate.locationManager(manager, didWithhold: w)
        case .error(let e): delegate.locationManager(manager, didFailWithError: e)
        case .sourceState(let s): delegate.locationManager(manager, didChangeSourceState: s)
        case .warning(let w): delegate.locationManager(manager, didReceiveWarning: w)
        case .arrived(let a): delegate.locationManager(manager, didArrive: a)
        case .departed(let d): delegate.locationManager(manager, didDepart: d)
        }
    }

    /// Calls the main-actor delegate method for this event.
    @MainActor
    func send(to delegate: any MainActorLocationManagerDelegate, from manager: LocationManager) {
        switch self {
        case .location(let l): delegate.locationManager(manager, didUpdateLocation: l)
        case .heading(let h): delegate.locationManager(manager, didUpdateHeading: h)
        case .waitingForAccuracy(let w): delegate.locationManager(manager, isWaitingForAccuracy: w)
        case .withheld(let w): delegate.locationManager(manager, didWithhold: w)
        case .error(let e): delegate.locationManager(manager, didFailWithError: e)
        case .sourceState(let s): delegate.locationManager(manager, didChangeSourceState: s)
        case .warning(let w): delegate.locationManager(manager, didReceiveWarning: w)
        case .arrived(let a): delegate.locationManager(manager, didArrive: a)
        case .departed(let d): delegate.locationManager(manager, didDepart: d)
        }
    }
}
