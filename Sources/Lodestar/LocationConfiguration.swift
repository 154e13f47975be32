/// The rules of a ``LocationManager``, with CoreLocation's names. No negative sentinels: "none" is nil.
///
/// A configuration is always valid. The rules whose type cannot hold a bad value
/// (``desiredAccuracy``, ``arrivalRegion``) are plain properties; the numbers are checked when they
/// are set, by the throwing initializer or a `set…` method, which throw ``RuleError`` for NaN,
/// infinite, negative or zero values:
///
/// ```swift
/// var rules = try LocationConfiguration(desiredAccuracy: .nearestTenMeters, distanceFilter: 5)
/// try rules.setHeadingFilter(.nan)      // throws RuleError.headingFilter(nan); rules unchanged
/// ```
public struct LocationConfiguration: Sendable, Equatable {
    /// Locations whose 68% horizontal accuracy is worse than this are withheld. Default `.best`
    /// (every valid fix).
    public var desiredAccuracy: DesiredAccuracy
    /// Minimum horizontal movement on the WGS84 ellipsoid from the last delivered location, metres
    /// (finite, > 0); nil delivers every location. Default nil. Set with ``setDistanceFilter(_:)``.
    public private(set) var distanceFilter: Double?
    /// Minimum change of heading on the circle, degrees, in (0, 180]; nil delivers every heading.
    /// Default 1°. Set with ``setHeadingFilter(_:)``.
    public private(set) var headingFilter: Double?
    /// Fixes older than this on the manager's clock are rejected as stale (> 0); nil accepts any
    /// age. Default nil. Set with ``setMaximumFixAge(_:)``.
    public private(set) var maximumFixAge: Duration?
    /// Speed above which course over ground becomes the heading when no sensor heading exists,
    /// metres per second (finite, ≥ 0). Default 1. Set with ``setCourseHeadingThreshold(_:)``.
    public private(set) var courseHeadingThreshold: Double
    /// Time constant of the heading smoothing on the circle (> 0); nil delivers raw headings.
    /// Default nil. Set with ``setHeadingSmoothing(_:)``.
    public private(set) var headingSmoothing: Duration?
    /// The destination circle to watch for arrival and departure; nil watches none.
    public var arrivalRegion: ArrivalRegion?
    /// Whether fixes are fused (``Fusion/on``, the default, or ``Fusion/fused(for:maximumDeadReckoning:)``
    /// for an activity) or delivered as the receiver gave them (``Fusion/off``). The rules apply to
    /// the fused locations.
    public var fusion: Fusion = .on

    /// The defaults: every valid fix, no distance filter, heading filter 1°, any fix age, course
    /// heading above 1 m/s, no smoothing, no arrival region.
    public init() {
        desiredAccuracy = .best
        distanceFilter = nil
        headingFilter = 1
        maximumFixAge = nil
        courseHeadingThreshold = 1
        headingSmoothing = nil
        arrivalRegion = nil
        fusion = .on
    }

    /// - Throws: ``RuleError`` naming the first value out of its range (see each property).
    public init(
        desiredAccuracy: DesiredAccuracy = .best, distanceFilter: Double? = nil, headingFilter: Double? = 1,
        maximumFixAge: Duration? = nil, courseHeadingThreshold: Double = 1, headingSmoothing: Duration? = nil,
        arrivalRegion: ArrivalRegion? = nil, fusion: Fusion = .on
    ) throws(RuleError) {
        self.init()
        self.fusion = fusion
        self.desiredAccuracy = desiredAccuracy
        self.arrivalRegion = arrivalRegion
        try setDistanceFilter(distanceFilter)
        try setHeadingFilter(headingFilter)
        try setMaximumFixAge(maximumFixAge)
        try setCourseHeadingThreshold(courseHeadingThreshold)
        try setHeadingSmoothing(headingSmoothing)
    }

    /// Sets ``distanceFilter``. - Throws: ``RuleError/distanceFilter(_:)`` unless nil or finite and > 0.
    public mutating func setDistanceFilter(_ meters: Double?) throws(RuleError) {
        distanceFilter = try meters.map { m throws(RuleError) in try RuleError.positive(m, else: RuleError.distanceFilter) }
    }

    /// Sets ``headingFilter``. - Throws: ``RuleError/headingFilter(_:)`` unless nil or in (0, 180].
    public mutating func setHeadingFilter(_ degrees: Double?) throws(RuleError) {
        if let degrees, !(degrees > 0 && degrees <= 180) { throw .headingFilter(degrees) }
        headingFilter = degrees
    }

    /// Sets ``maximumFixAge``. - Throws: ``RuleError/maximumFixAge(_:)`` unless nil or > 0.
    public mutating func setMaximumFixAge(_ age: Duration?) throws(RuleError) {
        if let age, age <= .zero { throw .maximumFixAge(age) }
        maximumFixAge = age
    }

    /// Sets ``courseHeadingThreshold``. - Throws: ``RuleError/courseHeadingThreshold(_:)`` unless
    /// finite and ≥ 0.
    public mutating func setCourseHeadingThreshold(_ speed: Double) throws(RuleError) {
        guard speed.isFinite, speed >= 0 else { throw .courseHeadingThreshold(speed) }
        courseHeadingThreshold = speed
    }

    /// Sets ``headingSmoothing``. - Throws: ``RuleError/headingSmoothing(_:)`` unless nil or > 0.
    public mutating func setHeadingSmoothing(_ timeConstant: Duration?) throws(RuleError) {
        if let timeConstant, timeConstant <= .zero { throw .headingSmoothing(timeConstant) }
        headingSmoothing = timeConstant
    }
}
