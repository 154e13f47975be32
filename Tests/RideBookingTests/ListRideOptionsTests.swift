import Foundation
import RideBooking
import RideTestSupport
import Testing

/// The ride options with their estimated pickup dates, and the codes when none can come.
@Suite struct ListRideOptionsTests {
    @Test func optionsWithEstimatedPickupDates() async throws {
        let fixture = try await ServiceFixture(vehicles: [
            Fixture.vehicle("S-1", at: Fixture.point(azimuth: 0, distance: 1_200)),
            Fixture.vehicle("X-1", at: Fixture.point(azimuth: 0, distance: 3_000), capacity: 6, option: "XL", speed: 12),
        ])
        let handler = ListRideOptionsHandler(service: fixture.service)
        let response = try await handler.handle(pickup: Fixture.charingCross)
        #expect(response.code == .success)
        #expect(response.rideOptions.map(\.name) == ["Standard", "XL"])
        let now = fixture.clock.now
        #expect(response.rideOptions.map { $0.estimatedPickupDate.map { $0.timeIntervalSince(now).rounded() } } == [120, 250])
        #expect(response.expirationDate == now.addingTimeInterval(60))
        // Without a pickup: the options, no estimates.
        let anywhere = try await handler.handle(pickup: nil)
        #expect(anywhere.code == .success)
        #expect(anywhere.rideOptions.allSatisfy { $0.estimatedPickupDate == nil })
    }

    @Test func noServiceAndAllBusy() async throws {
        let fixture = try await ServiceFixture(vehicles: [Fixture.vehicle("S-1", at: Fixture.point(azimuth: 0, distance: 1_200))])
        let handler = ListRideOptionsHandler(service: fixture.service)
        #expect(
            try await handler.handle(pickup: Fixture.point(azimuth: 0, distance: 80_000)).code
                == .failureRequiringAppLaunchNoServiceInArea)
        _ = try await fixture.book()
        let busy = try await handler.handle(pickup: Fixture.charingCross)
        #expect(busy.code == .failureRequiringAppLaunchServiceTemporarilyUnavailable)
        #expect(busy.rideOptions.allSatisfy { $0.estimatedPickupDate == nil })
    }
}
