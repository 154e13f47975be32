import GNSS

/// What a ``LocationManager`` delivers, in order, on its event stream and to its delegate.
public enum LocationEvent: Sendable, Equatable {
    /// A location that passed every rule.
    case location(Location)
    /// A heading that passed the heading filter.
    case heading(Heading)
    /// A location was withheld by the desiredAccuracy rule; the best accuracy so far is attached.
    case waitingForAccuracy(WaitingForAccuracy)
    /// A fix was withheld by another rule (no position, stale, out of order, distance filter).
    case withheld(Withholding)
    /// Something went wrong; updates continue unless the source has finished.
    case error(LocationError)
    /// The source's state changed (connected, lost, finished...).
    case sourceState(SourceState)
    /// The source reported a problem that did not stop it, such as a skipped sentence.
    case warning(String)
    /// The arrival rule declared arrival (once). Boxed: it is rare, and unboxed it would make every
    /// event as large as an ``ArrivalEvent``.
    indirect case arrived(ArrivalEvent)
    /// The arrival rule declared departure after arrival (once). Boxed, like ``arrived(_:)``.
    indirect case departed(ArrivalEvent)
}
