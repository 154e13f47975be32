import GNSS
import GPSD
import TestSupport

/// What the tests against fake gpsd servers share: a source on 127.0.0.1 with quick options, and
/// readings of its events.
enum HostilePeer {
    /// Short backoff (0.1 s doubling to 0.4 s) and short silences (1 s), as the live tests use.
    static func source(port: UInt16) -> GPSDSource {
        GPSDSource(
            endpoint: GPSDEndpoint(host: "127.0.0.1", port: port),
            options: GPSDSourceOptions(
                noFixTimeout: .seconds(1), noDataTimeout: .seconds(1),
                backoff: ReconnectBackoff(initial: .milliseconds(100), maximum: .milliseconds(400)),
                pollInterval: .milliseconds(100)))
    }

    static func warnings(_ events: [FixSourceEvent]) -> [String] {
        events.compactMap { if case .warning(let w) = $0 { w } else { nil } }
    }

    static func delays(_ states: [SourceState]) -> [Duration] {
        states.compactMap { if case .reconnecting(_, let delay) = $0 { delay } else { nil } }
    }

    static func attempts(_ states: [SourceState]) -> [Int] {
        states.compactMap { if case .reconnecting(let attempt, _) = $0 { attempt } else { nil } }
    }

    static func failures(_ states: [SourceState]) -> [SourceState] {
        states.filter {
            switch $0 {
            case .lost, .refused: true
            default: false
            }
        }
    }
}
