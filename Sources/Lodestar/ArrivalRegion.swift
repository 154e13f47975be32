import Geodesy

/// A destination circle with hysteresis, watched by an ``ArrivalMonitor``.
public struct ArrivalRegion: Sendable, Equatable {
    /// The destination.
    public var destination: Coordinate
    /// Arrival is declared inside this radius, metres, > 0.
    public var entryRadius: Double
    /// Departure is declared outside this radius, metres, ≥ ``entryRadius``.
    public var exitRadius: Double
    /// How long the location must stay inside ``entryRadius`` before arrival is declared, seconds
    /// (fix time); nil or 0 declares it on the first qualifying fix.
    public var dwell: Double?

    /// - Parameters:
    ///   - destination: the destination.
    ///   - entryRadius: metres, > 0.
    ///   - exitRadius: metres; default 1.5 × `entryRadius`, and never less than it.
    ///   - dwell: seconds; default none.
    public init(destination: Coordinate, entryRadius: Double, exitRadius: Double? = nil, dwell: Double? = nil) {
        self.destination = destination
        self.entryRadius = entryRadius
        self.exitRadius = max(exitRadius ?? entryRadius * 1.5, entryRadius)
        self.dwell = dwell
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
