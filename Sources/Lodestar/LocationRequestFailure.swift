import LodestarInternals

/// Why ``LocationManager/requestLocation(timeout:)`` found no location, and what it saw meanwhile.
///
/// Reads as one line: "no fix met ±10 m within 60 s (best ±11 m)", "no fix within 30 s",
/// "the source ended before a fix met ±10 m (best ±11 m)".
public struct LocationRequestFailure: Sendable, Equatable, CustomStringConvertible {
    /// How the request ended.
    public enum Ending: Sendable, Equatable {
        /// The timeout passed: wall-clock time for a live source, trace time for a replay.
        case timedOut(Duration)
        /// The source finished (a trace ended, or it failed for good) first.
        case sourceEnded
    }

    /// How the request ended.
    public var ending: Ending
    /// The desired accuracy in force, metres (68% radius); nil when every valid fix qualified.
    public var required: Double?
    /// The best horizontal accuracy (68% radius, metres) among the fixes seen during the request;
    /// nil when none had a position with a stated accuracy.
    public var best: Double?
    /// How many fixes with a position were seen during the request.
    public var positions: Int

    public init(ending: Ending, required: Double?, best: Double?, positions: Int) {
        self.ending = ending
        self.required = required
        self.best = best
        self.positions = positions
    }

    public var description: String {
        let need = required.map { " met ±\(Self.metres($0))" } ?? ""
        let head =
            switch ending {
            case .timedOut(let timeout): "no fix\(need) within \(Self.seconds(timeout))"
            case .sourceEnded: "the source ended before a fix\(need)"
            }
        if let best { return "\(head) (best ±\(Self.metres(best)))" }
        if positions > 0 { return "\(head) (\(positions) without a stated accuracy)" }
        return required == nil ? head : "\(head) (no position seen)"
    }

    private static func metres(_ m: Double) -> String {
        m >= 10 || m == m.rounded() ? "\(WholeNumber.text(m)) m" : "\((m * 10).rounded() / 10) m"
    }

    private static func seconds(_ d: Duration) -> String {
        let s = d.seconds
        return s == s.rounded() && abs(s) < 1e15 ? "\(Int(s)) s" : "\(s) s"
    }
}
