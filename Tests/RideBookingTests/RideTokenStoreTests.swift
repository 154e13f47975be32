import Foundation
import RideBooking
import RideTestSupport
import Synchronization
import TestSupport
import Testing

/// Issue 24: tokens with an expiry, revoked by the identifier `serve token list` shows; both stores.
@Suite("Token store")
struct RideTokenStoreTests {
    private typealias F = BackendFixtures

    @Test(arguments: Backend.allCases) func tokensExpireAreListedAndRevoked(_ backend: Backend) async throws {
        try await backend.run { fixture in
            let store = fixture.store
            let created = F.date
            // Two hashes that share their first 12 digits, and one that does not.
            let shared = String(repeating: "ab", count: 6)
            let one = shared + String(repeating: "1", count: 52)
            let two = shared + String(repeating: "2", count: 52)
            let three = String(repeating: "c", count: 64)
            try await store.storeToken(
                hash: one, principal: .rider("ada"), at: created, expires: created.addingTimeInterval(3_600))
            try await store.storeToken(hash: two, principal: .vehicle("V-1"), at: created.addingTimeInterval(1), expires: nil)
            try await store.storeToken(hash: three, principal: .operator, at: created.addingTimeInterval(2))

            let listed = try await store.tokens()
            #expect(listed.map(\.hash) == [one, two, three])
            #expect(listed.map(\.identifier) == [shared, shared, "cccccccccccc"])
            #expect(
                listed[0]
                    == RideTokenRecord(
                        hash: one, principal: .rider("ada"), created: created, expires: created.addingTimeInterval(3_600)))
            #expect(listed[1].expires == nil && listed[1].revoked == nil)

            // Valid until its expiry, and not at it.
            let first = try #require(try await store.token(hash: one))
            #expect(first.isValid(at: created.addingTimeInterval(3_599)))
            #expect(!first.isValid(at: created.addingTimeInterval(3_600)))
            #expect(try await store.token(hash: String(repeating: "0", count: 64)) == nil)

            // A prefix of two tokens revokes neither; a longer one revokes one, once.
            #expect(try await store.revokeToken(hashPrefix: shared, at: created) == .ambiguous)
            #expect(try await store.revokeToken(hashPrefix: "dddddddddddd", at: created) == .notFound)
            #expect(
                try await store.revokeToken(hashPrefix: "ABABABABABAB", at: created) == .notFound, "upper case is not a prefix")
            #expect(try await store.revokeToken(hashPrefix: "abab", at: created) == .notFound, "shorter than 12 digits")
            let revokedAt = created.addingTimeInterval(10)
            #expect(
                try await store.revokeToken(hashPrefix: shared + "2", at: revokedAt)
                    == .revoked(
                        RideTokenRecord(
                            hash: two, principal: .vehicle("V-1"), created: created.addingTimeInterval(1), revoked: revokedAt)))
            guard case .revoked(let again) = try await store.revokeToken(hashPrefix: two, at: revokedAt.addingTimeInterval(50))
            else {
                Issue.record("a revoked token is found again")
                return
            }
            #expect(again.revoked == revokedAt, "the first revocation time is kept")
            let revoked = try #require(try await store.token(hash: two))
            #expect(revoked.isValid(at: revokedAt.addingTimeInterval(-1)) && !revoked.isValid(at: revokedAt))
            #expect(try await store.principal(tokenHash: two) == nil)
            #expect(try await store.principal(tokenHash: three) == .operator)

            // Issued again, a hash is valid again, with its new principal.
            try await store.storeToken(hash: two, principal: .rider("grace"), at: revokedAt, expires: nil)
            #expect(
                try await store.token(hash: two) == RideTokenRecord(hash: two, principal: .rider("grace"), created: revokedAt))
        }
    }

    @Test(arguments: Backend.allCases) func rideEventsAreLoggedAndFollowed(_ backend: Backend) async throws {
        try await backend.run { fixture in
            let store = fixture.store
            try await F.fleet([Fixture.vehicle("V-1", at: Fixture.point(azimuth: 0, distance: 500))], in: store)
            // A second instance, as another process would be, follows the changes.
            let follower = try fixture.another()
            let seen = Mutex<[RideChange]>([])
            let following = Task {
                await follower.followRideChanges(every: .milliseconds(20)) { change in seen.withLock { $0.append(change) } }
            }
            defer { following.cancel() }
            #expect(await waitUntil(upTo: .seconds(10)) { seen.withLock { $0.first } == .any })

            let record = try #require(try await F.book(F.order(), in: store).record)
            let id = record.rideIdentifier
            let later = F.date.addingTimeInterval(60)
            #expect(
                try await store.advance(rideIdentifier: id, to: .approachingPickup, completion: nil, at: later).record?
                    .storedPhase == .approachingPickup)
            #expect(
                try await store.cancel(rideIdentifier: id, rider: "ada", at: later.addingTimeInterval(5)).record?.storedPhase
                    == .completed)

            let events = try await store.rideEvents(rideIdentifier: id, after: nil)
            #expect(events.map(\.phase) == [.confirmed, .approachingPickup, .completed])
            #expect(events.map(\.completionStatus) == [nil, nil, .canceledByUser])
            #expect(events.map(\.date) == [F.date, later, later.addingTimeInterval(5)])
            #expect(events.allSatisfy { $0.rideIdentifier == id })
            #expect(zip(events, events.dropFirst()).allSatisfy { $0.identifier < $1.identifier })
            #expect(
                try await store.rideEvents(rideIdentifier: id, after: events[0].identifier).map(\.phase) == [
                    .approachingPickup, .completed,
                ])
            #expect(try await store.rideEvents(rideIdentifier: id, after: events[2].identifier) == [])
            #expect(try await store.rideEvents(rideIdentifier: "no-such-ride", after: nil) == [])

            // The other instance heard of this ride (once per event for PostgreSQL's NOTIFY;
            // at least once for SQLite's log, read every 20 ms).
            #expect(
                await waitUntil(upTo: .seconds(10)) {
                    seen.withLock { $0.filter { $0 == .ride(id) }.count } >= (backend == .postgres ? 3 : 1)
                })
        }
    }
}
