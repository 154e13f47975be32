/// The rules of a ``LocationManager``, with CoreLocation's names. No negative sentinels: "none" is nil.
public struct LocationConfiguration: Sendable, Equatable {
    /// Locations whose 68% horizontal accuracy is worse than this are withheld. Default `.best`
    /// (every valid fix).
    public var desiredAccuracy: DesiredAccuracy
    /// Minimum horizontal movement on the WGS84 ellipsoid from the last delivered location, metres
    /// (> 0); nil delivers every location. Default nil.
    public var distanceFilter: Double?
    /// Minimum change of heading on the circle, degrees (> 0); nil delivers every heading. Default 1°.
    public var headingFilter: Double?
    /// Fixes older than this on the manager's clock are rejected as stale; nil accepts any age.
    /// Default nil.
    public var maximumFixAge: Duration?
    /// Speed above which course over ground becomes the heading when no sensor heading exists,
    /// metres per second. Default 1.
    public var courseHeadingThreshold: Double
    /// Time constant of the heading smoothing on the circle; nil delivers raw headings. Default nil.
    public var headingSmoothing: Duration?
    /// The destination circle to watch for arrival and departure; nil watches none.
    public var arrivalRegion: ArrivalRegion?

    public init(
        desiredAccuracy: DesiredAccuracy = .best, distanceFilter: Double? = nil, headingFilter: Double? = 1,
        maximumFixAge: Duration? = nil, courseHeadingThreshold: Double = 1, headingSmoothing: Duration? = nil,
        arrivalRegion: ArrivalRegion? = nil
    ) {
        self.desiredAccuracy = desiredAccuracy
        self.distanceFilter = distanceFilter
        self.headingFilter = headingFilter
        self.maximumFixAge = maximumFixAge
        self.courseHeadingThreshold = courseHeadingThreshold
        self.headingSmoothing = headingSmoothing
        self.arrivalRegion = arrivalRegion
    }
}
