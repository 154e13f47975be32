import Foundation
import Geodesy
import RideBooking
import TestSupport
import Testing

/// Issue 24: events pushed, not polled. A phase written through one server reaches the event
/// streams on another through the store's change feed (PostgreSQL's LISTEN/NOTIFY), open
/// streams cost no query, and a stream that reconnects with Last-Event-ID gets what it missed.
@Suite("Pushed ride events")
struct PushedEventTests {
    @Test(
        "A phase written through server A reaches 5 streams on server B within 1 s; open streams run no query while nothing changes"
    )
    func pushedAcrossServers() async throws {
        try await StoreKind.postgres.withTwoServers(heartbeat: .milliseconds(300)) { a, b in
            let postgres = try await PostgresServer.shared()
            let database = String(a.location.split(separator: "/").last ?? "")
            try await postgres.psql("CREATE EXTENSION IF NOT EXISTS pg_stat_statements", database: database)
            let api = OpenAPIConformance()
            try await a.placeVehicles(point(from: ServerHarness.centre, azimuth: 90, distance: 2_000))
            let id = try await a.book(
                ServerHarness.rideRequest(pickup: ServerHarness.centre, dropOff: nil), token: a.riderToken, into: api)

            let streams = (0..<5).map { _ in
                Task {
                    // Until the server ends the stream.
                    try await b.events.read("/rides/\(id)/events", token: b.riderToken, timeout: .seconds(30)) { _ in false }
                }
            }
            #expect(await waitForStreams(b, count: 5))
            // The queries this database ran, but for the statistics' own and postgres-nio's
            // keep-alive (`SELECT 1` on each idle pooled connection every 30 s, not a poll).
            let calls = {
                try await postgres.value(
                    """
                    SELECT string_agg(calls || ' × ' || left(regexp_replace(query, '\\s+', ' ', 'g'), 80), ' | ' ORDER BY query)
                    FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
                      AND query NOT LIKE '%pg_stat_statements%' AND query <> 'SELECT $1'
                    """, database: database)
            }
            // Settled: the streams' first reads are counted (two samples 0.3 s apart agree).
            var before = try await calls()
            for _ in 0..<30 {
                try await Task.sleep(for: .milliseconds(300))
                let next = try await calls()
                if next == before { break }
                before = next
            }
            // Five heartbeats (0.3 s) on each of the five streams: no query.
            try await Task.sleep(for: .milliseconds(1_500))
            let quiet = try await calls()
            let ran = Set(quiet.components(separatedBy: " | ")).subtracting(before.components(separatedBy: " | "))
            #expect(!before.isEmpty && ran.isEmpty, "queries while 5 streams were open and nothing changed: \(ran.sorted())")

            let cancelled = try await a.call(
                "POST", "/rides/\(id)/cancel", "/rides/{rideIdentifier}/cancel", token: a.riderToken, into: api)
            // Committed when A answers: from then on, B's streams have it within 1 s.
            let answered = ContinuousClock.now
            #expect(cancelled.json["codeName"] as? String == "success")
            for stream in streams {
                let reading = try await stream.value
                let delay = (reading.lastArrival ?? .now) - answered
                #expect(delay < .seconds(1), "the cancel written through A reached B's stream after \(delay)")
                let last = reading.events.last?.json
                #expect(last?["phaseName"] as? String == "completed")
                #expect(last?["completionStatus"] as? String == "canceledByUser")
                #expect(reading.ended, "the stream ends after the completed status")
            }
        }
    }

    @Test(
        "A stream that reconnects with Last-Event-ID gets every phase it missed, in order, then ends",
        arguments: StoreKind.allCases)
    func lastEventID(_ kind: StoreKind) async throws {
        try await kind.withServer(heartbeat: .seconds(20)) { server in
            let api = OpenAPIConformance()
            let pickup = ServerHarness.centre
            let dropOff = point(from: pickup, azimuth: 45, distance: 2_000)
            try await server.placeVehicles(point(from: pickup, azimuth: 180, distance: 2_000))
            let id = try await server.book(
                ServerHarness.rideRequest(pickup: pickup, dropOff: dropOff), token: server.riderToken, into: api)
            // The first connection sees the confirmed ride, then goes away.
            let first = try await server.events.read("/rides/\(id)/events", token: server.riderToken, timeout: .seconds(30)) {
                $0.count >= 1
            }
            let seen = try #require(first.events.first?.id)
            #expect(first.events.first?.json["phaseName"] as? String == "confirmed")
            // While no stream is open, the vehicle takes the ride to its end.
            for (distance, azimuth, target) in [(400.0, 180.0, pickup), (10, 180, pickup), (120, 45, pickup), (5, 0, dropOff)] {
                let reply = try await server.report(point(from: target, azimuth: azimuth, distance: distance))
                #expect(reply.status == 200)
            }
            let again = try await server.events.read(
                "/rides/\(id)/events", token: server.riderToken, lastEventID: seen, timeout: .seconds(30)
            ) { _ in false }
            #expect(again.status == 200)
            #expect(
                again.events.map { $0.json["phaseName"] as? String ?? "?" } == [
                    "approachingPickup", "pickup", "ongoing", "completed",
                ])
            let ids = again.events.compactMap { $0.id.flatMap { Int64($0) } }
            #expect(ids.count == 4 && ids.allSatisfy { $0 > Int64(seen) ?? .max } && ids == ids.sorted())
            #expect(again.ended)
            for event in again.events { api.recordEvent(event.data) }
            #expect(try await api.problems() == [])
        }
    }

    /// Waits until the server has `count` event streams open (its gauge in /metrics).
    private func waitForStreams(_ server: ServerHarness, count: Int) async -> Bool {
        await waitUntilAsync(upTo: .seconds(20), poll: .milliseconds(50)) {
            guard let metrics = try? await server.probe.send("GET", "/metrics") else { return false }
            return metrics.text.contains("lodestar_event_streams_open \(count)")
        }
    }
}
