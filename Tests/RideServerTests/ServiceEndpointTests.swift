import Foundation
import RideServer
import TestSupport
import Testing

/// `/health`, `/metrics` and `/openapi.json`, which need no token.
@Suite("Service endpoints", .serialized)
struct ServiceEndpointTests {
    @Test("/health names the store's backend", arguments: StoreKind.allCases)
    func health(_ kind: StoreKind) async throws {
        try await kind.withServer { server in
            let api = OpenAPIConformance()
            let reply = try await server.call("GET", "/health", "/health", token: nil, into: api)
            #expect(reply.status == 200)
            #expect(reply.json["status"] as? String == "ok")
            #expect(reply.json["database"] as? String == (kind == .sqlite ? "sqlite" : "postgresql"))
            #expect(try await api.problems() == [])
        }
    }

    @Test("/openapi.json is the committed document, byte for byte, and a valid OpenAPI 3.1 document")
    func openAPIDocument() async throws {
        try await StoreKind.sqlite.withServer { server in
            let reply = try await server.probe.send("GET", "/openapi.json")
            #expect(reply.status == 200)
            #expect(reply.contentType == "application/json")
            let committed = try Data(contentsOf: URL(fileURLWithPath: OpenAPIConformance.documentPath))
            #expect(reply.body == Array(committed))
            #expect(reply.json["openapi"] as? String == "3.1.0")
            #expect((reply.json["info"] as? [String: Any])?["version"] as? String == OpenAPIDocument.version)
        }
        let check = try ChildProcess(
            "/usr/bin/env",
            [
                "python3", "-c",
                "import json,sys; from openapi_spec_validator import validate; validate(json.load(open(sys.argv[1]))); print('valid')",
                OpenAPIConformance.documentPath,
            ],
            environment: ProcessInfo.processInfo.environment,
            stdout: NSTemporaryDirectory() + "/lodestar-openapi-\(UUID().uuidString).out",
            stderr: NSTemporaryDirectory() + "/lodestar-openapi-\(UUID().uuidString).err")
        #expect(await check.exited(within: .seconds(60)) == 0, "\(check.stderr)")
        #expect(check.stdout == "valid\n")
        try? FileManager.default.removeItem(atPath: check.stdoutPath)
        try? FileManager.default.removeItem(atPath: check.stderrPath)
    }

    @Test("/metrics is Prometheus text with requests by route and status, rides booked and positions stored")
    func metrics() async throws {
        try await StoreKind.sqlite.withServer { server in
            let api = OpenAPIConformance()
            try await server.placeVehicles(ServerHarness.centre)
            _ = try await server.book(
                ServerHarness.rideRequest(pickup: ServerHarness.centre, dropOff: nil), token: server.riderToken, into: api)
            _ = try await server.probe.send("GET", "/rides", token: nil)
            let reply = try await server.call("GET", "/metrics", "/metrics", token: nil, into: api)
            #expect(reply.status == 200)
            #expect(reply.contentType.hasPrefix("text/plain"))
            let text = reply.text
            #expect(text.contains(#"http_requests_total{method="POST",route="/rides",status="201"} 1"#))
            #expect(text.contains(#"http_requests_total{method="GET",route="/rides",status="401"} 1"#))
            #expect(text.contains(#"http_requests_total{method="POST",route="/vehicles/locations",status="200"} 1"#))
            #expect(text.contains("lodestar_rides_booked_total 1"))
            // Five vehicles far away in one batch, and one near.
            #expect(text.contains("lodestar_vehicle_locations_total 6"))
            #expect(text.contains("# TYPE http_request_duration_seconds histogram"))
            #expect(try await api.problems() == [])
        }
    }
}
