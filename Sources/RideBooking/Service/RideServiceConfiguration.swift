/// The rules of a ``RideService``.
public struct RideServiceConfiguration: Sendable, Equatable {
    /// A vehicle serves a pickup only when strictly closer than this on the WGS84 ellipsoid,
    /// metres: one at exactly this distance is out of range. Default 50,000.
    public var serviceRange: Double
    /// How far ahead a ride may be scheduled, seconds; later gives
    /// ``RequestRideIntentResponseCode/failureRequiringAppLaunchRideScheduledTooFar``. Default 7 days.
    public var bookingHorizon: Double
    /// A scheduled time more than this many seconds in the past is unsupported. Default 60.
    public var scheduledTimeTolerance: Double
    /// Without a drop-off, how long a simulated ride lasts after boarding, seconds. Default 900.
    public var openRideDuration: Double
    /// Phase thresholds and the status interval.
    public var tracking: RideTrackingRules

    public init(
        serviceRange: Double = 50_000, bookingHorizon: Double = 7 * 86_400, scheduledTimeTolerance: Double = 60,
        openRideDuration: Double = 900, tracking: RideTrackingRules = RideTrackingRules()
    ) {
        self.serviceRange = serviceRange
        self.bookingHorizon = bookingHorizon
        self.scheduledTimeTolerance = scheduledTimeTolerance
        self.openRideDuration = openRideDuration
        self.tracking = tracking
    }
}
