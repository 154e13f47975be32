import Foundation
import GRDB
import RideBooking
import RideStoreSQLite
import RideTestSupport
import Testing

/// Issue 12, "Destroyed and lost data": the store is marked with SQLite's application id, and any
/// other SQLite file is refused without being touched (no WAL switch, no table, no file beside it),
/// against real SQLite files.
@Suite struct RideStoreMarkTests {
    /// The file's bytes and the names in its directory: what "untouched" means.
    struct Snapshot: Equatable {
        var bytes: Data
        var directory: [String]

        init(_ path: String) throws {
            bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            directory = try FileManager.default.contentsOfDirectory(
                atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path
            )
            .sorted()
        }
    }

    /// The application id in the file's header (bytes 68–71, big-endian).
    static func headerMark(_ path: String) throws -> UInt32 {
        let header = try Data(contentsOf: URL(fileURLWithPath: path)).prefix(100)
        return header[68..<72].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// Books `count` rides into the store at `path`.
    static func book(_ count: Int, into path: String) async throws -> [String] {
        let vehicles = (0..<count).map { Fixture.vehicle("V-\($0)", at: Fixture.point(azimuth: Double($0) * 40, distance: 700)) }
        let service = try await openService(try Fixture.fleet(vehicles), try RideStore(path: path), now: TestClock().function)
        var booked: [String] = []
        for _ in 0..<count {
            let request = RideRequest(pickupLocation: Placemark(coordinate: Fixture.charingCross), partySize: 1)
            booked.append(try #require(try await RideRequestHandler(service: service).handle(request).rideStatus).rideIdentifier)
        }
        return booked
    }

    @Test func theMarkIsLDST() {
        #expect(RideStore.applicationID == 0x4C44_5354)
        #expect(
            String(
                decoding: withUnsafeBytes(of: UInt32(bitPattern: RideStore.applicationID).bigEndian) { Array($0) }, as: UTF8.self)
                == "LDST")
    }

    @Test func aNewPathAndAnEmptyFileBecomeMarkedStores() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let new = directory.path("new/rides.sqlite")
        let empty = directory.path("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        for path in [new, empty] {
            do {
                let store = try RideStore(path: path)
                #expect(try await store.count() == 0)
            }
            #expect(try Self.headerMark(path) == 0x4C44_5354, "\(path)")
            let mark = try await DatabaseQueue(path: path).read { try Int32.fetchOne($0, sql: "PRAGMA application_id") }
            #expect(mark == RideStore.applicationID)
        }
    }

    @Test func anotherApplicationsDatabaseIsRefusedAndLeftExactlyAsItWas() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("other.sqlite")
        // Another application's database: rollback journal (DatabaseQueue's default), no application id.
        try DatabaseQueue(path: path).write { db in
            try db.execute(
                sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO note (text) VALUES ('keep me')")
        }
        let before = try Snapshot(path)
        #expect(before.directory == ["other.sqlite"])
        for access in [RideStore.Access.readWrite, .readOnly] {
            #expect {
                try RideStore(path: path, access: access)
            } throws: { error in
                guard case .notALodestarStore(let failed, let reason) = error as? RideStoreError else { return false }
                return failed == path && reason == "no Lodestar application_id, and it holds table note"
            }
        }
        #expect(try Snapshot(path) == before)
        let journal = try DatabaseQueue(path: path).read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
        #expect(journal == "delete")
        #expect(
            RideStoreError.notALodestarStore(path: path, reason: "r").description
                == "\(path) is not a Lodestar ride store (r); it was left unchanged")
    }

    @Test func aClosedWALDatabaseOfAnotherApplicationGetsNoFileBesideIt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("other.sqlite")
        do {
            let pool = try DatabasePool(path: path)
            try pool.write { try $0.execute(sql: "CREATE TABLE ride (id TEXT); CREATE TABLE account (name TEXT)") }
        }
        let before = try Snapshot(path)
        #expect(before.directory == ["other.sqlite"])  // closed: its WAL checkpointed and removed
        #expect(throws: RideStoreError.self) { try RideStore(path: path) }
        #expect(throws: RideStoreError.self) { try RideStore(path: path, access: .readOnly) }
        #expect(try Snapshot(path) == before)
    }

    @Test func anotherApplicationIdIsNamed() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("other.sqlite")
        try DatabaseQueue(path: path).writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA application_id = 1196446541; CREATE TABLE t (x)")  // 0x4750534D, 'GPSM'
        }
        let before = try Snapshot(path)
        #expect(
            throws: RideStoreError.notALodestarStore(
                path: path, reason: "its SQLite application_id is 0x4750534D ('GPSM')")
        ) { try RideStore(path: path) }
        #expect(try Snapshot(path) == before)
    }

    @Test func aFileThatIsNotSQLiteIsNotTouched() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("notes.txt")
        try Data("shopping: bread, milk\n".utf8).write(to: URL(fileURLWithPath: path))
        let before = try Snapshot(path)
        #expect(throws: RideStoreError.notADatabase(path: path)) { try RideStore(path: path) }
        #expect(throws: RideStoreError.notADatabase(path: path)) { try RideStore(path: path, access: .readOnly) }
        #expect(try Snapshot(path) == before)
    }

    /// A store of the previous version (no application id): read as it is by a reader, marked by
    /// the first writer, every ride kept.
    @Test func aStoreOfThePreviousVersionIsAdopted() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("rides.sqlite")
        let booked = try await Self.book(3, into: path)
        // What the version before the mark left: the same tables, application_id 0, and no
        // `grdb_migrations` (the migrator came later).
        try await DatabaseQueue(path: path).writeWithoutTransaction {
            try $0.execute(sql: "PRAGMA application_id = 0; DROP TABLE grdb_migrations")
        }
        #expect(try Self.headerMark(path) == 0)
        let before = try Snapshot(path)
        do {
            let reader = try RideStore(path: path, access: .readOnly)
            #expect(Set(try await reader.rides().map(\.rideIdentifier)) == Set(booked))
        }
        #expect(try Snapshot(path).bytes == before.bytes)  // the reader did not mark it
        do {
            let writer = try RideStore(path: path)
            #expect(Set(try await writer.rides().map(\.rideIdentifier)) == Set(booked))
        }
        #expect(try Self.headerMark(path) == 0x4C44_5354)
        #expect(try await RideStore(path: path).count() == 3)
    }

    @Test func theRideTablesBesideOthersAreNotAdopted() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("rides.sqlite")
        _ = try await Self.book(1, into: path)
        try await DatabaseQueue(path: path).writeWithoutTransaction {
            try $0.execute(sql: "PRAGMA application_id = 0; DROP TABLE grdb_migrations; CREATE TABLE invoice (id INTEGER)")
        }
        let before = try Snapshot(path)
        #expect {
            try RideStore(path: path)
        } throws: { error in
            guard case .notALodestarStore(_, let reason) = error as? RideStoreError else { return false }
            return reason
                == "no Lodestar application_id, and it holds table ride, index ride_active_vehicle, index ride_booked_at, index ride_revision, …"
        }
        #expect(try Snapshot(path) == before)
    }

    @Test func aDirectoryOrADeviceIsNotAStore() throws {
        #expect {
            try RideStore(path: "/dev/null")
        } throws: { error in
            error as? RideStoreError == .cannotOpen(path: "/dev/null", reason: "not a regular file")
        }
        #expect {
            try RideStore(path: "/dev/null", access: .readOnly)
        } throws: { error in
            error as? RideStoreError == .cannotOpen(path: "/dev/null", reason: "not a regular file")
        }
    }
}
