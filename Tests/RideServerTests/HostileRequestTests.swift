import Foundation
import Geodesy
import RideServer
import TestSupport
import Testing

/// Issue 26, "The service": what a hostile or careless client tried, answered as HTTP says.
@Suite("Hostile requests, round two", .serialized)
struct HostileRequestTests {
    @Test(
        "HEAD is answered as GET without a body; a route without GET answers HEAD with 405 and Allow",
        arguments: [StoreKind.sqlite])
    func head(_ kind: StoreKind) async throws {
        try await kind.withServer { server in
            for (path, token) in [("/health", nil), ("/openapi.json", nil), ("/metrics", nil), ("/rides", server.riderToken)]
                as [(String, String?)]
            {
                let get = try await server.probe.send("GET", path, token: token)
                let head = try await server.probe.send("HEAD", path, token: token)
                #expect(get.status == 200, "GET \(path): \(get)")
                #expect(head.status == 200, "HEAD \(path): \(head)")
                #expect(head.body.isEmpty, "HEAD \(path): \(head.body.count) bytes")
                #expect(head.contentType == get.contentType)
                if path != "/metrics" { #expect(head.headers["content-length"] == String(get.body.count), "HEAD \(path)") }
            }
            let confirm = try await server.probe.send("HEAD", "/rides/confirm", token: server.riderToken)
            #expect(confirm.status == 405)
            #expect(confirm.headers["allow"] == "POST")
            #expect(confirm.body.isEmpty)
            let delete = try await server.probe.send("DELETE", "/health")
            #expect(delete.status == 405)
            #expect(delete.headers["allow"] == "GET, HEAD")
        }
    }

    @Test(
        "The Authorization scheme is case-insensitive (RFC 9110 §11.1): bearer, BEARER and BeArEr all work",
        arguments: [StoreKind.sqlite])
    func bearerScheme(_ kind: StoreKind) async throws {
        try await kind.withServer { server in
            for scheme in ["bearer", "BEARER", "BeArEr", "Bearer"] {
                let reply = try await server.probe.send(
                    "GET", "/rides", headers: ["Authorization": "\(scheme) \(server.riderToken)"])
                #expect(reply.status == 200, "\(scheme): \(reply)")
            }
            for header in ["Bearer", "Bearer ", "Bearertoken \(server.riderToken)", "Basic \(server.riderToken)"] {
                let reply = try await server.probe.send("GET", "/rides", headers: ["Authorization": header])
                #expect(reply.status == 401, "\(header): \(reply)")
            }
        }
    }

    @Test("A rider's own ride id in lower case is the same ride: status, events and cancel", arguments: StoreKind.allCases)
    func lowerCaseRideIdentifier(_ kind: StoreKind) async throws {
        try await kind.withServer { server in
            let api = OpenAPIConformance()
            try await server.placeVehicles(point(from: ServerHarness.centre, azimuth: 90, distance: 800))
            let id = try await server.book(
                ServerHarness.rideRequest(pickup: ServerHarness.centre, dropOff: nil), token: server.riderToken, into: api)
            let lower = id.lowercased()
            #expect(lower != id)
            let status = try await server.call(
                "GET", "/rides/\(lower)", "/rides/{rideIdentifier}", token: server.riderToken, into: api)
            #expect(status.status == 200, "\(status)")
            #expect((status.json["rideStatus"] as? [String: Any])?["rideIdentifier"] as? String == id)
            // Another rider still gets 404 for it, in any case.
            let other = try await server.call(
                "GET", "/rides/\(lower)", "/rides/{rideIdentifier}", token: server.otherRiderToken, into: api)
            #expect(other.status == 404)
            let cancel = try await server.call(
                "POST", "/rides/\(lower)/cancel", "/rides/{rideIdentifier}/cancel", token: server.riderToken, into: api)
            #expect(cancel.json["codeName"] as? String == "success", "\(cancel)")
            #expect(try await api.problems() == [])
        }
    }

    @Test(
        "A store failure is a 503 that names no path, user, host or port; /metrics looks up no token and answers",
        arguments: StoreKind.allCases)
    func storeFailureSaysNothingOfTheStore(_ kind: StoreKind) async throws {
        let log = LogCapture()
        try await kind.withServer(logger: log.logger()) { server in
            let api = OpenAPIConformance()
            try await server.execute("ALTER TABLE token RENAME TO token_gone")
            let secrets = [
                server.location, "127.0.0.1", "postgres://", "postgres@", "rides.sqlite", "token_gone", "no such table",
            ]
            for token in [server.riderToken, "not-a-token-the-store-knows"] {
                let reply = try await server.call("GET", "/rides", "/rides", token: token, into: api)
                #expect(reply.status == 503, "\(reply)")
                #expect(reply.json["type"] as? String == "https://lodestar.invalid/problems/store-unavailable")
                #expect(reply.headers["retry-after"] == "1")
                for secret in secrets { #expect(!reply.text.contains(secret), "\(secret) in \(reply.text)") }
            }
            // The log keeps what happened, for the operator.
            #expect(log.all.contains { $0.message == "store-unavailable" && ($0.metadata["error"] ?? "").contains("token") })
            // The routes that take no token ignore one, and look nothing up.
            let metrics = try await server.call("GET", "/metrics", "/metrics", token: server.riderToken, into: api)
            #expect(metrics.status == 200, "\(metrics)")
            #expect(metrics.text.contains("http_requests_total"))
            let document = try await server.call("GET", "/openapi.json", "/openapi.json", token: "anything", into: api)
            #expect(document.status == 200)
            #expect(try await api.problems() == [])
        }
    }

    @Test(
        "A report timed more than 30 s ahead of the server's clock is a 400 naming it; the truthful reports after it are stored",
        arguments: StoreKind.allCases)
    func clockAhead(_ kind: StoreKind) async throws {
        try await kind.withServer { server in
            let api = OpenAPIConformance()
            let path = "/vehicles/\(server.vehicle.identifier)/location"
            let template = "/vehicles/{vehicleIdentifier}/location"
            func body(_ c: Coordinate, _ date: Date) -> String {
                #"{"coordinate":{"latitude":\#(c.latitude),"longitude":\#(c.longitude)},"timestamp":"\#(ISO8601DateFormatter().string(from: date))"}"#
            }
            let here = point(from: ServerHarness.centre, azimuth: 0, distance: 100)
            let there = point(from: ServerHarness.centre, azimuth: 90, distance: 900)
            let future = try await server.call(
                "PUT", path, template, token: server.vehicleToken, json: body(there, Date().addingTimeInterval(23 * 3600)),
                into: api)
            #expect(future.status == 400, "\(future)")
            #expect(future.contentType == "application/problem+json")
            let errors = future.json["errors"] as? [String] ?? []
            #expect(
                errors.contains { $0.contains("timestamp") && $0.contains("ahead of the server's clock") && $0.contains("30 s") },
                "\(errors)")
            // In a batch too: refused whole.
            let batch = try await server.call(
                "POST", "/vehicles/locations", "/vehicles/locations", token: server.operatorToken,
                json:
                    #"{"locations":[{"vehicleIdentifier":"\#(server.vehicle.identifier)","coordinate":{"latitude":51.5,"longitude":-0.1},"timestamp":"\#(ISO8601DateFormatter().string(from: Date().addingTimeInterval(3600)))"}]}"#,
                into: api)
            #expect(batch.status == 400, "\(batch)")
            #expect(try await server.backend.store.vehicle(identifier: server.vehicle.identifier)?.position == nil)
            // Ten seconds ahead is within the clocks' disagreement; then the true time moves it on.
            let near = try await server.call(
                "PUT", path, template, token: server.vehicleToken, json: body(here, Date().addingTimeInterval(10)), into: api)
            #expect(near.status == 200, "\(near)")
            let truthful = try await server.call(
                "PUT", path, template, token: server.vehicleToken, json: body(there, Date().addingTimeInterval(11)), into: api)
            #expect(truthful.status == 200)
            let stored = try #require(try await server.backend.store.vehicle(identifier: server.vehicle.identifier)?.position)
            #expect(
                abs(stored.coordinate.latitude - there.latitude) < 1e-9
                    && abs(stored.coordinate.longitude - there.longitude) < 1e-9)
            #expect(try await api.problems() == [])
        }
    }
}
