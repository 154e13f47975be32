import Foundation
import Geodesy
import TestSupport
import Testing

/// Issue 24, status reads: a status answer is kept for a second and answered again, so polling
/// riders do not cost store reads; a write through the server, or a change another server makes,
/// is seen at once.
@Suite("Status answers kept for a second")
struct StatusCacheTests {
    /// A ride booked on `server` by its rider, the vehicle 2,000 m east of the pickup.
    static func bookedRide(on server: ServerHarness, into api: OpenAPIConformance) async throws -> String {
        try await server.placeVehicles(point(from: ServerHarness.centre, azimuth: 90, distance: 2_000))
        return try await server.book(
            ServerHarness.rideRequest(pickup: ServerHarness.centre, dropOff: nil), token: server.riderToken, into: api)
    }

    @Test(
        "Two reads within the second get the same answer; a report that moves the ride is seen at the next read",
        arguments: StoreKind.allCases)
    func keptUntilChanged(_ kind: StoreKind) async throws {
        try await kind.withServer { server in
            let api = OpenAPIConformance()
            let id = try await Self.bookedRide(on: server, into: api)
            let path = "/rides/\(id)"
            let template = "/rides/{rideIdentifier}"
            let first = try await server.call("GET", path, template, token: server.riderToken, into: api)
            let again = try await server.call("GET", path, template, token: server.riderToken, into: api)
            #expect(first.status == 200)
            // The same bytes: the same `date`, the moment the status describes.
            #expect(again.text == first.text)
            // Another rider's token still gets 404 from the kept answer.
            let other = try await server.call("GET", path, template, token: server.otherRiderToken, into: api)
            #expect(other.status == 404)
            // The vehicle reports 1,000 m nearer: the next read shows it, kept answer or not.
            let before = ((first.json["rideStatus"] as? [String: Any])?["distanceRemaining"] as? Double) ?? 0
            _ = try await server.report(point(from: ServerHarness.centre, azimuth: 90, distance: 1_000))
            let moved = try await server.call("GET", path, template, token: server.riderToken, into: api)
            let after = ((moved.json["rideStatus"] as? [String: Any])?["distanceRemaining"] as? Double) ?? 0
            #expect(before > 1_900 && after < 1_100, "distance \(before) m then \(after) m")
            #expect(try await api.problems() == [])
        }
    }

    @Test("A cancellation written through server A is seen by a read on server B, which kept the ride's answer, within 1 s")
    func changedElsewhere() async throws {
        try await StoreKind.postgres.withTwoServers { a, b in
            let api = OpenAPIConformance()
            let id = try await Self.bookedRide(on: a, into: api)
            let path = "/rides/\(id)"
            let template = "/rides/{rideIdentifier}"
            let kept = try await b.call("GET", path, template, token: b.riderToken, into: api)
            #expect((kept.json["rideStatus"] as? [String: Any])?["phaseName"] as? String == "confirmed")
            let cancelled = try await a.call(
                "POST", "\(path)/cancel", "/rides/{rideIdentifier}/cancel", token: a.riderToken, into: api)
            #expect(cancelled.json["codeName"] as? String == "success")
            let answered = ContinuousClock.now
            var phase = ""
            while ContinuousClock.now - answered < .seconds(3) {
                let read = try await b.call("GET", path, template, token: b.riderToken, into: api)
                phase = ((read.json["rideStatus"] as? [String: Any])?["phaseName"] as? String) ?? ""
                if phase == "completed" { break }
                try await Task.sleep(for: .milliseconds(20))
            }
            let seen = ContinuousClock.now - answered
            #expect(phase == "completed")
            #expect(seen < .seconds(1), "B answered the cancelled ride as completed after \(seen)")
            #expect(try await api.problems() == [])
        }
    }
}
