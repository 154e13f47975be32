import Foundation
import Geodesy
import RideServer
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Issue 26: one rider took the whole fleet. The service's limits: active rides per rider
/// (SiriKit's failureRequiringAppLaunchPreviousRideNeedsCompletion), writes per rider and
/// vehicle (429 with Retry-After), and the request log's principal and client.
@Suite("Service limits", .serialized)
struct ServiceLimitTests {
    @Test(
        "A rider with an active ride is refused a second one with code 9, at confirm and at booking; another rider books",
        arguments: StoreKind.allCases)
    func activeRides(_ kind: StoreKind) async throws {
        try await kind.withServer { server in
            let api = OpenAPIConformance()
            try await Self.twoVehiclesNearCentre(server)
            let request = ServerHarness.rideRequest(pickup: ServerHarness.centre, dropOff: nil)
            let first = try await server.book(request, token: server.riderToken, into: api)
            for (path, expectedStatus) in [("/rides/confirm", 200), ("/rides", 200)] {
                let again = try await server.call("POST", path, path, token: server.riderToken, json: request, into: api)
                #expect(again.status == expectedStatus, "\(path): \(again)")
                #expect(again.json["code"] as? Int == 9, "\(path): \(again)")
                #expect(again.json["codeName"] as? String == "failureRequiringAppLaunchPreviousRideNeedsCompletion")
                #expect((again.json["failureReason"] as? String)?.contains("1 active ride") == true, "\(again)")
            }
            _ = try await server.book(request, token: server.otherRiderToken, into: api)
            // Cancelled, the first ride no longer counts.
            _ = try await server.call(
                "POST", "/rides/\(first)/cancel", "/rides/{rideIdentifier}/cancel", token: server.riderToken, into: api)
            let confirm = try await server.call(
                "POST", "/rides/confirm", "/rides/confirm", token: server.riderToken, json: request, into: api)
            #expect(confirm.json["codeName"] as? String != "failureRequiringAppLaunchPreviousRideNeedsCompletion", "\(confirm)")
            #expect(try await api.problems() == [])
        }
    }

    @Test("Writes beyond the burst are 429 with Retry-After, per principal; reads and the operator are not limited")
    func writeRate() async throws {
        let configure: (inout RideServerConfiguration) -> Void = { $0.writeLimit = WriteRateLimit(perSecond: 0.1, burst: 3) }
        try await StoreKind.sqlite.withServer(configure: configure) { server in
            let api = OpenAPIConformance()
            let path = "/vehicles/\(server.vehicle.identifier)/location"
            let body = #"{"coordinate":{"latitude":51.51,"longitude":-0.12}}"#
            var statuses: [Int] = []
            var limited: HTTPProbe.Reply?
            for _ in 0..<5 {
                let reply = try await server.call(
                    "PUT", path, "/vehicles/{vehicleIdentifier}/location", token: server.vehicleToken, json: body, into: api)
                statuses.append(reply.status)
                if reply.status == 429 { limited = reply }
            }
            #expect(statuses == [200, 200, 200, 429, 429])
            let refused = try #require(limited)
            #expect(refused.contentType == "application/problem+json")
            #expect(refused.json["type"] as? String == "https://lodestar.invalid/problems/too-many-requests")
            // 0.1 a second: the next write in 10 s at most (after the last refused one, 1 to 10).
            let wait = try #require(Int(refused.headers["retry-after"] ?? ""))
            #expect((1...10).contains(wait), "Retry-After \(wait)")
            // Another vehicle's budget is its own; reads are not counted; the operator is not limited.
            let other = try await server.call(
                "PUT", "/vehicles/\(server.otherVehicle.identifier)/location", "/vehicles/{vehicleIdentifier}/location",
                token: server.otherVehicleToken, json: body, into: api)
            #expect(other.status == 200)
            for _ in 0..<5 {
                #expect(try await server.probe.send("GET", "/rides", token: server.riderToken).status == 200)
                #expect(try await server.probe.send("PUT", path, token: server.operatorToken, json: body).status == 200)
            }
            #expect(try await api.problems() == [])
        }
    }

