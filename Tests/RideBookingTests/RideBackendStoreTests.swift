import Foundation
import GRDB
import RideBooking
import RideServer
import RideStorePostgres
import RideStoreSQLite
import RideTestSupport
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The store-level tests of RideStoreTests and RideStoreAsyncTests that are not about SQLite
/// files (durability across reopening, the unique index, a newer schema, a damaged row, a
/// cancelled task), run against both backends; and the SQLite store's migration from version 1.
@Suite struct RideBackendStoreTests {
    typealias F = BackendFixtures

    @Test(arguments: Backend.allCases) func ridesSurviveReopening(_ backend: Backend) async throws {
        try await backend.run { fixture in
            let writer = try fixture.another()
            try await F.fleet(
                (0..<5).map { Fixture.vehicle("V-\($0)", at: Fixture.point(azimuth: Double($0) * 70, distance: 800)) }, in: writer
            )
            var booked: [RideRecord] = []
            for n in 0..<5 {
                booked.append(
                    try #require(try await F.book(F.order(at: F.date.addingTimeInterval(Double(n))), in: writer).record))
            }
            if let writer = writer as? PostgresRideStore { await writer.close() }
            let reader = try fixture.another()
            #expect(try await reader.rides(limit: 10) == booked.reversed())
            for n in 0..<5 { #expect(try await reader.activeRide(vehicleIdentifier: "V-\(n)") != nil) }
        }
    }

    @Test(arguments: Backend.allCases) func theUniqueIndexRefusesASecondActiveRideForAVehicle(_ backend: Backend) async throws {
        try await backend.run { fixture in
            try await fixture.insertRawRide("done", vehicle: "V-1", phase: 4, completion: "completed")
            try await fixture.insertRawRide("active", vehicle: "V-1", phase: 2, completion: nil)
            await #expect(throws: (any Error).self) {
                try await fixture.insertRawRide("second", vehicle: "V-1", phase: 5, completion: nil)
            }
            // A completed phase needs a completion status, and only it has one.
            await #expect(throws: (any Error).self) {
                try await fixture.insertRawRide("bad", vehicle: "V-2", phase: 4, completion: nil)
            }
            await #expect(throws: (any Error).self) {
                try await fixture.insertRawRide("bad", vehicle: "V-2", phase: 2, completion: "completed")
            }
            // The active one is found, and its record `{}` named as unreadable, the same in both.
            let store = fixture.store
            await #expect(
                throws: RideStoreError.invalidRecord(
                    rideIdentifier: "active",
                    reason:
                        "its record: No value associated with key CodingKeys(stringValue: \"booking\", intValue: nil) (\"booking\")."
                )
            ) { try await store.activeRide(vehicleIdentifier: "V-1") }
        }
    }

    @Test(arguments: Backend.allCases) func aNewerSchemaIsRefused(_ backend: Backend) async throws {
        try await backend.run { fixture in
            switch backend {
            case .sqlite: try await fixture.execute("PRAGMA user_version = 9")
            case .postgres: try await fixture.execute("INSERT INTO schema_migrations (version, applied_at) VALUES (9, 0)")
            }
            let store = fixture.store
            await #expect(throws: RideStoreError.incompatibleSchema(path: store.database, version: 9)) {
                try await store.migrate()
            }
            #expect(try await store.schemaVersion() == 9)
        }
    }

    @Test(arguments: Backend.allCases) func aDamagedRideIsNamedAndHidesNoOther(_ backend: Backend) async throws {
        try await backend.run { fixture in
            let store = fixture.store
            try await F.fleet(
                [
                    Fixture.vehicle("V-1", at: Fixture.point(azimuth: 0, distance: 300)),
                    Fixture.vehicle("V-2", at: Fixture.point(azimuth: 0, distance: 600)),
                ], in: store)
            let good = try #require(try await F.book(F.order(), in: store).record)
            let bad = try #require(try await F.book(F.order(at: F.date.addingTimeInterval(1)), in: store).record)
            try await fixture.execute("UPDATE ride SET record = '{\"booking\": 1}' WHERE id = '\(bad.rideIdentifier)'")
            await #expect {
                try await store.ride(identifier: bad.rideIdentifier)
            } throws: { error in
                guard case .invalidRecord(let id, let reason) = error as? RideStoreError else { return false }
                return id == bad.rideIdentifier && reason.hasPrefix("its record at booking: ")
            }
            #expect(try await store.ride(identifier: good.rideIdentifier) == good)
        }
    }

    @Test(arguments: Backend.allCases) func aCancelledTaskBooksNothing(_ backend: Backend) async throws {
        try await backend.run { fixture in
            let store = fixture.store
            try await F.fleet([Fixture.vehicle("V-1", at: Fixture.point(azimuth: 0, distance: 500))], in: store)
            let task = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await F.book(F.order(), in: store)
            }
            await #expect(throws: RideStoreError.cancelled(path: store.database)) { try await task.value }
            #expect(try await store.rides(limit: 10).isEmpty)
            #expect(try await F.book(F.order(), in: store).record != nil)
        }
    }

    /// A store of schema version 1 (the tables `ride` and `store_revision` only): a reader reads it
    /// as it is, the first writer migrates it to version 2 and every ride is kept, with no rider.
    @Test func anSQLiteStoreOfVersion1IsMigrated() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("rides.sqlite")
        var booked: [String] = []
        do {
            let service = try await openService(
                try Fixture.fleet(
                    (0..<3).map { Fixture.vehicle("V-\($0)", at: Fixture.point(azimuth: Double($0) * 90, distance: 700)) }),
                try RideStore(path: path), now: TestClock().function)
            for _ in 0..<3 {
                let request = RideRequest(pickupLocation: Placemark(coordinate: Fixture.charingCross), partySize: 1)
                booked.append(
                    try #require(try await RideRequestHandler(service: service).handle(request).rideStatus).rideIdentifier)
            }
        }
        // Back to what version 1 wrote.
        try await DatabaseQueue(path: path).writeWithoutTransaction { db in
            try db.execute(
                sql: """
                    DROP TABLE grdb_migrations; DROP TABLE idempotency_key; DROP TABLE ride_event;
                    DROP TABLE token; DROP TABLE vehicle_position; DROP TABLE vehicle; DROP INDEX ride_rider_booked_at;
                    ALTER TABLE ride DROP COLUMN rider; PRAGMA user_version = 1;
                    """)
        }
        let reader = try RideStore(path: path, access: .readOnly)
        #expect(Set(try await reader.rides(limit: 10).map(\.rideIdentifier)) == Set(booked))
        #expect(try await reader.schemaVersion() == 1)
        let writer = try RideStore(path: path)
        #expect(try await writer.schemaVersion() == RideBackendSchema.version)
        let rides = try await writer.rides(limit: 10)
        #expect(Set(rides.map(\.rideIdentifier)) == Set(booked))
        #expect(rides.allSatisfy { $0.rider == nil })
        let tables = try await DatabaseQueue(path: path).read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        }
        #expect(
            tables == [
                "grdb_migrations", "idempotency_key", "ride", "ride_event", "sqlite_sequence", "store_revision", "token",
                "vehicle",
                "vehicle_position",
            ])
    }

    @Test func databaseURLs() throws {
        #expect(
            try RideDatabaseURL(parsing: "postgres://lodestar@db.example/rides")
                == .postgres(.init(host: "db.example", port: 5432, user: "lodestar", database: "rides")))
        let full = try RideDatabaseURL(parsing: "postgresql://ride%20svc:s3cret@10.0.0.5:6543/fleet?sslmode=require")
        #expect(
            full
                == .postgres(
                    .init(
                        host: "10.0.0.5", port: 6543, user: "ride svc", password: "s3cret", database: "fleet", requiresTLS: true))
        )
        if case .postgres(let parts) = full { #expect(parts.description == "postgres://ride svc:***@10.0.0.5:6543/fleet") }
        #expect(
            try RideDatabaseURL(parsing: "sqlite:///var/lib/lodestar/rides.sqlite")
                == .sqlite(path: "/var/lib/lodestar/rides.sqlite"))
        #expect(try RideDatabaseURL(parsing: "sqlite:rides.sqlite") == .sqlite(path: "rides.sqlite"))
        #expect(try RideDatabaseURL(parsing: "/tmp/rides.sqlite") == .sqlite(path: "/tmp/rides.sqlite"))
        for bad in [
            "", "postgres://db.example/rides", "postgres://u@db.example/", "postgres://u@db.example:70000/r",
            "postgres://u@h/r?sslmode=verify-full", "mysql://u@h/r", "sqlite://relative",
        ] {
            #expect(throws: RideStoreError.self, "\(bad)") { try RideDatabaseURL(parsing: bad) }
        }
    }

    /// A PostgreSQL URL where nothing listens, or naming a database that does not exist: a clear
    /// error from `migrate()` at once, not after the pool's 60 s of retries.
    @Test func anUnreachableDatabaseIsAClearErrorAtOnce() async throws {
        let port = try Sandbox.freeLoopbackPort()
        let nowhere = try PostgresRideStore(url: "postgres://postgres@127.0.0.1:\(port)/rides")
        await #expect {
            try await nowhere.migrate()
        } throws: { error in
            guard case .cannotOpen(let path, let reason) = error as? RideStoreError else { return false }
            return path == "postgres://postgres@127.0.0.1:\(port)/rides" && reason.hasPrefix("cannot connect: ")
        }
        await nowhere.close()
        let server = try await PostgresServer.shared()
        let missing = try PostgresRideStore(url: server.url(database: "no_such_database"))
        await #expect {
            try await missing.migrate()
        } throws: { error in
            guard case .postgres(_, let state, let message) = error as? RideStoreError else { return false }
            return state == "3D000" && message.contains("no_such_database")
        }
        await missing.close()
    }

    /// A server of the test's own: up with PostGIS, then stopped by its pid, its directory gone.
    @Test func aPostgresServerStartsAndStopsByPid() async throws {
        let server = try await PostgresServer.start()
        #expect(FileManager.default.fileExists(atPath: server.directory + "/data/postmaster.pid"))
        #expect(kill(server.pid, 0) == 0)
        let url = try await server.createDatabase()
        let store = try PostgresRideStore(url: url, maximumConnections: 2)
        try await store.migrate()
        #expect(try await store.schemaVersion() == RideBackendSchema.version)
        await store.close()
        print("PostgreSQL test server: started in \(server.startup) (initdb, ready, PostGIS template)")
        server.stop()
        #expect(kill(server.pid, 0) != 0)
        #expect(!FileManager.default.fileExists(atPath: server.directory))
    }

    /// FIPS 180-2, appendix B.1: SHA-256("abc").
    @Test func tokenHashIsSHA256() {
        #expect(RideToken.hash("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let token = RideToken.generate()
        #expect(token.dropFirst(5).allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        #expect(RideToken.hash(token).count == 64)
    }
}
