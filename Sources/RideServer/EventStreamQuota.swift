import Synchronization

/// How many ride event streams (`GET /rides/{id}/events`) may be open: ``perPrincipal`` for one
/// rider (or the operator), ``total`` on the server; beyond either, 429 `too-many-streams`.
/// Each open stream holds a connection and a task that reads its ride only when it changes
/// (about 50 KiB of the server's memory a stream, measured with 2,000 open: BENCHMARKS.md).
public struct EventStreamLimit: Sendable, Equatable {
    /// Streams of one principal at once, 1...10,000. Default 8.
    public var perPrincipal: Int
    /// Streams on the server at once, 1...100,000. Default 256.
    public var total: Int

    /// The per-principal counts allowed.
    public static let perPrincipalCounts = 1...10_000
    /// The totals allowed.
    public static let totals = 1...100_000

    public init(perPrincipal: Int = 8, total: Int = 256) {
        self.perPrincipal = min(max(perPrincipal, Self.perPrincipalCounts.lowerBound), Self.perPrincipalCounts.upperBound)
        self.total = min(max(total, Self.totals.lowerBound), Self.totals.upperBound)
    }
}

/// The streams open, counted per principal and in all against an ``EventStreamLimit``.
final class EventStreamQuota: Sendable {
    let limit: EventStreamLimit
    private let counts = Mutex<(total: Int, byPrincipal: [String: Int])>((0, [:]))

    init(limit: EventStreamLimit) {
        self.limit = limit
    }

    /// One more stream for `principal`: a ticket that gives it back when released (or, at the
    /// latest, when the ticket is freed, also when the response body never ran), or nil beyond
    /// either limit.
    func acquire(_ principal: String) -> Ticket? {
        let granted = counts.withLock { counts -> Bool in
            guard counts.total < limit.total, counts.byPrincipal[principal, default: 0] < limit.perPrincipal else { return false }
            counts.total += 1
            counts.byPrincipal[principal, default: 0] += 1
            return true
        }
        return granted ? Ticket(quota: self, principal: principal) : nil
    }

    fileprivate func release(_ principal: String) {
        counts.withLock { counts in
            counts.total -= 1
            let left = counts.byPrincipal[principal, default: 1] - 1
            counts.byPrincipal[principal] = left > 0 ? left : nil
        }
    }

    /// One open stream's place in the quota; given back once.
    final class Ticket: Sendable {
        private let quota: EventStreamQuota
        private let principal: String
        private let held = Atomic<Bool>(true)

        fileprivate init(quota: EventStreamQuota, principal: String) {
            self.quota = quota
            self.principal = principal
        }

        func release() {
            if held.exchange(false, ordering: .relaxed) { quota.release(principal) }
        }

        deinit { release() }
    }
}

extension ProblemDocument {
    /// 429: the principal, or the server, has as many ride event streams open as it may.
    static func tooManyRideStreams(_ limit: EventStreamLimit) -> ProblemDocument {
        ProblemDocument(
            .tooManyRequests, kind: "too-many-streams", title: "Too many event streams",
            detail:
                "at most \(limit.perPrincipal) ride event streams for one token's rider, and \(limit.total) on the server, may be open at once",
            retryAfter: 5)
    }
}
