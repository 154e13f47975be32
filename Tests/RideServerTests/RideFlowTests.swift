import Foundation
import Geodesy
import Testing

/// The intents over HTTP: resolve, confirm, book, status, list, cancel, options; the phases a
/// vehicle's reports advance, and the rider's event stream showing each.
@Suite("Ride flow", .serialized)
struct RideFlowTests {
    @Test("Resolve each parameter with SiriKit's outcomes", arguments: StoreKind.allCases)
    func resolve(_ kind: StoreKind) async throws {
        try await kind.withServer { server in
            let api = OpenAPIConformance()
            func resolve(_ parameter: String, _ body: String) async throws -> [String: Any] {
                let path = "/rides/resolve/\(parameter)"
                let reply = try await server.call("POST", path, path, token: server.riderToken, json: body, into: api)
                #expect(reply.status == 200, "\(parameter): \(reply)")
                #expect(reply.json["parameter"] as? String == parameter)
                return reply.json
            }
            let now = ISO8601DateFormatter().string(from: Date())
            // No pickup: the rider's current location (fresh, ±10 m) is proposed, to confirm.
            let current = try await resolve(
                "pickupLocation",
                #"{"request":{},"currentLocation":{"coordinate":{"latitude":51.5007,"longitude":-0.1246},"horizontalAccuracy":10,"timestamp":"\#(now)"}}"#
            )
            #expect(current["outcome"] as? String == "confirmationRequired")
            #expect(current["value"] is [String: Any])
            // No pickup and no location: a value is needed.
            #expect(try await resolve("pickupLocation", #"{"request":{}}"#)["outcome"] as? String == "needsValue")
            // A name in the gazetteer.
            let named = try await resolve("pickupLocation", #"{"request":{"pickupLocation":{"name":"Trafalgar Square"}}}"#)
            #expect(named["outcome"] as? String == "success")
            #expect((named["value"] as? [String: Any])?["name"] as? String == "Trafalgar Square")
            let heathrow = try await resolve("dropOffLocation", #"{"request":{"dropOffLocation":{"name":"Heathrow Terminal"}}}"#)
            #expect(heathrow["outcome"] as? String == "disambiguation")
            #expect((heathrow["choices"] as? [[String: Any]])?.count == 4)
            let nowhere = try await resolve("dropOffLocation", #"{"request":{"dropOffLocation":{"name":"Atlantis"}}}"#)
            #expect(nowhere["outcome"] as? String == "unsupported")
            #expect((nowhere["unsupportedReason"] as? [String: Any])?["kind"] as? String == "noPlaceNamed")
            #expect(try await resolve("dropOffLocation", #"{"request":{}}"#)["outcome"] as? String == "notRequired")
            // Party sizes: up to the largest vehicle's seats.
            let capacity = server.fleet.largestCapacity()
            #expect(capacity >= 4)
            #expect(try await resolve("partySize", #"{"request":{"partySize":2}}"#)["value"] as? Int == 2)
            let big = try await resolve("partySize", #"{"request":{"partySize":\#(capacity + 1)}}"#)
            #expect(big["outcome"] as? String == "unsupported")
            #expect((big["unsupportedReason"] as? [String: Any])?["capacity"] as? Int == capacity)
            #expect(try await resolve("partySize", #"{"request":{}}"#)["outcome"] as? String == "needsValue")
            // Ride options.
            let xl = try await resolve("rideOptionName", #"{"request":{"rideOptionName":"xl"}}"#)
            #expect((xl["value"] as? [String: Any])?["name"] as? String == "XL")
            #expect(
                try await resolve("rideOptionName", #"{"request":{"rideOptionName":"Limo"}}"#)["outcome"] as? String
                    == "unsupported")
            // Payment and time.
            #expect(
                try await resolve("paymentMethod", #"{"request":{"paymentMethod":{"kind":"cash"}}}"#)["outcome"] as? String
                    == "success")
            #expect(try await resolve("paymentMethod", #"{"request":{}}"#)["outcome"] as? String == "notRequired")
            let past = try await resolve("scheduledPickupTime", #"{"request":{"scheduledPickupTime":"2020-01-01T00:00:00Z"}}"#)
            #expect((past["unsupportedReason"] as? [String: Any])?["kind"] as? String == "scheduledInPast")
            #expect(try await api.problems() == [])
        }
    }

    @Test("Confirm, book, read, list, cancel: SiriKit's codes with their raw values", arguments: StoreKind.allCases)
    func bookStatusCancel(_ kind: StoreKind) async throws {
        try await kind.withServer { server in
            let api = OpenAPIConformance()
            let request = ServerHarness.rideRequest(
                pickup: ServerHarness.centre, dropOff: point(from: ServerHarness.centre, azimuth: 0, distance: 3_000))
            // No vehicle has reported: no service in the area (raw value 7).
            let none = try await server.call(
                "POST", "/rides/confirm", "/rides/confirm", token: server.riderToken, json: request, into: api)
            #expect(none.json["code"] as? Int == 7)
            #expect(none.json["codeName"] as? String == "failureRequiringAppLaunchNoServiceInArea")

            try await server.placeVehicles(point(from: ServerHarness.centre, azimuth: 90, distance: 1_200))
            let confirm = try await server.call(
                "POST", "/rides/confirm", "/rides/confirm", token: server.riderToken, json: request, into: api)
            #expect(confirm.status == 200)
            #expect(confirm.json["code"] as? Int == 1)
            #expect(confirm.json["codeName"] as? String == "ready")
            let quote = confirm.json["quote"] as? [String: Any]
            #expect((quote?["vehicle"] as? [String: Any])?["identifier"] as? String == server.vehicle.identifier)
            #expect(abs(((quote?["distance"] as? Double) ?? 0) - 1_200) < 1)
            // Confirm booked nothing.
            let empty = try await server.call("GET", "/rides", "/rides", token: server.operatorToken, into: api)
            #expect((empty.json["rides"] as? [[String: Any]])?.count == 0)

            let booked = try await server.call("POST", "/rides", "/rides", token: server.riderToken, json: request, into: api)
            #expect(booked.status == 201)
            #expect(booked.json["code"] as? Int == 3)
            let status = booked.json["rideStatus"] as? [String: Any]
            let id = try #require(status?["rideIdentifier"] as? String)
            #expect(booked.headers["location"] == "/rides/\(id)")
            #expect(status?["phase"] as? Int == 2)
            #expect(status?["phaseName"] as? String == "confirmed")
            #expect(status?["partySize"] as? Int == 2)
            #expect((status?["vehicle"] as? [String: Any])?["identifier"] as? String == server.vehicle.identifier)

            // The only vehicle in range is busy now (raw value 8).
            let busy = try await server.call("POST", "/rides", "/rides", token: server.otherRiderToken, json: request, into: api)
            #expect(busy.status == 200)
            #expect(busy.json["codeName"] as? String == "failureRequiringAppLaunchServiceTemporarilyUnavailable")
            let options = try await server.call(
                "GET", "/ride-options?latitude=51.5074&longitude=-0.1278", "/ride-options", token: server.riderToken, into: api)
            #expect(options.json["codeName"] as? String == "failureRequiringAppLaunchServiceTemporarilyUnavailable")
            #expect(
                (options.json["rideOptions"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Standard", "XL"])

            let read = try await server.call(
                "GET", "/rides/\(id)", "/rides/{rideIdentifier}", token: server.riderToken, into: api)
            #expect(read.json["code"] as? Int == 3)
            #expect(read.json["codeName"] as? String == "success")
            let active = try await server.call(
                "GET", "/rides?active=true&limit=10", "/rides", token: server.riderToken, into: api)
            #expect((active.json["rides"] as? [[String: Any]])?.count == 1)

            let cancel = try await server.call(
                "POST", "/rides/\(id)/cancel", "/rides/{rideIdentifier}/cancel", token: server.riderToken, into: api)
            #expect(cancel.json["code"] as? Int == 2)
            let cancelled = cancel.json["rideStatus"] as? [String: Any]
            #expect(cancelled?["phase"] as? Int == 4)
            #expect(cancelled?["completionStatus"] as? String == "canceledByUser")
            let again = try await server.call(
                "POST", "/rides/\(id)/cancel", "/rides/{rideIdentifier}/cancel", token: server.riderToken, into: api)
            #expect(again.json["code"] as? Int == 3)
            #expect(again.json["codeName"] as? String == "failure")
            let noneActive = try await server.call("GET", "/rides?active=true", "/rides", token: server.riderToken, into: api)
            #expect((noneActive.json["rides"] as? [[String: Any]])?.count == 0)

            // The vehicle is free again: options list an estimate for its option.
            let free = try await server.call(
                "GET", "/ride-options?latitude=51.5074&longitude=-0.1278", "/ride-options", token: server.riderToken, into: api)
            #expect(free.json["codeName"] as? String == "success")
            let withoutPickup = try await server.call(
                "GET", "/ride-options", "/ride-options", token: server.riderToken, into: api)
            #expect(withoutPickup.json["code"] as? Int == 3)
            #expect(try await api.problems() == [])
        }
    }

    @Test(
        "The vehicle's reports advance the ride through every phase, and the rider's event stream shows each, one ride identifier throughout",
        arguments: StoreKind.allCases)
    func phasesFromReports(_ kind: StoreKind) async throws {
        try await kind.withServer(heartbeat: .seconds(20)) { server in
            let api = OpenAPIConformance()
            let pickup = ServerHarness.centre
            let dropOff = point(from: pickup, azimuth: 45, distance: 2_000)
            try await server.placeVehicles(point(from: pickup, azimuth: 180, distance: 2_000))
            let id = try await server.book(
                ServerHarness.rideRequest(pickup: pickup, dropOff: dropOff), token: server.riderToken, into: api)

            let stream = Task {
                // Read until the server ends the stream.
                try await server.events.read("/rides/\(id)/events", token: server.riderToken, timeout: .seconds(60)) { _ in false
                }
            }
            // Wait for the stream's first event before moving the vehicle.
            _ = await waitForStreams(server)
            var phases: [String] = []
            for (distance, azimuth, target) in [
                (1_500.0, 180.0, pickup), (400, 180, pickup), (10, 180, pickup), (35, 0, pickup), (120, 45, pickup),
                (1_000, 225, dropOff), (5, 0, dropOff),
            ] {
                let reply = try await server.report(point(from: target, azimuth: azimuth, distance: distance))
                api.record("PUT", "/vehicles/{vehicleIdentifier}/location", reply)
                #expect(reply.json["rideIdentifier"] as? String == id)
                phases.append(reply.json["phaseName"] as? String ?? "none")
                // No pause between reports: the stream reads the ride's event log, so it shows
                // every phase however quickly they follow one another.
            }
            // 1.5 km: confirmed; 400 m: approaching; 10 m: at the pickup; 35 m (between the arrival
            // monitor's 25 m entry and 50 m exit): still pickup; 120 m: left with the rider; on
            // the way: ongoing; at the drop-off: completed.
            #expect(phases == ["confirmed", "approachingPickup", "pickup", "pickup", "ongoing", "ongoing", "completed"])

            let reading = try await stream.value
            #expect(reading.status == 200)
            #expect(reading.contentType.hasPrefix("text/event-stream"))
            #expect(reading.ended, "the stream ends after the completed status")
            let seen = reading.events.compactMap { $0.json["phaseName"] as? String }
            var distinct: [String] = []
            for phase in seen where distinct.last != phase { distinct.append(phase) }
            #expect(distinct == ["confirmed", "approachingPickup", "pickup", "ongoing", "completed"])
            #expect(reading.events.allSatisfy { $0.json["rideIdentifier"] as? String == id && $0.event == "status" })
            // Each event's id is its ride event's number: increasing, and the same only on a heartbeat.
            let ids = reading.events.compactMap { $0.id.flatMap { Int64($0) } }
            #expect(ids.count == reading.events.count && zip(ids, ids.dropFirst()).allSatisfy { $0 <= $1 })
            #expect(Set(ids).count == distinct.count)
            for event in reading.events { api.recordEvent(event.data) }

            let final = try await server.call(
                "GET", "/rides/\(id)", "/rides/{rideIdentifier}", token: server.riderToken, into: api)
            let status = final.json["rideStatus"] as? [String: Any]
            #expect(status?["completionStatus"] as? String == "completed")
            #expect(status?["distanceRemaining"] as? Double == 0)
            // Completed, the vehicle is free for the next rider.
            let next = try await server.call(
                "POST", "/rides/confirm", "/rides/confirm", token: server.otherRiderToken,
                json: ServerHarness.rideRequest(pickup: dropOff, dropOff: nil), into: api)
            #expect(next.json["codeName"] as? String == "ready")
            #expect(try await api.problems() == [])
        }
    }

    @Test("An event stream sends a heartbeat when nothing changes", arguments: [StoreKind.sqlite])
    func heartbeat(_ kind: StoreKind) async throws {
        try await kind.withServer(heartbeat: .seconds(1)) { server in
            let api = OpenAPIConformance()
            try await server.placeVehicles(point(from: ServerHarness.centre, azimuth: 90, distance: 3_000))
            let id = try await server.book(
                ServerHarness.rideRequest(pickup: ServerHarness.centre, dropOff: nil), token: server.riderToken, into: api)
            let reading = try await server.events.read("/rides/\(id)/events", token: server.riderToken, timeout: .seconds(30)) {
                events in
                events.count >= 3
            }
            #expect(reading.events.count >= 3)
            #expect(
                reading.events.allSatisfy {
                    $0.json["phaseName"] as? String == "confirmed" && $0.json["rideIdentifier"] as? String == id
                })
            for event in reading.events { api.recordEvent(event.data) }
            #expect(try await api.problems() == [])
        }
    }

    /// Waits until the server has an event stream open (its gauge in /metrics).
    private func waitForStreams(_ server: ServerHarness) async -> Bool {
        for _ in 0..<100 {
            if let metrics = try? await server.probe.send("GET", "/metrics"),
                metrics.text.contains("lodestar_event_streams_open 1")
            {
                return true
            }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return false
    }
}
