import Foundation
import RideBooking
import RideTestSupport
import Testing

/// Cancel: received through pickup → success and completed(canceledByUser); ongoing or completed →
/// failure; unknown identifier → failure.
@Suite struct CancelTests {
    /// Same ride as StatusUpdateTests: approaching at 40 s, pickup at 98 s, ongoing at 158 s,
    /// completed at about 457 s.
    func bookedRide() async throws -> (ServiceFixture, RideStatus) {
        let fixture = try await ServiceFixture(vehicles: [Fixture.vehicle("V-1", at: Fixture.point(azimuth: 0, distance: 1_000))])
        return (fixture, try #require(try await fixture.book()))
    }

    @Test func cancelReceived() throws {
        // A ride is received only inside the booking transaction; cancelling one is a status rule.
        var status = RideStatus(rideIdentifier: "R", bookedDate: TestClock.start, date: TestClock.start)
        try status.complete(.canceledByUser)
        #expect(status.phase == .completed && status.completionStatus == .canceledByUser)
    }

    @Test(arguments: [(10.0, RidePhase.confirmed), (50, .approachingPickup), (120, .pickup)])
    func cancelSucceeds(after seconds: Double, in phase: RidePhase) async throws {
        let (fixture, booked) = try await bookedRide()
        fixture.clock.advance(by: seconds)
        #expect(try await fixture.status(booked.rideIdentifier)?.phase == phase)
        let response = try await fixture.cancel(booked.rideIdentifier)
        #expect(response.code == .success)
        let status = try #require(response.rideStatus)
        #expect(status.phase == .completed)
        #expect(status.completionStatus == .canceledByUser)
        #expect(status.rideIdentifier == booked.rideIdentifier)
        // Stored, and the vehicle is free at once.
        let stored = try #require(try await fixture.store.ride(identifier: booked.rideIdentifier))
        #expect(stored.storedPhase == .completed && stored.completionStatus == .canceledByUser)
        #expect(try await fixture.store.activeVehicleIdentifiers(at: fixture.clock.now).isEmpty)
        // Later queries still say cancelled, and the updates end with it.
        fixture.clock.advance(by: 1_000)
        #expect(try await fixture.status(booked.rideIdentifier)?.completionStatus == .canceledByUser)
        let updates = try #require(try await fixture.updates(booked.rideIdentifier))
        #expect(updates.last?.completionStatus == .canceledByUser)
        #expect(updates.last?.date == booked.date.addingTimeInterval(seconds))
        // Cancelling again fails: it is completed.
        #expect(try await fixture.cancel(booked.rideIdentifier).code == .failure)
        // And the vehicle can be booked again.
        #expect(try await fixture.book()?.vehicle?.identifier == "V-1")
    }

    @Test func cancelOngoingFails() async throws {
        let (fixture, booked) = try await bookedRide()
        fixture.clock.advance(by: 200)
        let response = try await fixture.cancel(booked.rideIdentifier)
        #expect(response.code == .failure)
        #expect(response.rideStatus?.phase == .ongoing)
        #expect(try await fixture.store.ride(identifier: booked.rideIdentifier)?.completionStatus == nil)
        fixture.clock.advance(by: 400)
        #expect(try await fixture.status(booked.rideIdentifier)?.completionStatus == .completed)
    }

    @Test func cancelCompletedFails() async throws {
        let (fixture, booked) = try await bookedRide()
        fixture.clock.advance(by: 600)
        let response = try await fixture.cancel(booked.rideIdentifier)
        #expect(response.code == .failure)
        #expect(response.rideStatus?.completionStatus == .completed)
        #expect(try await fixture.store.ride(identifier: booked.rideIdentifier)?.completionStatus == .completed)
    }

    @Test func cancelUnknownRideFails() async throws {
        let (fixture, _) = try await bookedRide()
        let response = try await fixture.cancel(UUID().uuidString)
        #expect(response.code == .failure)
        #expect(response.rideStatus == nil)
    }
}
