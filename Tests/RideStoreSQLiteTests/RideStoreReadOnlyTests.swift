import Foundation
import GRDB
import RideBooking
import RideStoreSQLite
import RideTestSupport
import Testing

/// Issue 12, "The ride store under contention and on read-only media": a store opened read-only
/// takes no lock, migrates nothing, writes nothing and never waits for a writer; opening for
/// writing takes the write lock only when the schema step is needed.
///
/// The tests run as root, for whom file permissions do not stop a write, so "writes nothing" is
/// shown by what root cannot fake: the file's bytes are the same after every read, the store was
/// opened with `SQLITE_OPEN_READONLY` (a write through it is refused), and the reads succeed while
/// another connection holds the write lock for the whole test (a reader that needed the lock would
/// fail with `busy`). A store where SQLite cannot create its WAL index is made by putting a
/// directory where the `-shm` file goes. The CLI tests also run `lodestar ride list` as an
/// unprivileged user on a read-only file in a read-only directory.
@Suite struct RideStoreReadOnlyTests {
    /// A second connection holding `BEGIN IMMEDIATE` (with an uncommitted change) on the store.
    final class Writer {
        let queue: DatabaseQueue

        init(path: String) throws {
            var configuration = Configuration()
            configuration.allowsUnsafeTransactions = true
            queue = try DatabaseQueue(path: path, configuration: configuration)
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "BEGIN IMMEDIATE; UPDATE store_revision SET value = value + 100; DELETE FROM ride")
            }
        }

        func rollback() throws {
            try queue.writeWithoutTransaction { try $0.execute(sql: "ROLLBACK") }
        }
    }

    @Test func readersNeitherLockNorWaitWhileAWriterHoldsTheLock() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("rides.sqlite")
        let booked = try await RideStoreMarkTests.book(3, into: path)
        let impatient = try RideStore(path: path, busyTimeout: 0)
        let writer = try Writer(path: path)
        // The lock is really held: a write with no patience fails at once.
        await #expect(throws: RideStoreError.busy(path: path)) {
            try await CancelRideHandler(service: try await openService(.empty, impatient)).handle(rideIdentifier: booked[0])
        }
        // Readers see the last committed state, not the writer's uncommitted deletion.
        let reader = try RideStore(path: path, access: .readOnly)
        #expect(reader.access == .readOnly)
        try await Self.readThroughTheService(reader, booked: booked)
        #expect(try await reader.count() == 3)
        #expect(try await reader.ride(identifier: booked[1])?.rideIdentifier == booked[1])
        #expect(try await reader.listing().rides.count == 3)
        try writer.rollback()
        #expect(try await reader.count() == 3)
    }

    /// The reads, the status handler and the simulated vehicles' status, on a read-only store.
    static func readThroughTheService(_ reader: RideStore, booked: [String]) async throws {
        #expect(try await reader.count() == 3)
        #expect(Set(try await reader.rides().map(\.rideIdentifier)) == Set(booked))
        #expect(try await reader.listing().rides.count == 3)
        let service = try await openService(.empty, reader, now: TestClock().function)
        let status = try await RideStatusHandler(service: service).handle(rideIdentifier: booked[2])
        #expect(status.code == .success)
        var simulated = SimulatedFleet(service: service)
        #expect(try await simulated.status(of: booked[2], at: service.now, writing: false)?.rideIdentifier == booked[2])
    }

    @Test func aReadOnlyStoreWritesNothing() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("rides.sqlite")
        let booked = try await RideStoreMarkTests.book(2, into: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        do {
            // 30 minutes on: every ride's vehicle has driven on from `confirmed`, which on a writable
            // store its reports would write.
            let clock = TestClock()
            clock.advance(by: 1_800)
            let store = try RideStore(path: path, access: .readOnly)
            let service = try await openService(.empty, store, now: clock.function)
            let stored = try #require(try await RideStatusHandler(service: service).handle(rideIdentifier: booked[0]).rideStatus)
            #expect(stored.phase == .confirmed)
            var simulated = SimulatedFleet(service: service)
            let status = try #require(try await simulated.status(of: booked[0], at: clock.now, writing: false))
            #expect(status.phase != .confirmed)
            #expect(try await store.ride(identifier: booked[0])?.storedPhase == .confirmed)
            // A write through it is refused, and nothing changes.
            await #expect(throws: RideStoreError.cannotOpen(path: path, reason: "it was opened read-only")) {
                try await CancelRideHandler(service: service).handle(rideIdentifier: booked[1])
            }
            #expect(try await store.ride(identifier: booked[1])?.completionStatus == nil)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func aMissingStoreReadsAsEmptyAndIsNotCreated() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("not/yet/rides.sqlite")
        let store = try RideStore(path: path, access: .readOnly)
        #expect(try await store.count() == 0)
        #expect(try await store.rides().isEmpty)
        #expect(try await store.ride(identifier: "X") == nil)
        #expect(try await store.listing().rides.isEmpty)
        #expect(try await store.activeVehicleIdentifiers(at: TestClock.start).isEmpty)
        let options = try await ListRideOptionsHandler(
            service: try await openService(try Fixture.fleet([Fixture.vehicle("V-1", at: Fixture.charingCross)]), store)
        ).handle(pickup: Fixture.charingCross)
        // No vehicle has reported to a store that does not exist: none is in range.
        #expect(options.code == .failureRequiringAppLaunchNoServiceInArea)
        #expect(!FileManager.default.fileExists(atPath: directory.path("not")))
    }

    /// As on a read-only mount: SQLite cannot create the `-shm` index beside the store (here a
    /// directory is in its way, which stops root too). The store is read immutable.
    @Test func aStoreWhoseWALIndexCannotBeCreatedIsStillRead() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("rides.sqlite")
        let booked = try await RideStoreMarkTests.book(2, into: path)
        try FileManager.default.createDirectory(atPath: path + "-shm", withIntermediateDirectories: false)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: RideStoreError.self) { try RideStore(path: path) }  // a writer cannot use it
        let store = try RideStore(path: path, access: .readOnly)
        #expect(Set(try await store.rides().map(\.rideIdentifier)) == Set(booked))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        // Nothing beside it either, but the empty WAL file SQLite made on its first try (which a
        // read-only medium would not have let it make).
        let wal = try? FileManager.default.attributesOfItem(atPath: path + "-wal")
        #expect((wal?[.size] as? NSNumber)?.intValue ?? 0 == 0)
    }
}
