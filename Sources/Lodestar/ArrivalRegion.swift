import Geodesy

/// A destination circle with hysteresis, watched by an ``ArrivalMonitor``. Always valid: its
/// initializer refuses radii and dwell times out of range.
public struct ArrivalRegion: Sendable, Equatable {
    /// The destination.
    public let destination: Coordinate
    /// Arrival is declared inside this radius, metres, finite and > 0.
    public let entryRadius: Double
    /// Departure is declared outside this radius, metres, finite and ≥ ``entryRadius``.
    public let exitRadius: Double
    /// How long the location must stay inside ``entryRadius`` before arrival is declared (fix
    /// time), ≥ 0; nil or zero declares it on the first qualifying fix.
    public let dwell: Duration?

    /// - Parameters:
    ///   - destination: the destination.
    ///   - entryRadius: metres, finite and > 0.
    ///   - exitRadius: metres, finite and > 0; default 1.5 × `entryRadius`, and never less than it.
    ///   - dwell: ≥ 0; default none.
    /// - Throws: ``RuleError/arrivalRadius(_:)`` or ``RuleError/arrivalDwell(_:)``.
    public init(destination: Coordinate, entryRadius: Double, exitRadius: Double? = nil, dwell: Duration? = nil)
        throws(RuleError)
    {
        let entry = try RuleError.positive(entryRadius, else: RuleError.arrivalRadius)
        let exit = try RuleError.positive(exitRadius ?? entry * 1.5, else: RuleError.arrivalRadius)
        if let dwell, dwell < .zero { throw .arrivalDwell(dwell) }
        self.destination = destination
        self.entryRadius = entry
        self.exitRadius = max(exit, entry)
        self.dwell = dwell
    }

    /// A region from values the caller has already checked (finite radii > 0, dwell ≥ 0), as
    /// ``init(destination:entryRadius:exitRadius:dwell:)`` checks them.
    package init(unchecked destination: Coordinate, entryRadius: Double, exitRadius: Double?, dwell: Duration?) {
        self.destination = destination
        self.entryRadius = entryRadius
        self.exitRadius = max(exitRadius ?? entryRadius * 1.5, entryRadius)
        self.dwell = dwell
    }

    /// Whether a location of this 68% horizontal accuracy, metres, can declare arrival: its
    /// accuracy circle is no larger than ``entryRadius``. An unknown accuracy (nil) counts as
    /// small enough, on the location's distance alone.
    public func admits(accuracy: Double?) -> Bool {
        accuracy.map { $0 <= entryRadius } ?? true
    }
}

/// Arrival at, or departure from, an ``ArrivalRegion``.
public struct ArrivalEvent: Sendable, Equatable {
    /// The region.
    public var region: ArrivalRegion
    /// The location that declared the event.
    public var location: Location
    /// Distance from the location to the destination on the ellipsoid, metres.
    public var distance: Double

    public init(region: ArrivalRegion, location: Location, distance: Double) {
        self.region = region
        self.location = location
        self.distance = distance
    }
}
