import Foundation
import GRDB
import Geodesy
import RideBooking
import RideServer
import RideStoreSQLite
import RideTestSupport
import TestSupport
import Testing

/// A store file made by an earlier version opens and migrates (issue 24): `Fixtures/store-v2.sqlite`,
/// made by the code of commit 3480335 (see `Fixtures/README.md`), is copied to a temporary
/// directory, opened and migrated by today's code, and everything in it is read back with the
/// values it was made with; then the one ``RideService`` carries on with it.
@Suite struct StoreFixtureTests {
    static let fixture = TestData.package("Tests/RideStoreSQLiteTests/Fixtures/store-v2.sqlite")
    /// The rider's token made for the fixture (its SHA-256 is in the file).
    static let riderToken = "ldst_A5khKVGmRPwh5R7WIVotRbbDU2ZmLtXV-cOyZOyVOQc"
    static let inProcess = "59AF53F0-47EE-4CA7-8B99-C7D592CEACB4"
    static let open = "796181F1-4965-40DB-A486-8CCCBBFB8FE9"
    static let cancelled = "C5E80D3F-C31B-4DB7-99BD-D886FA2DFBA2"
    static let overHTTP = "F4135CBB-8046-4AC8-AAE4-2B9D4542FA54"

    /// A copy of the fixture in a new temporary directory.
    static func copy() throws -> (TemporaryDirectory, String) {
        let directory = try TemporaryDirectory()
        let path = directory.path("rides.sqlite")
        try FileManager.default.copyItem(atPath: fixture.path, toPath: path)
        return (directory, path)
    }

    static func near(_ a: Coordinate?, _ latitude: Double, _ longitude: Double) -> Bool {
        a.map { abs($0.latitude - latitude) < 1e-9 && abs($0.longitude - longitude) < 1e-9 } ?? false
    }

    @Test func theStoreOfVersion2OpensMigratesAndReadsBack() async throws {
        let (directory, path) = try Self.copy()
        defer { directory.remove() }
        let store = try RideStore(path: path)
        try await store.migrate()
        #expect(try await store.schemaVersion() == RideBackendSchema.version)
        // Adopted by GRDB's migrator: the two migrations the file had run are recorded as run, and
        // the migrator ran the third.
        let applied = try await DatabaseQueue(path: path).read { db in
            try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier")
        }
        #expect(applied == ["v1", "v2", "v3"])

        // The rides, newest first, with their phases, vehicles, riders and places.
        let rides = try await store.rides(limit: 10)
        #expect(rides.map(\.rideIdentifier) == [Self.overHTTP, Self.cancelled, Self.open, Self.inProcess])
        let byIdentifier = Dictionary(uniqueKeysWithValues: rides.map { ($0.rideIdentifier, $0) })
        let first = try #require(byIdentifier[Self.inProcess])
        #expect(first.vehicle.identifier == "LDN-001")
        #expect(first.storedPhase == .confirmed && first.completionStatus == nil && first.rider == nil)
        #expect(first.booking.partySize == 2)
        #expect(Self.near(first.booking.pickupLocation?.coordinate, 51.5085, -0.1247))
        #expect(Self.near(first.booking.dropOffLocation?.coordinate, 51.501, -0.125))
        #expect(Self.near(first.trip.start, 51.5103, -0.1301))  // LDN-001's stand in Examples/fleet.json
        let open = try #require(byIdentifier[Self.open])
        #expect(open.vehicle.identifier == "LDN-002")
        #expect(open.storedPhase == .approachingPickup)  // written by the server from LDN-002's report
        #expect(open.booking.dropOffLocation == nil)
        let cancelled = try #require(byIdentifier[Self.cancelled])
        #expect(cancelled.vehicle.identifier == "LDN-003")
        #expect(cancelled.storedPhase == .completed && cancelled.completionStatus == .canceledByUser)
        #expect(cancelled.booking.partySize == 5 && cancelled.booking.rideOption?.name == "XL")
        let http = try #require(byIdentifier[Self.overHTTP])
        #expect(http.vehicle.identifier == "LDN-005" && http.rider == "ada" && http.storedPhase == .confirmed)
        #expect(Self.near(http.booking.dropOffLocation?.coordinate, 51.47, -0.4543))
        #expect(try await store.rides(rider: "ada", limit: 10).map(\.rideIdentifier) == [Self.overHTTP])

        // The vehicles as registered, and the positions they reported.
        let reported = try #require(try await store.vehicle(identifier: "LDN-002"))
        #expect(reported.vehicle.capacity == 4 && reported.vehicle.rideOptionName == "Standard")
        let position = try #require(reported.position)
        #expect(Self.near(position.coordinate, 51.5112, -0.1247) && position.course == 180 && position.speed == 8)
        #expect(try await store.vehicle(identifier: "LDN-005")?.position?.speed == 0)
        #expect(try await store.vehicle(identifier: "LDN-001")?.position == nil)
        #expect(try await store.vehicle(identifier: "LDN-004")?.vehicle.state == .busy)
        #expect(try await store.vehicle(identifier: "LDN-007")?.vehicle.state == .offline)

        // The tokens, by what they hash to.
        #expect(try await store.principal(token: Self.riderToken) == .rider("ada"))
        #expect(
            try await store.principal(tokenHash: "ebb861fa0509af25095b7f267da805d1b8de4b01130d0537b5777f3ac08f758f") == .operator)
        #expect(
            try await store.principal(tokenHash: "eb40c59cf0e84f9e676433140c2a0d55e567d43e9c336d7aaf0e5667eefa01fa")
                == .vehicle("LDN-005"))
    }

    @Test func theServiceCarriesOnWithTheMigratedStore() async throws {
        let (directory, path) = try Self.copy()
        defer { directory.remove() }
        let store = try RideStore(path: path)
        try await store.migrate()
        let fleet = try Fleet.load(contentsOf: TestData.package("Examples/fleet.json").path)
        let service = RideService(store: store, databaseKind: "sqlite", fleet: fleet)
        // LDN-002 reports inside the open ride's pickup circle: approachingPickup → pickup.
        let pickup = Coordinate(uncheckedLatitude: 51.508, longitude: -0.1281)
        let progress = try await service.report([
            ReportedPosition(vehicleIdentifier: "LDN-002", coordinate: pickup, timestamp: Date(), horizontalAccuracy: 3)
        ])
        #expect(progress == [VehicleRideProgress(vehicleIdentifier: "LDN-002", rideIdentifier: Self.open, phase: .pickup)])
        #expect(try await service.ride(Self.open)?.status.phase == .pickup)
        // The rider's ride made over HTTP is cancelled by the same service.
        let cancel = try await CancelRideHandler(service: service).handle(rideIdentifier: Self.overHTTP)
        #expect(cancel.code == .success && cancel.rideStatus?.completionStatus == .canceledByUser)
        // The ride cancelled before is refused with its reason.
        let again = try await CancelRideHandler(service: service).handle(rideIdentifier: Self.cancelled)
        #expect(again.code == .failure && again.failureReason == "the ride is already completed (canceledByUser)")
    }
}
