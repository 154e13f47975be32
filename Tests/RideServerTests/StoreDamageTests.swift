import Foundation
import RideBooking
import RideServer
import RideStoreSQLite
import TestSupport
import Testing

/// Issue 26: with a damaged page, `/health` said 200 "ok" while listing and booking answered 503
/// "corrupt": it read only the schema version, which is on the file's first page. `/health` must
/// check the store. scripts/hostile-load.py's corrupt-store case is the same on a release build.
@Suite("A damaged store", .serialized)
struct StoreDamageTests {
    @Test(
        "Pages overwritten under a running server: requests answer 503 and so does /health; a store opened on the damaged file fails its health check"
    )
    func damagedPages() async throws {
        try await StoreKind.sqlite.withServer { server in
            let api = OpenAPIConformance()
            try await ServiceLimitTests.twoVehiclesNearCentre(server)
            _ = try await server.book(
                ServerHarness.rideRequest(pickup: ServerHarness.centre, dropOff: nil), token: server.riderToken, into: api)
            #expect(try await server.probe.send("GET", "/health").status == 200)
            // The rides into the file (out of the WAL), then every page but the first (the schema's
            // root, where the schema version is) overwritten, as a bad disk would.
            try await server.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            let handle = try FileHandle(forUpdating: URL(fileURLWithPath: server.location))
            let size = try handle.seekToEnd()
            #expect(size > 8_192)
            try handle.seek(toOffset: 4_096)
            try handle.write(contentsOf: Data(repeating: 0xA5, count: Int(size) - 4_096))
            try handle.close()
            // A write through the server: its readers then read the file again.
            let report = try await server.probe.send(
                "PUT", "/vehicles/\(server.vehicle.identifier)/location", token: server.operatorToken,
                json: #"{"coordinate":{"latitude":51.51,"longitude":-0.12}}"#)
            #expect(report.status == 503, "\(report)")
            let rides = try await server.probe.send("GET", "/rides", token: server.operatorToken)
            #expect(rides.status == 503, "\(rides)")
            let health = try await server.probe.send("GET", "/health")
            #expect(health.status == 503, "/health while the store is damaged: \(health)")
            #expect(health.headers["retry-after"] != nil)
            #expect(!health.text.contains(server.location), "\(health.text)")
            // A server started on the damaged file: its first health check reads the whole store.
            do {
                let reopened = try RideStore(path: server.location)
                let backend = RideService(store: reopened, databaseKind: "sqlite", fleet: server.fleet)
                await #expect(throws: RideStoreError.self, "a new store's health check on the damaged file") {
                    try await backend.checkHealth()
                }
            } catch {
                // Refused at open: as clear.
                #expect(error is RideStoreError, "\(error)")
            }
        }
    }
}
