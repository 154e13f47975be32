import Foundation
import GRDB
import RideBooking
import RideStoreSQLite
import RideTestSupport
import Testing

/// Issue 11: the store and the handlers have async methods on GRDB's async reads and writes, with
/// the synchronous methods' semantics, against real SQLite files.
@Suite struct RideStoreAsyncTests {
    @Test func bookFollowCancelAndListThroughTheAsyncMethods() async throws {
        let vehicles = (0..<3).map { Fixture.vehicle("V-\($0)", at: Fixture.point(azimuth: Double($0) * 120, distance: 2_000)) }
        let fixture = try await ServiceFixture(vehicles: vehicles)
        let request = RideRequest(
            pickupLocation: Placemark(coordinate: Fixture.charingCross),
            dropOffLocation: Placemark(coordinate: Fixture.point(azimuth: 270, distance: 3_000)), partySize: 2)
        #expect(try await fixture.requests.confirm(request).code == .ready)
        let booked = try #require(try await fixture.requests.handle(request).rideStatus)
        #expect(booked.phase == .confirmed)
        #expect(try await fixture.store.ride(identifier: booked.rideIdentifier)?.vehicle.identifier == booked.vehicle?.identifier)
        #expect(try await fixture.store.count() == 1)
        let options = try await ListRideOptionsHandler(service: fixture.service).handle(pickup: Fixture.charingCross)
        #expect(options.code == .success)
        // 160 s on, the vehicle is 400 m from the pickup: the phase reached (approachingPickup)
        // is written back through the async write.
        fixture.clock.advance(by: 160)
        let status = try #require(try await fixture.status(booked.rideIdentifier))
        #expect(status.phase == .approachingPickup)
        #expect(try await fixture.store.ride(identifier: booked.rideIdentifier)?.storedPhase == status.phase)
        let updates = try #require(try await fixture.updates(booked.rideIdentifier))
        #expect(updates.first?.phase == .confirmed)
        #expect(updates.last?.phase == status.phase)
        let cancelled = try await fixture.cancel(booked.rideIdentifier)
        #expect(cancelled.code == .success)
        #expect(try await fixture.store.ride(identifier: booked.rideIdentifier)?.completionStatus == .canceledByUser)
        #expect(try await fixture.store.activeVehicleIdentifiers(at: fixture.clock.now).isEmpty)
        #expect(try await fixture.store.listing().rides.map(\.rideIdentifier) == [booked.rideIdentifier])
    }

    /// Twenty tasks booking at once for ten vehicles: the async writes are serialised as the
    /// synchronous ones are, so ten are booked, each with its own vehicle, and ten refused.
    @Test func concurrentAsyncBookingsNeverShareAVehicle() async throws {
        let vehicles = (0..<10).map { Fixture.vehicle("V-\($0)", at: Fixture.point(azimuth: Double($0) * 36, distance: 900)) }
        let fixture = try await ServiceFixture(vehicles: vehicles)
        let request = RideRequest(pickupLocation: Placemark(coordinate: Fixture.charingCross), partySize: 1)
        let handler = fixture.requests
        let responses = try await withThrowingTaskGroup(of: RequestRideIntentResponse.self) { group in
            for _ in 0..<20 { group.addTask { try await handler.handle(request) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let booked = responses.compactMap(\.rideStatus?.vehicle?.identifier)
        #expect(booked.count == 10)
        #expect(Set(booked).count == 10)
        #expect(responses.filter { $0.code == .failureRequiringAppLaunchServiceTemporarilyUnavailable }.count == 10)
        #expect(try await fixture.store.count() == 10)
    }

    @Test func aCancelledTaskBooksNothing() async throws {
        let fixture = try await ServiceFixture(vehicles: [Fixture.vehicle("V-1", at: Fixture.point(azimuth: 0, distance: 500))])
        let handler = fixture.requests
        let request = RideRequest(pickupLocation: Placemark(coordinate: Fixture.charingCross), partySize: 1)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await handler.handle(request)
        }
        await #expect(throws: RideStoreError.cancelled(path: fixture.store.path)) { try await task.value }
        #expect(try await fixture.store.count() == 0)
        #expect(RideStoreError.cancelled(path: "/r.sqlite").description == "cancelled while using ride store /r.sqlite")
    }
}
