import Foundation
import TestSupport
import Testing

@testable import RideServer

/// Issue 24: exactly once. `POST /rides` and `POST /rides/{id}/cancel` take an `Idempotency-Key`;
/// the same key with the same request gets the first response on any server sharing the store,
/// also while the first is in flight; the same key with another request is 422.
@Suite("Idempotency keys")
struct IdempotencyKeyTests {
    @Test(
        "Two concurrent bookings with one key through two servers make one ride, both answered with it; another body is 422",
        arguments: StoreKind.allCases)
    func oneRideForOneKey(_ kind: StoreKind) async throws {
        try await kind.withTwoServers { a, b in
            let api = OpenAPIConformance()
            try await a.placeVehicles(point(from: ServerHarness.centre, azimuth: 90, distance: 2_000))
            let body = ServerHarness.rideRequest(pickup: ServerHarness.centre, dropOff: nil)
            let key = ["Idempotency-Key": "\"\(UUID().uuidString)\""]
            async let first = a.probe.send("POST", "/rides", token: a.riderToken, json: body, headers: key)
            async let second = b.probe.send("POST", "/rides", token: a.riderToken, json: body, headers: key)
            let answers = try await [first, second]
            for answer in answers { api.record("POST", "/rides", answer) }
            #expect(answers.map(\.status) == [201, 201], "\(answers.map(\.text))")
            let ids = answers.map { ($0.json["rideStatus"] as? [String: Any])?["rideIdentifier"] as? String }
            #expect(ids[0] != nil && ids[0] == ids[1])
            let rides = try await a.probe.send("GET", "/rides", token: a.riderToken)
            #expect((rides.json["rides"] as? [[String: Any]])?.count == 1, "\(rides.text)")

            // Later, the same key and body: the same answer again.
            let again = try await b.probe.send("POST", "/rides", token: a.riderToken, json: body, headers: key)
            #expect(again.status == 201 && again.text == answers[0].text)
            // The same key with another body: 422, and nothing booked.
            let other = try await a.call(
                "POST", "/rides", "/rides", token: a.riderToken,
                json: ServerHarness.rideRequest(pickup: ServerHarness.centre, dropOff: nil, party: 1), into: api)
            #expect(other.status == 200, "without a key the rider's second ride is refused by the active-ride limit")
            let reused = try await a.probe.send(
                "POST", "/rides", token: a.riderToken,
                json: ServerHarness.rideRequest(pickup: ServerHarness.centre, dropOff: nil, party: 1),
                headers: key)
            api.record("POST", "/rides", reused)
            #expect(reused.status == 422)
            #expect(reused.json["type"] as? String == "https://lodestar.invalid/problems/idempotency-key-reused")
            // Another rider's key of the same text is another key.
            let grace = try await a.probe.send("POST", "/rides", token: a.otherRiderToken, json: body, headers: key)
            #expect(grace.status == 200 || grace.status == 201, "\(grace.text)")
            #expect((grace.json["rideStatus"] as? [String: Any])?["rideIdentifier"] as? String != ids[0])

            // A cancel retried with its key is answered as the first time, not "already completed".
            let id = try #require(ids[0])
            let cancelKey = ["Idempotency-Key": "cancel-\(id)"]
            let cancels = [
                try await a.probe.send("POST", "/rides/\(id)/cancel", token: a.riderToken, headers: cancelKey),
                try await b.probe.send("POST", "/rides/\(id)/cancel", token: a.riderToken, headers: cancelKey),
            ]
            for cancel in cancels { api.record("POST", "/rides/{rideIdentifier}/cancel", cancel) }
            #expect(cancels.map { $0.json["codeName"] as? String } == ["success", "success"])
            #expect(cancels[0].text == cancels[1].text)
            let plain = try await a.probe.send("POST", "/rides/\(id)/cancel", token: a.riderToken)
            #expect(plain.json["codeName"] as? String == "failure")

            // A key that is not 1 to 255 visible characters is refused before anything runs.
            let bad = try await a.probe.send(
                "POST", "/rides", token: a.riderToken, json: body,
                headers: ["Idempotency-Key": String(repeating: "k", count: 256)])
            api.record("POST", "/rides", bad)
            #expect(bad.status == 400)
            #expect(try await api.problems() == [])
        }
    }

    @Test("The header's key: a quoted string or bare text of 1 to 255 visible ASCII characters")
    func keyText() {
        #expect(IdempotentWrite.key("\"8e03978e-40d5-43e8-bc93-6894a57f9324\"") == "8e03978e-40d5-43e8-bc93-6894a57f9324")
        #expect(IdempotentWrite.key("abc") == "abc")
        #expect(IdempotentWrite.key(String(repeating: "x", count: 255)) == String(repeating: "x", count: 255))
        for bad in ["", "\"\"", "a b", String(repeating: "x", count: 256), "\"a\"b\"", "é", "\"a\\b\""] {
            #expect(IdempotentWrite.key(bad) == nil, "\(bad)")
        }
    }
}
