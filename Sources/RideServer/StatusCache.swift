import Foundation
import Synchronization

/// Ride statuses this server answered recently, as the bytes it answered with, so that a rider
/// polling `GET /rides/{id}` does not cost two store reads per poll.
///
/// An answer is kept for ``lifetime`` (default 1 s, the vehicles' report interval: a status is
/// never older than the position it shows by more than that) and dropped at once when this
/// server writes the ride (a cancellation, a vehicle's report that moves it on) or when the
/// store's change feed says another server did. A status carries its own `date`, the moment it
/// describes. At most ``capacity`` rides are kept; past that the cache starts again empty.
final class StatusCache: Sendable {
    /// An answer: the JSON body and the rider whose ride it is (nil: booked in process).
    struct Entry: Sendable {
        let body: Data
        let rider: String?
        let expires: ContinuousClock.Instant
    }

    /// How long an answer is kept; zero keeps none.
    let lifetime: Duration
    /// The most rides kept: 10,000 (about 20 MB of 2 KB answers).
    static let capacity = 10_000
    private let entries = Mutex<[String: Entry]>([:])

    init(lifetime: Duration) { self.lifetime = lifetime }

    /// The answer kept for the ride, if it has not expired.
    func entry(_ rideIdentifier: String) -> Entry? {
        let now = ContinuousClock.now
        return entries.withLock { entries in
            guard let entry = entries[rideIdentifier] else { return nil }
            guard entry.expires > now else {
                entries[rideIdentifier] = nil
                return nil
            }
            return entry
        }
    }

    /// Keeps the answer for the ride.
    func store(_ rideIdentifier: String, body: Data, rider: String?) {
        guard lifetime > .zero else { return }
        let entry = Entry(body: body, rider: rider, expires: ContinuousClock.now + lifetime)
        entries.withLock { entries in
            if entries.count >= Self.capacity, entries[rideIdentifier] == nil { entries.removeAll(keepingCapacity: true) }
            entries[rideIdentifier] = entry
        }
    }

    /// Drops the answers kept for these rides: they have changed.
    func evict(_ rideIdentifiers: some Sequence<String>) {
        entries.withLock { entries in
            for identifier in rideIdentifiers { entries[identifier] = nil }
        }
    }

    /// Drops every answer kept: some ride changed, which one is not known.
    func evictAll() { entries.withLock { $0.removeAll() } }
}
