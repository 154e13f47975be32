import GNSS
import LodestarInternals
import RideClient
import Synchronization

/// What `lodestar vehicle` says: one line on standard output per position the service accepted,
/// and on standard error each change of the source's or the service's state, once (one "lost"
/// per outage, not one per retry), and a closing summary. Called from the reading task and the
/// reporter's task, so its counts sit behind a lock.
final class VehicleLog: Sendable {
    private struct State {
        var sourceLost = false
        var sourceUnreachable = false
        var locations = 0
        var sent = 0
        var outages = 0
        var superseded = 0
        var refused = 0
        var mustStop = false
    }

    private let vehicleID: String
    private let server: String
    private let source: String
    private let state = Mutex(State())

    init(vehicleID: String, server: String, source: String) {
        self.vehicleID = vehicleID
        self.server = server
        self.source = source
    }

    /// True once the service has refused the vehicle or its token: reporting is pointless.
    var mustStop: Bool { state.withLock { $0.mustStop } }

    /// The manager delivered a location (reported or not).
    func located() {
        state.withLock { $0.locations += 1 }
    }

    /// The location source's state, said as `track` says it.
    func source(_ sourceState: SourceState) {
        let message: String? = state.withLock { state in
            switch sourceState {
            case .refused(let reason):
                guard !state.sourceUnreachable else { return nil }
                state.sourceUnreachable = true
                return "\(source) is not reachable (\(reason)); retrying until it is"
            case .lost(let reason):
                state.sourceLost = true
                return "\(source): connection lost (\(reason)), reconnecting"
            case .connected:
                defer {
                    state.sourceLost = false
                    state.sourceUnreachable = false
                }
                return state.sourceLost ? "reconnected to \(source)" : state.sourceUnreachable ? "connected to \(source)" : nil
            case .connecting, .noFix, .noData, .reconnecting, .finished:
                return nil
            }
        }
        if let message { Diagnostics.error("\(message)") }
    }

    /// What the reporter says.
    func handle(_ event: PositionReporter.Event) {
        switch event {
        case .connected:
            Diagnostics.error("reporting \(vehicleID) to \(server)")
        case .delivered(let report):
            state.withLock { $0.sent += 1 }
            StandardOutput.line(Self.line(report))
        case .lost(let error):
            state.withLock { $0.outages += 1 }
            Diagnostics.error(
                "\(error.description); retrying, keeping only the latest position")
        case .restored(let attempts, let superseded):
            state.withLock { $0.superseded += superseded }
            Diagnostics.error(
                "the ride service at \(server) answers again (after \(attempts) failed attempt\(attempts == 1 ? "" : "s"); \(superseded) older position\(superseded == 1 ? "" : "s") replaced by the latest)"
            )
        case .rejected(let report, let error):
            let fatal: Bool
            if case .status(let code, _) = error, [401, 403, 404].contains(code) { fatal = true } else { fatal = false }
            state.withLock {
                $0.refused += 1
                if fatal { $0.mustStop = true }
            }
            Diagnostics.error(
                "the position at \(ISO8601.string(report.timestamp, fractionDigits: 0)) was refused: \(error.description)"
                    + (fatal ? "; stopping" : ""))
        }
    }

    /// The closing summary, on standard error.
    func summary() {
        let s = state.withLock { $0 }
        Diagnostics.error(
            "vehicle \(vehicleID): \(s.locations) locations, \(s.sent) positions reported to \(server), \(s.refused) refused, "
                + "\(s.superseded) superseded while the service was away (\(s.outages) outage\(s.outages == 1 ? "" : "s"))")
    }

    /// `2026-03-14T09:30:05Z  51.508500,-0.124700  ±3.1 m  9.5 m/s  sent`.
    static func line(_ report: PositionReport) -> String {
        var text = ISO8601.string(report.timestamp, fractionDigits: 0)
        text +=
            "  " + DecimalText.string(report.coordinate.latitude, decimals: 6) + ","
            + DecimalText.string(report.coordinate.longitude, decimals: 6)
        if let accuracy = report.horizontalAccuracy { text += "  ±" + DecimalText.string(accuracy, decimals: 1) + " m" }
        if let speed = report.speed { text += "  " + DecimalText.string(speed, decimals: 1) + " m/s" }
        return text + "  sent"
    }
}
