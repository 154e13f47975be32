import GNSS
import Synchronization

/// What a ``GPSDSource`` has reported so far, summed up in one line that says why a program got
/// no location from it: gpsd not reachable, the connection lost, gpsd silent, gpsd sending what
/// Lodestar refused, or no fix.
///
/// ```swift
/// let source = GPSDSource(endpoint: endpoint)
/// // ... no location within the wait:
/// print("no location: \(source.status.explanation)")
/// ```
///
/// Updated by the source's reader thread as it reports; safe to read from any thread.
public final class GPSDSourceStatus: Sendable {
    /// Where the source connects.
    public let endpoint: GPSDEndpoint
    private let state = Mutex(Snapshot())

    private struct Snapshot {
        /// The last connection state reported, nil before any.
        var last: SourceState?
        /// The failure that started the current outage, nil while connected.
        var failure: SourceState?
        /// Whether a connection ever delivered.
        var everConnected = false
        var lastWarning: String?
        var warnings = 0
        /// TPV reports received, and those with a 2D or 3D position.
        var reports = 0
        var positions = 0
    }

    init(endpoint: GPSDEndpoint) {
        self.endpoint = endpoint
    }

    /// Notes one event of the source.
    func note(_ event: FixSourceEvent) {
        state.withLock { s in
            switch event {
            case .fix(let fix):
                guard fix.mode != .unknown else { return }  // a heading reading
                s.reports += 1
                if fix.hasPosition { s.positions += 1 }
            case .warning(let text):
                s.warnings += 1
                s.lastWarning = text
            case .state(let state):
                switch state {
                case .reconnecting, .finished: return
                case .refused, .lost: s.failure = state
                case .connected:
                    s.failure = nil
                    s.everConnected = true
                default: break
                }
                s.last = state
            }
        }
    }

    /// Warnings reported so far (values refused, lines that are not gpsd reports, gpsd's errors).
    public var warnings: Int { state.withLock { $0.warnings } }
    /// TPV reports received so far, and those with a position.
    public var reports: (all: Int, withPosition: Int) { state.withLock { ($0.reports, $0.positions) } }

    /// One line on where the source stands, for a program that got no location from it:
    /// "gpsd at localhost:2947 is not reachable (can't connect to host/port pair)",
    /// "connection to gpsd at localhost:2947 lost (gpsd closed the connection)",
    /// "gpsd at localhost:2947 has sent nothing for 5 s", "gpsd at localhost:2947 sent nothing
    /// usable: 3 warnings, the last: ...", "gpsd at localhost:2947 reports no fix (12 reports
    /// without a position)".
    public var explanation: String {
        let s = state.withLock { $0 }
        let at = "gpsd at \(endpoint)"
        switch s.failure {
        case .refused(let reason):
            return s.everConnected ? "connection to \(at) lost (\(reason))" : "\(at) is not reachable (\(reason))"
        case .lost(let reason):
            return "connection to \(at) lost (\(reason))"
        default:
            break
        }
        if case .noData(let silence) = s.last { return "\(at) has sent nothing for \(silence.components.seconds) s" }
        if s.positions == 0, let warning = s.lastWarning {
            let count = s.warnings == 1 ? "" : "\(s.warnings) warnings, the last: "
            return "\(at) sent nothing usable: \(count)\(warning)"
        }
        if !s.everConnected { return "no answer from \(at) yet" }
        if s.reports == 0 { return "\(at) answered but reported nothing from a receiver" }
        if s.positions == 0 { return "\(at) reports no fix (\(s.reports) reports without a position)" }
        return "\(at) reported \(s.positions) positions"
    }
}
