import Geodesy

/// Everything one fix produced in a ``LocationEngine``. At most one of each; nil when none.
///
/// A fixed-size value, so processing a fix allocates nothing for its results. The location is
/// stored once: ``qualified`` and, when it passed the distance filter too, ``location``.
public struct FixOutcome: Sendable, Equatable {
    /// The location that met the time and accuracy rules, delivered or not (the distance filter
    /// may have withheld it). `requestLocation()` takes this one.
    public var qualified: Location?
    /// Whether ``qualified`` passed every rule and is delivered as ``location``.
    public var isDelivered = false
    /// The heading delivered.
    public var heading: Heading?
    /// Set when the accuracy rule withheld the fix.
    public var waiting: WaitingForAccuracy?
    /// Set when another rule withheld the fix.
    public var withheld: Withholding?
    /// The geodesic from ``qualified`` to the arrival region's destination, when a region is watched:
    /// distance in metres and azimuths in degrees. Computed once per fix, for the arrival rule and
    /// for ``Guidance/init(from:geodesic:heading:destination:arrived:)``.
    public var toDestination: GeodesicInverse?
    /// Arrival or departure declared by this fix.
    public var arrival: ArrivalMonitor.Transition?
    /// An error this fix revealed (location lost, heading unavailable). Each is reported once per
    /// episode, not on every fix.
    public var error: LocationError?
    /// A receiver clock fault this fix revealed (its first fix), or a faulty time taken as the
    /// receiver's once it held; delivered as a ``LocationEvent/warning(_:)``.
    public var clockFault: ReceiverClockFault?

    public init() {}

    /// The location delivered (it passed every rule); nil when none was.
    @inlinable
    public var location: Location? { isDelivered ? qualified : nil }

    /// The outcome as events, in delivery order: clock fault (as a warning), error, heading,
    /// waiting or withheld, location, arrival. The heading comes before the location of the same fix, so that guidance computed
    /// at a location can use that fix's heading.
    public func forEachEvent(_ body: (LocationEvent) -> Void) {
        if let clockFault { body(.warning(clockFault.description)) }
        if let error { body(.error(error)) }
        if let heading { body(.heading(heading)) }
        if let waiting { body(.waitingForAccuracy(waiting)) }
        if let withheld { body(.withheld(withheld)) }
        if isDelivered, let qualified { body(.location(qualified)) }
        switch arrival {
        case .arrived(let e): body(.arrived(e))
        case .departed(let e): body(.departed(e))
        case nil: break
        }
    }
}
