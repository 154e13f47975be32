/// How a ``LocationManager`` paces the fixes of its source.
///
/// A replay is paced by the fixes' own UTC timestamps, never by when they were read, so the same
/// trace gives the same events at any speed. "Now" for the staleness rule is then the newest fix
/// time seen. A live source is not paced, and "now" is the wall clock.
public enum ReplayClock: Sendable, Equatable {
    /// Not a replay: fixes are processed as they arrive; now is the wall clock; locations are live.
    case live
    /// A replay at the pace of the recording.
    case realTime
    /// A replay at `factor` times the pace of the recording; `factor` > 0.
    case speed(Double)
    /// A replay as fast as possible on a virtual clock: no sleeping, deterministic.
    case virtual

    /// The speed-up over the recording, or nil when fixes are not paced.
    var factor: Double? {
        switch self {
        case .live, .virtual: nil
        case .realTime: 1
        case .speed(let f): f > 0 && f.isFinite ? f : nil
        }
    }
}
