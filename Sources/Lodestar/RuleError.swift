/// A rule given to a ``LocationManager`` or a ``LocationEngine`` that cannot be applied: a number
/// that is NaN, infinite, negative or zero where it must be positive. Thrown when the rule is made
/// or set, so that a bad value never silently withholds every fix.
public enum RuleError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `desiredAccuracy` in metres must be finite and > 0.
    case desiredAccuracy(Double)
    /// `distanceFilter` in metres must be finite and > 0 (nil for none).
    case distanceFilter(Double)
    /// `headingFilter` in degrees must be finite and in (0, 180] (nil for none).
    case headingFilter(Double)
    /// `maximumFixAge` must be > 0 (nil for any age).
    case maximumFixAge(Duration)
    /// `courseHeadingThreshold` in metres per second must be finite and ≥ 0.
    case courseHeadingThreshold(Double)
    /// `headingSmoothing` must be > 0 (nil for none).
    case headingSmoothing(Duration)
    /// An arrival radius in metres must be finite and > 0.
    case arrivalRadius(Double)
    /// An arrival dwell time must be ≥ 0.
    case arrivalDwell(Duration)
    /// The fusion filter's dead-reckoning limit must be > 0 and at most 10 minutes.
    case maximumDeadReckoning(Duration)

    public var description: String {
        switch self {
        case .desiredAccuracy(let m): "desiredAccuracy must be a finite number of metres > 0, not \(m)"
        case .distanceFilter(let m): "distanceFilter must be a finite number of metres > 0, not \(m)"
        case .headingFilter(let d): "headingFilter must be a number of degrees in (0, 180], not \(d)"
        case .maximumFixAge(let d): "maximumFixAge must be longer than 0 s, not \(d)"
        case .courseHeadingThreshold(let v): "courseHeadingThreshold must be a finite speed ≥ 0 m/s, not \(v)"
        case .headingSmoothing(let d): "headingSmoothing must be longer than 0 s, not \(d)"
        case .arrivalRadius(let m): "an arrival radius must be a finite number of metres > 0, not \(m)"
        case .arrivalDwell(let d): "an arrival dwell time must be 0 s or more, not \(d)"
        case .maximumDeadReckoning(let d): "maximumDeadReckoning must be longer than 0 s and at most 600 s, not \(d)"
        }
    }

    /// `value` when it is finite and > 0, else `error`.
    static func positive(_ value: Double, else error: (Double) -> RuleError) throws(RuleError) -> Double {
        guard value.isFinite, value > 0 else { throw error(value) }
        return value
    }
}