    @Test("The request log names the principal and the client's address, never the token")
    func audit() async throws {
        let log = LogCapture()
        try await StoreKind.sqlite.withServer(logger: log.logger()) { server in
            _ = try await server.probe.send("GET", "/rides", token: server.riderToken)
            _ = try await server.probe.send(
                "PUT", "/vehicles/\(server.vehicle.identifier)/location", token: server.vehicleToken,
                json: #"{"coordinate":{"latitude":51.51,"longitude":-0.12}}"#)
            _ = try await server.probe.send("GET", "/rides", token: server.operatorToken)
            _ = try await server.probe.send("GET", "/rides", token: "not-a-token")
            let requests = log.all.filter { $0.message == "request" }
            #expect(
                requests.map { $0.metadata["principal"] ?? "" } == [
                    "rider ada", "vehicle \(server.vehicle.identifier)", "operator", "none",
                ])
            for record in requests {
                #expect(record.metadata["client"]?.hasPrefix("127.0.0.1:") == true, "\(record.metadata)")
                let text = "\(record.message) \(record.metadata)"
                for token in [server.riderToken, server.vehicleToken, server.operatorToken] { #expect(!text.contains(token)) }
            }
        }
    }

    @Test(
        "Ride event streams beyond the per-token or the server's cap are 429; a closed client gives its place back by the next heartbeat"
    )
    func streamCaps() async throws {
        let configure: (inout RideServerConfiguration) -> Void = { $0.eventStreams = EventStreamLimit(perPrincipal: 2, total: 3) }
        try await StoreKind.sqlite.withServer(heartbeat: .seconds(1), configure: configure) { server in
            let api = OpenAPIConformance()
            try await Self.twoVehiclesNearCentre(server)
            let request = ServerHarness.rideRequest(pickup: ServerHarness.centre, dropOff: nil)
            let mine = try await server.book(request, token: server.riderToken, into: api)
            let theirs = try await server.book(request, token: server.otherRiderToken, into: api)
            var open: [Int32] = []
            defer { for fd in open { close(fd) } }
            for _ in 0..<2 {
                let (fd, status) = try await Self.openStream(port: server.port, "/rides/\(mine)/events", token: server.riderToken)
                open.append(fd)
                #expect(status == 200)
            }
            let third = try await server.call(
                "GET", "/rides/\(mine)/events", "/rides/{rideIdentifier}/events", token: server.riderToken, into: api)
            #expect(third.status == 429, "\(third)")
            #expect(third.json["type"] as? String == "https://lodestar.invalid/problems/too-many-streams")
            #expect(third.headers["retry-after"] != nil)
            let (other, otherStatus) = try await Self.openStream(
                port: server.port, "/rides/\(theirs)/events", token: server.otherRiderToken)
            open.append(other)
            #expect(otherStatus == 200)
            // The server's cap: 3 open.
            let byOperator = try await server.call(
                "GET", "/rides/\(theirs)/events", "/rides/{rideIdentifier}/events", token: server.operatorToken, into: api)
            #expect(byOperator.status == 429)
            // The rider's client goes away: its place is free again by the next heartbeat (1 s).
            close(open.removeFirst())
            let start = ContinuousClock.now
            var freed: Duration?
            for _ in 0..<100 where freed == nil {
                let (fd, status) = try await Self.openStream(port: server.port, "/rides/\(mine)/events", token: server.riderToken)
                if status == 200 {
                    freed = ContinuousClock.now - start
                    open.append(fd)
                } else {
                    close(fd)
                    try await Task.sleep(for: .milliseconds(100))
                }
            }
            let after = try #require(freed, "the closed stream's place was not given back within 10 s")
            #expect(after < .seconds(5), "\(after)")
            print("a closed stream's place given back after \(after) (heartbeat 1 s)")
            #expect(try await api.problems() == [])
        }
    }

    /// Opens an event stream and reads its response head: the socket (left open) and the status.
    static func openStream(port: UInt16, _ path: String, token: String) async throws -> (Int32, Int) {
        try await offPool {
            let fd = try HTTPProbe.connect(port: port)
            try HTTPProbe.write(
                fd, Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n\r\n".utf8))
            var raw: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while HTTPProbe.find([13, 10, 13, 10], in: raw, from: 0) == nil {
                let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if n <= 0 { break }
                raw.append(contentsOf: buffer[0..<n])
            }
            let status = (try? HTTPProbe.parse(raw).status) ?? 0
            return (fd, status)
        }
    }

    /// ``ServerHarness/vehicle`` 800 m east of the centre and ``ServerHarness/otherVehicle`` about
    /// 700 m east too, every other vehicle far away: two riders can each book one.
    static func twoVehiclesNearCentre(_ server: ServerHarness) async throws {
        try await server.placeVehicles(point(from: ServerHarness.centre, azimuth: 90, distance: 800))
        let other = try await server.probe.send(
            "PUT", "/vehicles/\(server.otherVehicle.identifier)/location", token: server.otherVehicleToken,
            json:
                #"{"coordinate":{"latitude":\#(ServerHarness.centre.latitude),"longitude":\#(ServerHarness.centre.longitude + 0.01)}}"#
        )
        guard other.status == 200 else { throw HTTPProbe.Failure(description: "report: \(other)") }
    }
}
