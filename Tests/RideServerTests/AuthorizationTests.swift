import Foundation
import Geodesy
import Testing

/// "Who may do what": no or an unknown token is 401 with `WWW-Authenticate: Bearer`; a rider
/// reads and cancels only its own rides (another's is 404, as an unknown one); a vehicle
/// reports only its own position (another's is 404); roles that may not use a route get 403;
/// the operator lists everything. Every response is checked against the OpenAPI document.
@Suite("Who may do what", .serialized)
struct AuthorizationTests {
    @Test(
        "No token, an unknown token or a malformed header: 401 with WWW-Authenticate on every protected route",
        arguments: StoreKind.allCases)
    func unauthorized(_ kind: StoreKind) async throws {
        try await kind.withServer { server in
            let api = OpenAPIConformance()
            let ride = UUID().uuidString
            let routes: [(String, String, String, String?)] = [
                ("POST", "/rides/resolve/pickupLocation", "/rides/resolve/pickupLocation", #"{"request":{}}"#),
                ("POST", "/rides/resolve/partySize", "/rides/resolve/partySize", #"{"request":{"partySize":1}}"#),
                ("POST", "/rides/confirm", "/rides/confirm", "{}"),
                ("POST", "/rides", "/rides", "{}"),
                ("GET", "/rides", "/rides", nil),
                ("GET", "/rides/\(ride)", "/rides/{rideIdentifier}", nil),
                ("POST", "/rides/\(ride)/cancel", "/rides/{rideIdentifier}/cancel", nil),
                ("GET", "/rides/\(ride)/events", "/rides/{rideIdentifier}/events", nil),
                ("GET", "/ride-options", "/ride-options", nil),
                (
                    "PUT", "/vehicles/\(server.vehicle.identifier)/location", "/vehicles/{vehicleIdentifier}/location",
                    #"{"coordinate":{"latitude":51.5,"longitude":-0.1}}"#
                ),
                (
                    "POST", "/vehicles/locations", "/vehicles/locations",
                    #"{"locations":[{"vehicleIdentifier":"T-0001","coordinate":{"latitude":51.5,"longitude":-0.1}}]}"#
                ),
            ]
            for (method, path, template, json) in routes {
                for token in [nil, "not-a-token-the-store-knows", ""] as [String?] {
                    let reply = try await server.call(method, path, template, token: token, json: json, into: api)
                    #expect(reply.status == 401, "\(method) \(path) token \(token ?? "none"): \(reply)")
                    #expect(reply.headers["www-authenticate"] == #"Bearer realm="lodestar""#)
                    #expect(reply.contentType == "application/problem+json")
                    #expect(reply.json["type"] as? String == "https://lodestar.invalid/problems/unauthorized")
                    #expect(reply.json["status"] as? Int == 401)
                }
            }
            // "Basic" is not a bearer token.
            let basic = try await server.probe.send("GET", "/rides", headers: ["Authorization": "Basic YWRhOnB3"])
            #expect(basic.status == 401)
            // The vehicle's position was not stored by any of these.
            #expect(try await server.backend.store.vehicle(identifier: server.vehicle.identifier)?.position == nil)
            #expect(try await api.problems() == [])
        }
    }

    @Test(
        "A rider reads, follows and cancels only its own rides: another's is 404, exactly as an unknown one",
        arguments: StoreKind.allCases)
    func ridersOwnRides(_ kind: StoreKind) async throws {
        try await kind.withServer { server in
            let api = OpenAPIConformance()
            try await server.placeVehicles(point(from: ServerHarness.centre, azimuth: 90, distance: 800))
            let id = try await server.book(
                ServerHarness.rideRequest(pickup: ServerHarness.centre, dropOff: nil), token: server.riderToken, into: api)

            let own = try await server.call("GET", "/rides/\(id)", "/rides/{rideIdentifier}", token: server.riderToken, into: api)
            #expect(own.status == 200)
            #expect((own.json["rideStatus"] as? [String: Any])?["rideIdentifier"] as? String == id)

            let unknown = try await server.call(
                "GET", "/rides/\(UUID().uuidString)", "/rides/{rideIdentifier}", token: server.otherRiderToken, into: api)
            for (method, path, template) in [
                ("GET", "/rides/\(id)", "/rides/{rideIdentifier}"),
                ("POST", "/rides/\(id)/cancel", "/rides/{rideIdentifier}/cancel"),
                ("GET", "/rides/\(id)/events", "/rides/{rideIdentifier}/events"),
            ] {
                let reply = try await server.call(method, path, template, token: server.otherRiderToken, into: api)
                #expect(reply.status == 404, "\(method) \(path): \(reply)")
                #expect(reply.contentType == "application/problem+json")
                // Nothing tells it apart from a ride that does not exist but the identifier.
                #expect(reply.json["title"] as? String == unknown.json["title"] as? String)
                #expect(reply.json["type"] as? String == unknown.json["type"] as? String)
            }
            // A malformed identifier is not found either.
            let malformed = try await server.call(
                "GET", "/rides/not-a-uuid", "/rides/{rideIdentifier}", token: server.riderToken, into: api)
            #expect(malformed.status == 404)

            // The other rider's attempt to cancel changed nothing.
            let still = try await server.call(
                "GET", "/rides/\(id)", "/rides/{rideIdentifier}", token: server.riderToken, into: api)
            #expect((still.json["rideStatus"] as? [String: Any])?["phaseName"] as? String == "confirmed")

            // Lists: each rider sees only its own; the operator sees every ride.
            let mine = try await server.call("GET", "/rides", "/rides", token: server.riderToken, into: api)
            let theirs = try await server.call("GET", "/rides", "/rides", token: server.otherRiderToken, into: api)
            let all = try await server.call("GET", "/rides", "/rides", token: server.operatorToken, into: api)
            #expect((mine.json["rides"] as? [[String: Any]])?.compactMap { $0["rideIdentifier"] as? String } == [id])
            #expect((theirs.json["rides"] as? [[String: Any]])?.count == 0)
            #expect((all.json["rides"] as? [[String: Any]])?.compactMap { $0["rideIdentifier"] as? String } == [id])

            // The operator reads and cancels any ride.
            let byOperator = try await server.call(
                "GET", "/rides/\(id)", "/rides/{rideIdentifier}", token: server.operatorToken, into: api)
            #expect(byOperator.status == 200)
            let cancelled = try await server.call(
                "POST", "/rides/\(id)/cancel", "/rides/{rideIdentifier}/cancel", token: server.operatorToken, into: api)
            #expect(cancelled.json["codeName"] as? String == "success")
            #expect(try await api.problems() == [])
        }
    }

    @Test("A vehicle reports only its own position; riders cannot report, vehicles cannot book", arguments: StoreKind.allCases)
    func vehiclesOwnPosition(_ kind: StoreKind) async throws {
        try await kind.withServer { server in
            let api = OpenAPIConformance()
            let here = #"{"coordinate":{"latitude":51.51,"longitude":-0.12}}"#
            let own = try await server.call(
                "PUT", "/vehicles/\(server.vehicle.identifier)/location", "/vehicles/{vehicleIdentifier}/location",
                token: server.vehicleToken, json: here, into: api)
            #expect(own.status == 200)
            #expect(own.json["vehicleIdentifier"] as? String == server.vehicle.identifier)

            // Another vehicle's identifier, and one not in the fleet: 404, and nothing stored.
            for identifier in [server.otherVehicle.identifier, "NOT-IN-FLEET"] {
                let reply = try await server.call(
                    "PUT", "/vehicles/\(identifier)/location", "/vehicles/{vehicleIdentifier}/location",
                    token: server.vehicleToken, json: here, into: api)
                #expect(reply.status == 404, "\(identifier): \(reply)")
            }
            #expect(try await server.backend.store.vehicle(identifier: server.otherVehicle.identifier)?.position == nil)
            // A batch with another vehicle's entry is refused whole.
            let batch = try await server.call(
                "POST", "/vehicles/locations", "/vehicles/locations", token: server.vehicleToken,
                json:
                    #"{"locations":[{"vehicleIdentifier":"\#(server.vehicle.identifier)","coordinate":{"latitude":51.6,"longitude":-0.1}},{"vehicleIdentifier":"\#(server.otherVehicle.identifier)","coordinate":{"latitude":51.6,"longitude":-0.1}}]}"#,
                into: api)
            #expect(batch.status == 404)
            #expect(
                try await server.backend.store.vehicle(identifier: server.vehicle.identifier)?.position?.coordinate.latitude
                    == 51.51)

            // The operator reports for any vehicle of the fleet, but not for one outside it.
            let byOperator = try await server.call(
                "PUT", "/vehicles/\(server.otherVehicle.identifier)/location", "/vehicles/{vehicleIdentifier}/location",
                token: server.operatorToken, json: here, into: api)
            #expect(byOperator.status == 200)
            let outside = try await server.call(
                "PUT", "/vehicles/NOT-IN-FLEET/location", "/vehicles/{vehicleIdentifier}/location",
                token: server.operatorToken, json: here, into: api)
            #expect(outside.status == 404)

            // Roles: a rider may not report (403), a vehicle may not book, list or confirm (403).
            let riderReports = try await server.call(
                "PUT", "/vehicles/\(server.vehicle.identifier)/location", "/vehicles/{vehicleIdentifier}/location",
                token: server.riderToken, json: here, into: api)
            #expect(riderReports.status == 403)
            let riderBatch = try await server.call(
                "POST", "/vehicles/locations", "/vehicles/locations", token: server.riderToken,
                json:
                    #"{"locations":[{"vehicleIdentifier":"\#(server.vehicle.identifier)","coordinate":{"latitude":51.6,"longitude":-0.1}}]}"#,
                into: api)
            #expect(riderBatch.status == 403)
            let request = ServerHarness.rideRequest(pickup: ServerHarness.centre, dropOff: nil)
            for (method, path, json) in [
                ("POST", "/rides", request), ("POST", "/rides/confirm", request), ("GET", "/rides", nil),
            ] {
                let reply = try await server.call(method, path, path, token: server.vehicleToken, json: json, into: api)
                #expect(reply.status == 403, "\(method) \(path): \(reply)")
                #expect(reply.json["type"] as? String == "https://lodestar.invalid/problems/forbidden")
            }
            // The operator may confirm but not book: a ride belongs to a rider.
            let operatorBooks = try await server.call(
                "POST", "/rides", "/rides", token: server.operatorToken, json: request, into: api)
            #expect(operatorBooks.status == 403)
            #expect(try await api.problems() == [])
        }
    }
}
