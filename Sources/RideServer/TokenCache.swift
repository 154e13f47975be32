import Foundation
import RideBooking
import Synchronization

/// The bearer tokens this server has looked up, kept for ``lifetime`` so that a busy rider's
/// requests do not each read the store. A token revoked (or re-issued) on any server is refused
/// here at most ``lifetime`` later; an expiry is exact, since the cached record carries it.
/// Unknown tokens are not cached (a guesser cannot fill the cache); at most ``capacity`` tokens
/// are, and a full cache drops its stale entries, then everything, before it takes another.
final class TokenCache: Sendable {
    /// How long a looked-up token is trusted without reading the store again: 2 s, within the
    /// 5 s in which a revocation must reach every server.
    static let lifetime: Duration = .seconds(2)
    /// The most tokens kept.
    static let capacity = 10_000

    private let store: any RideBackend
    private let entries = Mutex<[String: (token: RideTokenRecord, read: ContinuousClock.Instant)]>([:])
    private let clock: @Sendable () -> Date

    init(store: any RideBackend, now: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        clock = now
    }

    /// Who `token` speaks for now; nil for a token that is unknown, expired or revoked.
    func principal(token: String) async throws(RideStoreError) -> RidePrincipal? {
        let hash = RideToken.hash(token)
        let instant = ContinuousClock.now
        let cached = entries.withLock { entries -> RideTokenRecord? in
            guard let entry = entries[hash], instant - entry.read < Self.lifetime else { return nil }
            return entry.token
        }
        let record: RideTokenRecord
        if let cached {
            record = cached
        } else {
            guard let read = try await store.token(hash: hash) else { return nil }
            record = read
            entries.withLock { entries in
                if entries.count >= Self.capacity {
                    entries = entries.filter { instant - $0.value.read < Self.lifetime }
                    if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
                }
                entries[hash] = (read, instant)
            }
        }
        return record.isValid(at: clock()) ? record.principal : nil
    }
}
