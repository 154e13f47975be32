import Foundation
import GRDB
import RideBooking
import RideStoreSQLite
import RideTestSupport
import Testing

/// The store against real SQLite files: WAL, durability across reopening, the unique index, the
/// default path, and clear errors for damaged or unusable files.
@Suite struct RideStoreTests {
    @Test func walModeAndSurvivesReopening() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("rides.sqlite")
        var booked: [String] = []
        do {
            let clock = TestClock()
            let vehicles = (0..<5).map { Fixture.vehicle("V-\($0)", at: Fixture.point(azimuth: Double($0) * 70, distance: 800)) }
            let service = try await openService(try Fixture.fleet(vehicles), try RideStore(path: path), now: clock.function)
            for _ in 0..<5 {
                let request = RideRequest(pickupLocation: Placemark(coordinate: Fixture.charingCross), partySize: 1)
                booked.append(
                    try #require(try await RideRequestHandler(service: service).handle(request).rideStatus).rideIdentifier)
            }
        }
        let journal = try await DatabaseQueue(path: path).read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
        #expect(journal == "wal")
        let reopened = try RideStore(path: path)
        #expect(try await reopened.count() == 5)
        #expect(Set(try await reopened.rides().map(\.rideIdentifier)) == Set(booked))
        #expect(try await reopened.activeVehicleIdentifiers(at: TestClock.start) == Set((0..<5).map { "V-\($0)" }))
    }

    @Test func theUniqueIndexRefusesASecondActiveRideForAVehicle() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("rides.sqlite")
        _ = try RideStore(path: path)
        let db = try DatabaseQueue(path: path)
        func insert(_ id: String, phase: Int, completion: String?) throws {
            try db.write {
                try $0.execute(
                    sql: """
                        INSERT INTO ride (id, vehicle_id, phase, completion_status, booked_at, trip_ends_at, updated_at, record, revision)
                        VALUES (?, 'V-1', ?, ?, 0, 1e12, 0, '{}', 1)
                        """, arguments: [id, phase, completion])
            }
        }
        try insert("done", phase: 4, completion: "completed")
        try insert("active", phase: 2, completion: nil)
        #expect(throws: DatabaseError.self) { try insert("second", phase: 5, completion: nil) }
        // A completed phase needs a completion status, and only it has one.
        #expect(throws: DatabaseError.self) { try insert("bad", phase: 4, completion: nil) }
    }

    @Test func aFileThatIsNotADatabaseIsAClearError() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("rides.sqlite")
        try Data(repeating: 0x5A, count: 8_192).write(to: URL(fileURLWithPath: path))
        #expect(throws: RideStoreError.notADatabase(path: path)) { try RideStore(path: path) }
        #expect(RideStoreError.notADatabase(path: path).description.contains("is not an SQLite database"))
    }

    @Test func damagedPagesAreAClearError() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("rides.sqlite")
        do {
            let clock = TestClock()
            let vehicles = (0..<40).map { Fixture.vehicle("V-\($0)", at: Fixture.point(azimuth: Double($0) * 9, distance: 900)) }
            let service = try await openService(try Fixture.fleet(vehicles), try RideStore(path: path), now: clock.function)
            for _ in 0..<40 {
                _ = try await RideRequestHandler(service: service).handle(
                    RideRequest(pickupLocation: Placemark(coordinate: Fixture.charingCross), partySize: 1))
            }
        }
        // The store is closed (its WAL checkpointed into the file); scribble over every page but the first.
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        let size = try handle.seekToEnd()
        #expect(size > 8_192)
        try handle.seek(toOffset: 4_096)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: Int(size) - 4_096))
        try handle.close()
        var failures: [RideStoreError] = []
        do {
            let store = try RideStore(path: path)
            _ = try await store.rides()
        } catch {
            failures.append(error)
        }
        #expect(failures.count == 1)
        if case .corrupt(let failedPath, _) = failures.first {
            #expect(failedPath == path)
        } else {
            Issue.record("expected .corrupt, got \(failures)")
        }
    }

    @Test func anUnusablePathIsAClearError() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.path("a-file")
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        #expect {
            try RideStore(path: file + "/rides.sqlite")
        } throws: { error in
            if case .cannotOpen = error as? RideStoreError { return true }
            return false
        }
        // A directory where the file should be.
        let dir = directory.path("rides.sqlite")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        #expect {
            try RideStore(path: dir)
        } throws: { error in
            if case .cannotOpen = error as? RideStoreError { return true }
            return false
        }
    }

    @Test func aNewerSchemaIsRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("rides.sqlite")
        _ = try RideStore(path: path)
        try DatabaseQueue(path: path).writeWithoutTransaction { try $0.execute(sql: "PRAGMA user_version = 9") }
        #expect(throws: RideStoreError.incompatibleSchema(path: path, version: 9)) { try RideStore(path: path) }
    }

    @Test func defaultPath() {
        #expect(
            RideStore.defaultPath(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/ada"])
                == "/data/lodestar/rides.sqlite")
        #expect(RideStore.defaultPath(environment: ["HOME": "/home/ada"]) == "/home/ada/.local/share/lodestar/rides.sqlite")
        // XDG says relative paths are invalid and must be ignored.
        #expect(
            RideStore.defaultPath(environment: ["XDG_DATA_HOME": "data", "HOME": "/home/ada"])
                == "/home/ada/.local/share/lodestar/rides.sqlite")
    }
}
