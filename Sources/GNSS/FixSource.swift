/// Something that produces fixes: an NMEA trace, gpsd, or any source a user writes.
///
/// A source hands its fixes over as an `AsyncSequence` of ``FixSourceEvent``; consuming stops when
/// the task iterating it is cancelled. Sources know nothing of the location manager.
public protocol FixSource: Sendable {
    associatedtype Events: AsyncSequence & Sendable where Events.Element == FixSourceEvent
    /// A short human-readable name: "gpsd localhost:2947", "trace walk.nmea".
    var name: String { get }
    /// Whether the fixes happen now (gpsd, a receiver) rather than come from a recording (a trace,
    /// fixes in memory). A recording is judged on its own time and paced by its own timestamps,
    /// never by the wall clock. Default true.
    var isLive: Bool { get }
    /// Starts the source and returns its events. Each call starts a fresh stream.
    func events() -> Events
}

extension FixSource {
    /// A source is live unless it says otherwise.
    public var isLive: Bool { true }
}

/// What a ``FixSource`` reports.
public enum FixSourceEvent: Sendable, Equatable {
    /// A receiver epoch.
    case fix(Fix)
    /// A change in the source's state (connected, waiting, lost, reconnecting...).
    case state(SourceState)
    /// A problem that did not end the source: a skipped sentence, a reconnect attempt that failed.
    case warning(String)
}

/// The state of a ``FixSource``.
public enum SourceState: Sendable, Equatable {
    /// Connecting or opening.
    case connecting
    /// Connected, data flowing.
    case connected
    /// Connected, but no fix for this long.
    case noFix(for: Duration)
    /// Connected, but nothing received for this long.
    case noData(for: Duration)
    /// The connection was refused (gpsd not running).
    case refused(reason: String)
    /// The connection was lost.
    case lost(reason: String)
    /// Waiting `delay` before the given reconnection attempt (1, 2, ...).
    case reconnecting(attempt: Int, delay: Duration)
    /// The source has ended (end of a trace, or stopped).
    case finished
}
