import Foundation
import Testing

/// Bad input is a 400 RFC 9457 problem document, never a 500: coordinates out of range, NaN,
/// unknown members, a party of 0, bodies over 64 KiB, malformed JSON, bad query parameters.
@Suite("Bad input", .serialized)
struct BadInputTests {
    /// A request the service must refuse with 400, and a word the problem must mention.
    struct Case: Sendable {
        var method: String
        var path: String
        var template: String
        var body: String?
        var mentions: String
    }

    static func cases(vehicle: String) -> [Case] {
        let pickup = #"{"name":"P","coordinate":{"latitude":51.5,"longitude":-0.12}}"#
        let location = "/vehicles/\(vehicle)/location"
        let locationTemplate = "/vehicles/{vehicleIdentifier}/location"
        return [
            Case(
                method: "POST", path: "/rides", template: "/rides",
                body: #"{"pickupLocation":{"coordinate":{"latitude":91,"longitude":0}},"partySize":1}"#, mentions: "latitude"),
            Case(
                method: "POST", path: "/rides", template: "/rides",
                body: #"{"pickupLocation":{"coordinate":{"latitude":51,"longitude":-180.5}},"partySize":1}"#,
                mentions: "longitude"),
            Case(
                method: "POST", path: "/rides", template: "/rides",
                body: #"{"pickupLocation":{"coordinate":{"latitude":NaN,"longitude":0}},"partySize":1}"#, mentions: "JSON"),
            Case(
                method: "POST", path: "/rides", template: "/rides",
                body: #"{"pickupLocation":{"coordinate":{"latitude":1e400,"longitude":0}},"partySize":1}"#, mentions: "JSON"),
            Case(
                method: "POST", path: "/rides", template: "/rides", body: #"{"pickupLocation":\#(pickup),"partySize":0}"#,
                mentions: "partySize"),
            Case(
                method: "POST", path: "/rides", template: "/rides", body: #"{"pickupLocation":\#(pickup),"partySize":-3}"#,
                mentions: "partySize"),
            Case(
                method: "POST", path: "/rides", template: "/rides", body: #"{"pickupLocation":\#(pickup),"partySize":1.5}"#,
                mentions: "partySize"),
            Case(
                method: "POST", path: "/rides", template: "/rides", body: #"{"pickupLocation":\#(pickup),"partySize":true}"#,
                mentions: "partySize"),
            Case(
                method: "POST", path: "/rides", template: "/rides", body: #"{"pickupLocation":\#(pickup),"partySize":1,"tip":5}"#,
                mentions: "tip"),
            Case(
                method: "POST", path: "/rides", template: "/rides",
                body:
                    #"{"pickupLocation":{"name":"P","coordinate":{"latitude":51.5,"longitude":-0.12,"altitude":3}},"partySize":1}"#,
                mentions: "altitude"),
            Case(
                method: "POST", path: "/rides", template: "/rides", body: #"{"pickupLocation":{},"partySize":1}"#,
                mentions: "name or a coordinate"),
            Case(
                method: "POST", path: "/rides", template: "/rides",
                body: #"{"pickupLocation":\#(pickup),"partySize":1,"scheduledPickupTime":"tomorrow"}"#,
                mentions: "scheduledPickupTime"),
            Case(
                method: "POST", path: "/rides", template: "/rides",
                body: #"{"pickupLocation":\#(pickup),"paymentMethod":{"kind":"barter"}}"#, mentions: "kind"),
            Case(method: "POST", path: "/rides", template: "/rides", body: "[1,2]", mentions: "object"),
            Case(method: "POST", path: "/rides", template: "/rides", body: "", mentions: "JSON"),
            Case(method: "POST", path: "/rides", template: "/rides", body: #"{"partySize":1"#, mentions: "JSON"),
            Case(
                method: "POST", path: "/rides/confirm", template: "/rides/confirm", body: #"{"partySize":0}"#,
                mentions: "partySize"),
            Case(
                method: "POST", path: "/rides/resolve/partySize", template: "/rides/resolve/partySize",
                body: #"{"request":{"partySize":0}}"#, mentions: "partySize"),
            Case(
                method: "POST", path: "/rides/resolve/pickupLocation", template: "/rides/resolve/pickupLocation",
                body:
                    #"{"request":{},"currentLocation":{"coordinate":{"latitude":-90.01,"longitude":0},"timestamp":"2026-11-24T12:00:00Z"}}"#,
                mentions: "latitude"),
            Case(
                method: "POST", path: "/rides/resolve/pickupLocation", template: "/rides/resolve/pickupLocation",
                body: #"{"pickupLocation":\#(pickup)}"#, mentions: "pickupLocation"),
            Case(
                method: "PUT", path: location, template: locationTemplate,
                body: #"{"coordinate":{"latitude":100,"longitude":0}}"#, mentions: "latitude"),
            Case(
                method: "PUT", path: location, template: locationTemplate, body: #"{"coordinate":{"latitude":51.5}}"#,
                mentions: "longitude"),
            Case(
                method: "PUT", path: location, template: locationTemplate,
                body: #"{"coordinate":{"latitude":51.5,"longitude":0},"course":360}"#, mentions: "course"),
            Case(
                method: "PUT", path: location, template: locationTemplate,
                body: #"{"coordinate":{"latitude":51.5,"longitude":0},"speed":-1}"#, mentions: "speed"),
            Case(
                method: "PUT", path: location, template: locationTemplate,
                body: #"{"coordinate":{"latitude":51.5,"longitude":0},"timestamp":"1999-12-31T23:59:59Z"}"#, mentions: "timestamp"
            ),
            Case(
                method: "PUT", path: location, template: locationTemplate,
                body: #"{"coordinate":{"latitude":51.5,"longitude":0},"heading":3}"#, mentions: "heading"),
            Case(
                method: "POST", path: "/vehicles/locations", template: "/vehicles/locations", body: #"{"locations":[]}"#,
                mentions: "locations"),
            Case(
                method: "POST", path: "/vehicles/locations", template: "/vehicles/locations",
                body: #"{"locations":[{"vehicleIdentifier":"\#(vehicle)","coordinate":{"latitude":0,"longitude":181}}]}"#,
                mentions: "longitude"),
            Case(
                method: "GET", path: "/ride-options?latitude=abc&longitude=0", template: "/ride-options", body: nil,
                mentions: "latitude"),
            Case(method: "GET", path: "/ride-options?latitude=51.5", template: "/ride-options", body: nil, mentions: "longitude"),
            Case(
                method: "GET", path: "/ride-options?latitude=nan&longitude=0", template: "/ride-options", body: nil,
                mentions: "latitude"),
            Case(method: "GET", path: "/rides?limit=0", template: "/rides", body: nil, mentions: "limit"),
            Case(method: "GET", path: "/rides?active=maybe", template: "/rides", body: nil, mentions: "active"),
            Case(method: "GET", path: "/rides?colour=red", template: "/rides", body: nil, mentions: "colour"),
        ]
    }

    @Test("Each bad input is a 400 problem document that names what is wrong", arguments: StoreKind.allCases)
    func badInput(_ kind: StoreKind) async throws {
        try await kind.withServer { server in
            let api = OpenAPIConformance()
            for c in Self.cases(vehicle: server.vehicle.identifier) {
                let token = c.path.hasPrefix("/vehicles") ? server.operatorToken : server.riderToken
                let reply = try await server.call(c.method, c.path, c.template, token: token, json: c.body, into: api)
                #expect(reply.status == 400, "\(c.method) \(c.path) \(c.body ?? ""): \(reply)")
                #expect(reply.contentType == "application/problem+json")
                #expect(reply.json["status"] as? Int == 400)
                #expect((reply.json["type"] as? String)?.hasPrefix("https://lodestar.invalid/problems/") == true)
                let said =
                    ((reply.json["detail"] as? String) ?? "") + " "
                    + ((reply.json["errors"] as? [String]) ?? []).joined(separator: " ")
                #expect(said.contains(c.mentions), "\(c.method) \(c.path) \(c.body ?? ""): \(said)")
            }
            // Nothing was booked or stored by any of them.
            let rides = try await server.call("GET", "/rides", "/rides", token: server.operatorToken, into: api)
            #expect((rides.json["rides"] as? [[String: Any]])?.count == 0)
            #expect(try await server.backend.store.vehicle(identifier: server.vehicle.identifier)?.position == nil)
            #expect(try await api.problems() == [])
        }
    }

    @Test("A body over 64 KiB is a 400 problem document; one of exactly 64 KiB is read", arguments: StoreKind.allCases)
    func bodyLimit(_ kind: StoreKind) async throws {
        try await kind.withServer { server in
            let api = OpenAPIConformance()
            // Valid JSON padded with spaces to exactly the size wanted.
            func padded(_ size: Int) -> [UInt8] {
                let json = Array(#"{"coordinate":{"latitude":51.5,"longitude":-0.12}}"#.utf8)
                return json + [UInt8](repeating: 0x20, count: size - json.count)
            }
            let path = "/vehicles/\(server.vehicle.identifier)/location"
            let template = "/vehicles/{vehicleIdentifier}/location"
            let over = try await server.call("PUT", path, template, token: server.vehicleToken, body: padded(65_537), into: api)
            #expect(over.status == 400)
            #expect(over.json["type"] as? String == "https://lodestar.invalid/problems/body-too-large")
            #expect(try await server.backend.store.vehicle(identifier: server.vehicle.identifier)?.position == nil)
            let huge = try await server.call("PUT", path, template, token: server.vehicleToken, body: padded(1 << 20), into: api)
            #expect(huge.status == 400)
            let exact = try await server.call("PUT", path, template, token: server.vehicleToken, body: padded(65_536), into: api)
            #expect(exact.status == 200)
            #expect(
                try await server.backend.store.vehicle(identifier: server.vehicle.identifier)?.position?.coordinate.latitude
                    == 51.5)
            #expect(try await api.problems() == [])
        }
    }
}
