import Foundation
import Geodesy
import Synchronization
import TestSupport
import Testing

/// The operator's regions on the ride service: `POST /regions` with GeoJSON, `GET /regions`,
/// `DELETE /regions/{id}`, and the vehicles' crossings on `GET /regions/events`. Operator tokens
/// only; every response checked against the OpenAPI document.
@Suite("Operator regions", .serialized)
struct OperatorRegionTests {
    /// 1.2 km east of the harness's centre: the circle's centre.
    static let depot = point(from: ServerHarness.centre, azimuth: 90, distance: 1_200)

    /// A FeatureCollection: a 60 m circle at the depot and a 40 m-wide rectangle 400 m north of it.
    static var regions: String {
        let d = depot
        let north = point(from: d, azimuth: 0, distance: 400)
        let dLat = 20 / 111_200.0
        let dLon = 200 / (111_200.0 * cos(north.latitude * .pi / 180))
        let ring = [(-dLon, -dLat), (dLon, -dLat), (dLon, dLat), (-dLon, dLat), (-dLon, -dLat)]
            .map { "[\(north.longitude + $0.0),\(north.latitude + $0.1)]" }.joined(separator: ",")
        return
            #"{"type":"FeatureCollection","features":[{"type":"Feature","id":"depot","geometry":{"type":"Point","coordinates":[\#(d.longitude),\#(d.latitude)]},"properties":{"radius":60}},{"type":"Feature","properties":{"id":"yard"},"geometry":{"type":"Polygon","coordinates":[[\#(ring)]]}}]}"#
    }

    /// A position report of the harness's vehicle with an accuracy and a time.
    static func report(_ c: Coordinate, at time: Date, accuracy: Double = 5) -> String {
        #"{"coordinate":{"latitude":\#(c.latitude),"longitude":\#(c.longitude)},"horizontalAccuracy":\#(accuracy),"timestamp":"\#(time.formatted(.iso8601))"}"#
    }

    @Test("Only the operator manages regions: riders and vehicles get 403; a bad feature is a 400 naming it")
    func management() async throws {
        try await StoreKind.sqlite.withServer { server in
            let api = OpenAPIConformance()
            for token in [server.riderToken, server.vehicleToken] {
                let post = try await server.call("POST", "/regions", "/regions", token: token, json: Self.regions, into: api)
                #expect(post.status == 403, "\(post)")
                let events = try await server.call("GET", "/regions/events", "/regions/events", token: token, into: api)
                #expect(events.status == 403, "\(events)")
            }
            let added = try await server.call(
                "POST", "/regions", "/regions", token: server.operatorToken, json: Self.regions, into: api)
            #expect(added.status == 200, "\(added)")
            #expect(added.json["added"] as? Int == 2 && added.json["regions"] as? Int == 2, "\(added)")
            let list = try await server.call("GET", "/regions", "/regions", token: server.operatorToken, into: api)
            #expect(list.json["regions"] as? [String] == ["depot", "yard"], "\(list)")

            let bad =
                #"{"type":"FeatureCollection","features":[{"type":"Feature","id":"ok","geometry":{"type":"Point","coordinates":[0,0]},"properties":{"radius":10}},{"type":"Feature","id":"neg","geometry":{"type":"Point","coordinates":[0,0]},"properties":{"radius":-5}}]}"#
            let refused = try await server.call("POST", "/regions", "/regions", token: server.operatorToken, json: bad, into: api)
            #expect(refused.status == 400, "\(refused)")
            let detail = refused.json["detail"] as? String ?? ""
            #expect(detail.contains("neg") && detail.contains("1"), "\(refused)")
            // Nothing of a refused collection is added.
            let after = try await server.call("GET", "/regions", "/regions", token: server.operatorToken, into: api)
            #expect(after.json["regions"] as? [String] == ["depot", "yard"], "\(after)")

            let removed = try await server.call(
                "DELETE", "/regions/yard", "/regions/{regionIdentifier}", token: server.operatorToken, into: api)
            #expect(removed.status == 200 && removed.json["removed"] as? String == "yard", "\(removed)")
            let again = try await server.call(
                "DELETE", "/regions/yard", "/regions/{regionIdentifier}", token: server.operatorToken, into: api)
            #expect(again.status == 404, "\(again)")
            #expect(try await api.problems() == [])
        }
    }

    @Test(
        "A vehicle's reports enter and leave the circle; a pair of reports on both sides of the rectangle crosses it, interpolated"
    )
    func crossings() async throws {
        try await StoreKind.sqlite.withServer { server in
            let api = OpenAPIConformance()
            let added = try await server.call(
                "POST", "/regions", "/regions", token: server.operatorToken, json: Self.regions, into: api)
            #expect(added.status == 200, "\(added)")
            let ready = Atomic(false)
            let vehicle = server.vehicle.identifier
            let stream = Task {
                try await server.events.read("/regions/events", token: server.operatorToken, timeout: .seconds(60)) { events in
                    if events.contains(where: { $0.event == "ready" }) { ready.store(true, ordering: .relaxed) }
                    return events.filter { $0.event == "region" }.count >= 4
                }
            }
            #expect(await waitUntil(upTo: .seconds(30)) { ready.load(ordering: .relaxed) })

            let start = Date().addingTimeInterval(-600)
            let north = point(from: Self.depot, azimuth: 0, distance: 400)
            let steps: [(Coordinate, Double)] = [
                (point(from: Self.depot, azimuth: 270, distance: 300), 0),  // outside both: no event
                (Self.depot, 30),  // inside the circle: enter
                (point(from: Self.depot, azimuth: 270, distance: 300), 60),  // outside: exit
                (point(from: north, azimuth: 180, distance: 150), 90),  // south of the rectangle
                (point(from: north, azimuth: 0, distance: 150), 110),  // north of it: crossed between
            ]
            for (c, t) in steps {
                let r = try await server.call(
                    "PUT", "/vehicles/\(vehicle)/location", "/vehicles/{vehicleIdentifier}/location", token: server.vehicleToken,
                    json: Self.report(c, at: start.addingTimeInterval(t)), into: api)
                #expect(r.status == 200, "\(r)")
            }
            let reading = try await stream.value
            #expect(reading.status == 200 && reading.contentType.hasPrefix("text/event-stream"))
            let events = reading.events.filter { $0.event == "region" }.map(\.json)
            let summary = events.map { "\($0["region"] ?? "?") \($0["event"] ?? "?") \($0["interpolated"] ?? "?")" }
            #expect(summary == ["depot enter 0", "depot exit 0", "yard enter 1", "yard exit 1"], "\(summary)")
            #expect(events.allSatisfy { $0["vehicleIdentifier"] as? String == vehicle && $0["class"] as? String == "REGION" })
            // The interpolated crossing of the 40 m-wide rectangle, 150 m each side over 20 s at
            // 15 m/s: entered about 8.7 s and left about 11.3 s after the southern report.
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            let times = events.suffix(2).compactMap { ($0["time"] as? String).flatMap(formatter.date(from:)) }
            #expect(times.count == 2)
            if times.count == 2 {
                let enter = times[0].timeIntervalSince(start) - 90
                let exit = times[1].timeIntervalSince(start) - 90
                #expect(abs(enter - 130.0 / 15) < 1.5 && abs(exit - 170.0 / 15) < 1.5, "enter \(enter) s, exit \(exit) s")
            }
            #expect(try await api.problems() == [])
        }
    }
}
