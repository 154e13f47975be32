/// What can go wrong for a ``LocationManager``. Each ``description`` is one line for a person.
public enum LocationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No location is known: no fix yet, or the fix was lost.
    case locationUnknown
    /// The source cannot deliver: gpsd refused the connection or the connection was lost. The
    /// reason is the source's own words.
    case sourceUnavailable(reason: String)
    /// Heading updates were asked for, but the fixes carry no sensor heading and the receiver is not
    /// moving fast enough for course over ground.
    case headingUnavailable
    /// A trace file cannot be read: its path and why.
    case traceUnreadable(path: String, reason: String)
    /// ``LocationManager/requestLocation(timeout:)`` found no location that met the rules: what it
    /// saw, and whether it timed out or the source ended first.
    case requestFailed(LocationRequestFailure)
    /// The task awaiting ``LocationManager/requestLocation(timeout:)`` was cancelled.
    case cancelled

    public var description: String {
        switch self {
        case .locationUnknown: "location unknown: no fix"
        case .sourceUnavailable(let reason): "source unavailable: \(reason)"
        case .headingUnavailable: "heading unavailable: no heading sensor and not moving"
        case .traceUnreadable(let path, let reason): "cannot read trace \(path): \(reason)"
        case .requestFailed(let failure): failure.description
        case .cancelled: "location request cancelled"
        }
    }
}
