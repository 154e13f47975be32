import Foundation
import GRDB
import RideBooking
import RideStoreSQLite
import RideTestSupport
import Testing

/// Issue 12: one row whose record cannot be decoded no longer fails the whole listing; the others
/// are listed and the bad ones named, with why. Rows are damaged through SQLite, as another
/// program or a disk error would.
@Suite struct RideListingTests {
    /// Four rides, three of them damaged: a record that is JSON of the wrong shape, one that is
    /// not JSON, and a completion date that is text.
    static func damagedStore(_ directory: TemporaryDirectory) async throws -> (path: String, booked: [String]) {
        let path = directory.path("rides.sqlite")
        let booked = try await RideStoreMarkTests.book(4, into: path)
        try await DatabaseQueue(path: path).write { db in
            try db.execute(sql: "UPDATE ride SET record = '{\"booking\": 1}' WHERE id = ?", arguments: [booked[1]])
            try db.execute(sql: "UPDATE ride SET record = 'not json' WHERE id = ?", arguments: [booked[2]])
            try db.execute(sql: "UPDATE ride SET completed_at = 'soon' WHERE id = ?", arguments: [booked[3]])
        }
        return (path, booked)
    }

    @Test(arguments: [RideStore.Access.readWrite, .readOnly])
    func theReadableRidesAreListedAndTheOthersNamed(access: RideStore.Access) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (path, booked) = try await Self.damagedStore(directory)
        let store = try RideStore(path: path, access: access)
        let listing = try await store.listing()
        #expect(listing.rides.map(\.rideIdentifier) == [booked[0]])
        #expect(Set(listing.unreadable.map(\.rideIdentifier)) == Set(booked[1...]))
        let reasons = Dictionary(uniqueKeysWithValues: listing.unreadable.map { ($0.rideIdentifier, $0.reason) })
        #expect(reasons[booked[1]]?.hasPrefix("its record at booking: ") == true)
        #expect(reasons[booked[2]]?.hasPrefix("its record: The given data was not valid JSON.") == true)
        #expect(reasons[booked[3]] == "column completed_at: \"soon\" is not a Double")
        let text = try #require(listing.unreadable.first { $0.rideIdentifier == booked[3] }).description
        #expect(text == "ride \(booked[3]) in the store cannot be read: column completed_at: \"soon\" is not a Double")
        // rides(limit:) still fails on the first bad row, and one bad ride read alone is an error naming it.
        await #expect {
            try await store.rides()
        } throws: { error in
            if case .invalidRecord(let id, _) = error as? RideStoreError { return booked[1...].contains(id) }
            return false
        }
        await #expect {
            try await store.ride(identifier: booked[2])
        } throws: { error in
            if case .invalidRecord(let id, _) = error as? RideStoreError { return id == booked[2] }
            return false
        }
    }

    @Test func theAsyncListingSaysTheSame() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (path, booked) = try await Self.damagedStore(directory)
        let store = try RideStore(path: path, access: .readOnly)
        let listing = try await store.listing()
        #expect(listing.rides.map(\.rideIdentifier) == [booked[0]])
        #expect(Set(listing.unreadable.map(\.rideIdentifier)) == Set(booked[1...]))
        #expect(try await store.count() == 4)
    }

    @Test func theLimitCountsEveryRow() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("rides.sqlite")
        let booked = try await RideStoreMarkTests.book(3, into: path)
        try await DatabaseQueue(path: path).write { db in
            try db.execute(sql: "UPDATE ride SET record = '[]'")
        }
        let listing = try await RideStore(path: path, access: .readOnly).listing(limit: 2)
        #expect(listing.rides.isEmpty)
        #expect(listing.unreadable.count == 2)
        #expect(Set(listing.unreadable.map(\.rideIdentifier)).isSubset(of: Set(booked)))
    }
}
