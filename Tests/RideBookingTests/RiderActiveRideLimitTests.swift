import Foundation
import Geodesy
import RideBooking
import RideTestSupport
import TestSupport
import Testing

private typealias F = BackendFixtures

/// Issue 26: one rider token booked 386 rides in 2.5 s and took the whole fleet. A booking
/// order with ``RideBookingOrder/maximumActiveRides`` holds a rider to that many active rides,
/// on both stores, whatever the number of bookings at once and of store instances.
@Suite("A rider's active rides", .serialized)
struct RiderActiveRideLimitTests {
    @Test(
        "40 bookings at once by one rider through two store instances: one ride, 39 refusals; another rider still books",
        arguments: Backend.allCases)
    func oneActiveRide(_ backend: Backend) async throws {
        try await backend.run { fixture in
            let second = try fixture.another()
            try await F.fleet(
                (0..<20).map {
                    Fixture.vehicle("V-\($0)", at: Fixture.point(azimuth: Double($0) * 18, distance: 300 + Double($0) * 37))
                },
                in: fixture.store)
            let stores = [fixture.store, second]
            var order = F.order(rider: "greedy")
            order.maximumActiveRides = 1
            let limited = order
            let outcomes = try await withThrowingTaskGroup(of: RideBookingOutcome.self) { group in
                for n in 0..<40 {
                    let store = stores[n % 2]
                    group.addTask { try await F.book(limited, in: store) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outcomes.compactMap(\.record).count == 1)
            #expect(outcomes.filter { $0 == .previousRideNeedsCompletion(activeRides: 1) }.count == 39)
            #expect(try await second.rides(rider: "greedy", limit: 100).count == 1)

            var other = F.order(rider: "modest")
            other.maximumActiveRides = 1
            #expect(try await F.book(other, in: fixture.store).record != nil)

            // Once the ride is cancelled, the rider books again.
            let ride = try #require(outcomes.compactMap(\.record).first)
            _ = try await fixture.store.cancel(rideIdentifier: ride.rideIdentifier, rider: "greedy", at: F.date)
            #expect(try await F.book(limited, in: second).record != nil)

            // A limit of 3 allows three.
            var three = F.order(rider: "family")
            three.maximumActiveRides = 3
            var booked = 0
            for _ in 0..<5 {
                if try await F.book(three, in: fixture.store).record != nil { booked += 1 }
            }
            #expect(booked == 3)
        }
    }
}
