import Foundation
import Geodesy
import RideBooking
import RideTestSupport
import Testing

/// A status update on every phase change and at least every 20 s, with the same identifier, on a
/// clock the test steps.
@Suite struct StatusUpdateTests {
    /// A vehicle 1 km north of the pickup at 10 m/s, a drop-off 3 km west: approaching when 600 m
    /// out (ETA 60 s) at 40 s, at the pickup (25 m) at 98 s, aboard 60 s later, at the drop-off
    /// (25 m) about 457 s after booking.
    func bookedRide() async throws -> (ServiceFixture, RideStatus) {
        let fixture = try await ServiceFixture(vehicles: [Fixture.vehicle("V-1", at: Fixture.point(azimuth: 0, distance: 1_000))])
        return (fixture, try #require(try await fixture.book()))
    }

    @Test func updatesOnEveryPhaseChangeAndEvery20s() async throws {
        let (fixture, booked) = try await bookedRide()
        fixture.clock.advance(by: 600)
        let updates = try #require(try await fixture.updates(booked.rideIdentifier))
        #expect(updates.allSatisfy { $0.rideIdentifier == booked.rideIdentifier })
        #expect(updates.first == booked)
        // Never more than 20 s between updates.
        for (a, b) in zip(updates, updates.dropFirst()) {
            #expect(b.date.timeIntervalSince(a.date) <= 20 + 1e-9, "gap \(a.date) → \(b.date)")
            #expect(b.date > a.date)
        }
        // Each phase in order, each entered by an update of its own.
        var phases: [RidePhase] = []
        for update in updates where phases.last != update.phase { phases.append(update.phase) }
        #expect(phases == [.confirmed, .approachingPickup, .pickup, .ongoing, .completed])
        #expect(updates.last?.completionStatus == .completed)
        #expect(updates.filter { $0.phase == .completed }.count == 1)

        let start = booked.date
        func firstUpdate(_ phase: RidePhase) throws -> RideStatus { try #require(updates.first { $0.phase == phase }) }
        let approaching = try firstUpdate(.approachingPickup)
        #expect(approaching.date.timeIntervalSince(start) == 40)
        #expect(try #require(approaching.distanceRemaining) <= 600 + 1e-6)
        let pickup = try firstUpdate(.pickup)
        #expect(pickup.date.timeIntervalSince(start) == 98)
        #expect(try #require(pickup.distanceRemaining) <= 25)
        #expect(pickup.estimatedPickupDate == pickup.date)
        let ongoing = try firstUpdate(.ongoing)
        #expect(ongoing.date.timeIntervalSince(pickup.date) == 60)
        let completed = try firstUpdate(.completed)
        #expect(abs(completed.date.timeIntervalSince(start) - 457) <= 1)
        #expect(
            completed.vehicle?.location.map {
                Geodesic.wgs84.inverse(from: $0, to: Fixture.point(azimuth: 270, distance: 3_000)).distance <= 25
            } == true)
    }

    @Test func everyPhaseChangeIsPublishedWhenItHappens() async throws {
        let (fixture, booked) = try await bookedRide()
        fixture.clock.advance(by: 600)
        let updates = try #require(try await fixture.updates(booked.rideIdentifier))
        let record = try #require(try await fixture.store.ride(identifier: booked.rideIdentifier))
        let timeline = RideTimeline(record: record)
        var previous = RidePhase.confirmed
        for second in 1...600 {
            let date = booked.date.addingTimeInterval(Double(second))
            let phase = timeline.status(at: date).phase
            if phase != previous {
                #expect(updates.contains { $0.date == date && $0.phase == phase }, "no update for \(phase) at +\(second) s")
                previous = phase
            }
        }
    }

    @Test func heartbeatEvery20sWhileNothingChanges() async throws {
        // 10 km out at 10 m/s: 940 s in confirmed before approaching.
        let fixture = try await ServiceFixture(vehicles: [
            Fixture.vehicle("V-1", at: Fixture.point(azimuth: 180, distance: 10_000))
        ])
        let booked = try #require(try await fixture.book())
        fixture.clock.advance(by: 300)
        let updates = try #require(try await fixture.updates(booked.rideIdentifier))
        #expect(updates.map { $0.date.timeIntervalSince(booked.date) } == stride(from: 0.0, through: 300, by: 20).map { $0 })
        #expect(updates.allSatisfy { $0.phase == .confirmed && $0.rideIdentifier == booked.rideIdentifier })
        // The vehicle moves toward the pickup, its course set along the geodesic (due north, give or take).
        let last = try #require(updates.last)
        #expect(try #require(last.distanceRemaining) < 10_000 - 2_900)
        let course = try #require(last.vehicle?.course)
        #expect(course < 0.1 || course > 359.9)
        #expect(try #require(last.estimatedPickupDate).timeIntervalSince(booked.date) > 999)
    }

    @Test func aVehicleAlreadyAtThePickupGoesStraightToPickup() async throws {
        let fixture = try await ServiceFixture(vehicles: [Fixture.vehicle("V-1", at: Fixture.point(azimuth: 90, distance: 10))])
        let booked = try #require(try await fixture.book())
        fixture.clock.advance(by: 30)
        let updates = try #require(try await fixture.updates(booked.rideIdentifier))
        #expect(updates.map(\.phase).prefix(2) == [.confirmed, .pickup])
        #expect(!updates.contains { $0.phase == .approachingPickup })
    }

    @Test func aScheduledRideWaitsWithHeartbeats() async throws {
        let fixture = try await ServiceFixture(vehicles: [Fixture.vehicle("V-1", at: Fixture.point(azimuth: 0, distance: 1_000))])
        let at = fixture.clock.now.addingTimeInterval(600)
        let request = RideRequest(
            pickupLocation: Placemark(coordinate: Fixture.charingCross), partySize: 1, scheduledPickupTime: at)
        let booked = try #require(try await fixture.requests.handle(request).rideStatus)
        fixture.clock.advance(by: 700)
        let updates = try #require(try await fixture.updates(booked.rideIdentifier))
        for (a, b) in zip(updates, updates.dropFirst()) { #expect(b.date.timeIntervalSince(a.date) <= 20 + 1e-9) }
        // It leaves its stand 100 s before the pickup time and is there at the pickup time.
        let waiting = updates.filter { $0.date < at.addingTimeInterval(-100) }
        #expect(waiting.allSatisfy { $0.phase == .confirmed && $0.distanceRemaining.map { abs($0 - 1_000) < 1e-6 } != false })
        let pickup = try #require(updates.first { $0.phase == .pickup })
        #expect(abs(pickup.date.timeIntervalSince(at)) <= 3)
    }

    @Test func statusFollowsTheInjectedClock() async throws {
        // The vehicle reports where its trip puts it whenever the status is asked: approaching at
        // 600 m (ETA 60 s), at the pickup inside its 25 m circle, away once beyond the 50 m exit
        // radius (it leaves at 160 s: 100 s to the pickup, 60 s boarding; 60 m out at 166 s).
        let (fixture, booked) = try await bookedRide()
        let id = booked.rideIdentifier
        let expected: [(Double, RidePhase)] = [
            (0, .confirmed), (39, .confirmed), (40, .approachingPickup), (97, .approachingPickup),
            (98, .pickup), (160, .pickup), (166, .ongoing), (600, .completed),
        ]
        for (offset, phase) in expected {
            fixture.clock.set(booked.date.addingTimeInterval(offset))
            let status = try await fixture.status(id)
            #expect(status?.phase == phase, "+\(offset) s")
            #expect(status?.rideIdentifier == id)
            #expect(try await fixture.store.ride(identifier: id)?.storedPhase == phase)
            #expect(try await fixture.statuses.handle(rideIdentifier: id).rideStatus == status)
        }
        #expect(try await fixture.status("no-such-ride") == nil)
        #expect(try await fixture.statuses.handle(rideIdentifier: "no-such-ride").code == .failure)
    }
}

/// `lodestar ride status --watch`: a line on every phase change and one every 20 s, never two of
/// the same phase closer than that (issue 14: a second `pickup` line came a second after the first).
@Suite struct RideStatusFollowerTests {
    @Test("asked at the pickup, between published updates: the next pickup line comes 20 s later, the phase changes at once")
    func noSecondLineOfTheSamePhase() async throws {
        let (fixture, booked) = try await StatusUpdateTests().bookedRide()
        // The vehicle reaches the pickup at 98 s; the rider asks at 99 s.
        fixture.clock.advance(by: 99)
        let first = try #require(try await fixture.status(booked.rideIdentifier))
        #expect(first.phase == .pickup)
        var follower = RideStatusFollower(first: first)
        var shown = [first]
        // Polled once a second, as the command does, until the ride is completed.
        for _ in 0..<500 where !follower.isCompleted {
            fixture.clock.advance(by: 1)
            // As the command polls: the status now, its phase change shown at once.
            let current = try #require(try await fixture.status(booked.rideIdentifier))
            shown += follower.next([current], current: current)
        }
        #expect(follower.isCompleted)
        var phases: [RidePhase] = []
        for status in shown where phases.last != status.phase { phases.append(status.phase) }
        #expect(phases == [.pickup, .ongoing, .completed])
        for (a, b) in zip(shown, shown.dropFirst()) where a.phase == b.phase {
            #expect(b.date.timeIntervalSince(a.date) >= 20, "\(a.phase) at \(a.date) and again at \(b.date)")
        }
        // Between phase changes nobody waits more than the interval and a second.
        for (a, b) in zip(shown, shown.dropFirst()) {
            #expect(b.date.timeIntervalSince(a.date) <= 21, "\(a.date) → \(b.date)")
        }
        // The phase changes are shown when they happen: ongoing when the vehicle, leaving at 160 s,
        // reports on the pickup's 50 m exit radius (at 10 m/s, at 165 s; its report has no
        // accuracy, so its point is judged).
        let ongoing = try #require(shown.first { $0.phase == .ongoing })
        #expect(ongoing.date.timeIntervalSince(booked.date) == 165)
    }
}
