import Foundation
import Geodesy
import RideAPI
import Testing

@testable import RideClient

@Suite("Ride service endpoint, paths and report bodies")
struct RideServiceEndpointTests {
    @Test("http and https URLs with a host are accepted, a trailing slash dropped")
    func accepted() throws {
        #expect(try RideServiceEndpoint(url: "http://127.0.0.1:8080/", token: nil).baseURL == "http://127.0.0.1:8080")
        #expect(try RideServiceEndpoint(url: "https://rides.example/api", token: "abc").baseURL == "https://rides.example/api")
        #expect(try RideServiceEndpoint(url: "http://[::1]:9000", token: nil).baseURL == "http://[::1]:9000")
    }

    @Test(
        "anything else is refused with the URL named",
        arguments: [
            "", "127.0.0.1:8080", "ftp://host", "http://", "http://h:0", "http://h:70000", "http://h/?q=1",
            "http://user:pw@h", "http://h/#x",
        ])
    func refused(url: String) {
        #expect(throws: RideServiceEndpoint.Problem.badURL(url)) { try RideServiceEndpoint(url: url, token: nil) }
    }

    @Test("tokens are visible ASCII, 1 to 4096 bytes", arguments: ["", "a b", "tok\n", "é", String(repeating: "t", count: 4097)])
    func badToken(token: String) {
        #expect(throws: RideServiceEndpoint.Problem.badToken) {
            try RideServiceEndpoint(url: "http://localhost:1", token: token)
        }
    }

    @Test("a vehicle identifier is one percent-encoded path segment")
    func pathSegment() {
        #expect(RidePath.segment("V-12_a.b~") == "V-12_a.b~")
        #expect(RidePath.segment("a/b c?é") == "a%2Fb%20c%3F%C3%A9")
    }

    @Test("a report's body: the members the API names in sorted order, unknown ones left out, course in [0, 360)")
    func reportJSON() throws {
        let coordinate = try Coordinate(latitude: 51.5085, longitude: -0.1247)
        let time = Date(timeIntervalSince1970: 1_773_480_605.25)
        let full = PositionReport(
            vehicleID: "V1", coordinate: coordinate, horizontalAccuracy: 3.5, speed: 9.25, course: -90, timestamp: time)
        func text(_ body: some Encodable) throws -> String { String(decoding: try APICoding.encode(body), as: UTF8.self) }
        #expect(
            try text(full.body)
                == #"{"coordinate":{"latitude":51.5085,"longitude":-0.1247},"course":270,"horizontalAccuracy":3.5,"speed":9.25,"timestamp":"2026-03-14T09:30:05.250Z"}"#
        )
        let bare = PositionReport(vehicleID: "V1", coordinate: coordinate, horizontalAccuracy: .nan, speed: 250, timestamp: time)
        #expect(try text(PositionReport.batch([bare, bare])).hasPrefix(#"{"locations":[{"coordinate":{"latitude":51.5085"#))
        #expect(
            try text(bare.batchElement)
                == #"{"coordinate":{"latitude":51.5085,"longitude":-0.1247},"timestamp":"2026-03-14T09:30:05.250Z","vehicleIdentifier":"V1"}"#
        )
        // What the client writes, the server reads back unchanged.
        #expect(try APICoding.decode(VehicleLocationBody.self, from: try APICoding.encode(full.body)) == full.body)
    }
}
