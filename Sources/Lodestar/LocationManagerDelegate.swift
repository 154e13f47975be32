import GNSS

/// CoreLocation-style callbacks from a ``LocationManager``: the same events as
/// ``LocationManager/events()``, one method each. Every method has an empty default.
///
/// The manager calls the delegate on the thread that reads its source, one event at a time and in
/// order; it holds the delegate weakly. For a class on the main actor, use
/// ``MainActorLocationManagerDelegate`` instead: the same methods, called on the main actor.
public protocol LocationManagerDelegate: AnyObject, Sendable {
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

extension LocationManagerDelegate {
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
