import Foundation
import RideBooking
import RideServer
import TestSupport
import Testing

/// Issue 24: tokens that expire and are revoked. A revoked token is refused on every server
/// sharing the store within 5 s (each trusts a looked-up token for 2 s); an expired one at once.
@Suite("Token expiry and revocation")
struct TokenLifecycleTests {
    @Test(
        "A revoked token is refused on both servers within 5 s; an expired token is refused; the others still work",
        arguments: StoreKind.allCases)
    func revokedOnBothServers(_ kind: StoreKind) async throws {
        try await kind.withTwoServers { a, b in
            let store = a.backend.store
            let token = RideToken.generate()
            try await store.storeToken(hash: RideToken.hash(token), principal: .rider("lin"), at: Date(), expires: nil)
            // Both servers look it up (and keep it for 2 s).
            for server in [a, b] {
                #expect(try await server.probe.send("GET", "/rides", token: token).status == 200)
            }
            let start = ContinuousClock.now
            let revoked = try await store.revokeToken(hashPrefix: String(RideToken.hash(token).prefix(12)), at: Date())
            guard case .revoked(let record) = revoked else {
                Issue.record("not revoked: \(revoked)")
                return
            }
            #expect(record.principal == .rider("lin"))
            // Both servers watched at once: each must refuse it within 5 s of the revocation.
            @Sendable func refusal(_ server: ServerHarness) async -> Duration? {
                let refused = await waitUntilAsync(upTo: .seconds(10), poll: .milliseconds(100)) {
                    (try? await server.probe.send("GET", "/rides", token: token).status) == 401
                }
                return refused ? ContinuousClock.now - start : nil
            }
            async let onA = refusal(a)
            async let onB = refusal(b)
            for (name, delay) in await [("A", onA), ("B", onB)] {
                #expect(
                    delay.map { $0 < .seconds(5) } == true,
                    "server \(name) refused the revoked token after \(String(describing: delay))")
            }
            // Another rider's token is untouched.
            #expect(try await b.probe.send("GET", "/rides", token: a.riderToken).status == 200)

            let expired = RideToken.generate()
            try await store.storeToken(
                hash: RideToken.hash(expired), principal: .rider("lin"), at: Date(), expires: Date(timeIntervalSinceNow: -1))
            for server in [a, b] {
                #expect(try await server.probe.send("GET", "/rides", token: expired).status == 401)
            }
        }
    }
}
