import Foundation
import Geodesy
import RideBooking
import RideTestSupport
import Testing

/// confirm: the nearest free vehicle strictly within range; handle: checks again, assigns, stores.
@Suite struct ConfirmAndHandleTests {
    let request = RideRequest(
        pickupLocation: Placemark(name: "Charing Cross", coordinate: Fixture.charingCross),
        dropOffLocation: Placemark(coordinate: Fixture.heathrow), partySize: 2)

    @Test func confirmPicksTheNearestFreeVehicle() async throws {
        let fixture = try await ServiceFixture(vehicles: [
            Fixture.vehicle("V-FAR", at: Fixture.point(azimuth: 10, distance: 4_000)),
            Fixture.vehicle("V-NEAR", at: Fixture.point(azimuth: 200, distance: 1_500)),
            Fixture.vehicle("V-BUSY", at: Fixture.point(azimuth: 90, distance: 300), state: .busy),
            Fixture.vehicle("V-SMALL", at: Fixture.point(azimuth: 45, distance: 500), capacity: 1),
        ])
        let response = try await fixture.requests.confirm(request)
        #expect(response.code == .ready)
        let quote = try #require(response.quote)
        #expect(quote.vehicle.identifier == "V-NEAR")
        #expect(abs(quote.distance - 1_500) < 1e-6)
        #expect(abs(quote.estimatedPickupDate.timeIntervalSince(fixture.clock.now) - 150) < 1e-6)
        #expect(try await fixture.store.count() == 0)  // confirm books nothing
    }

    @Test func exactly50kmIsOutOfRange() async throws {
        // A vehicle at exactly the service range is out of range; a millimetre closer is in.
        let at50km = Fixture.point(azimuth: 0, distance: 50_000)
        // Measured as the store measures it, from the vehicle's reported position to the pickup.
        let measured = Geodesic.wgs84.inverse(from: at50km, to: Fixture.charingCross).distance
        #expect(abs(measured - 50_000) < 1e-6)
        let onTheBoundary = try await ServiceFixture(
            vehicles: [Fixture.vehicle("V-50K", at: at50km)],
            configuration: RideServiceConfiguration(serviceRange: measured))
        #expect(try await onTheBoundary.requests.confirm(request).code == .failureRequiringAppLaunchNoServiceInArea)
        #expect(try await onTheBoundary.requests.handle(request).code == .failureRequiringAppLaunchNoServiceInArea)

        let justInside = try await ServiceFixture(
            vehicles: [Fixture.vehicle("V-50K", at: Fixture.point(azimuth: 0, distance: 49_999.999))])
        #expect(try await justInside.requests.confirm(request).code == .ready)
        let justOutside = try await ServiceFixture(
            vehicles: [Fixture.vehicle("V-50K", at: Fixture.point(azimuth: 0, distance: 50_000.001))])
        #expect(try await justOutside.requests.confirm(request).code == .failureRequiringAppLaunchNoServiceInArea)
    }

    @Test func noVehicleInRangeIsNoServiceInArea() async throws {
        let fixture = try await ServiceFixture(vehicles: [
            Fixture.vehicle("V-MANCHESTER", at: Coordinate(uncheckedLatitude: 53.4808, longitude: -2.2426))
        ])
        let response = try await fixture.requests.confirm(request)
        #expect(response.code == .failureRequiringAppLaunchNoServiceInArea)
        #expect(response.quote == nil)
    }

    @Test func allBusyInRangeIsServiceTemporarilyUnavailable() async throws {
        let fixture = try await ServiceFixture(vehicles: [
            Fixture.vehicle("V-1", at: Fixture.point(azimuth: 0, distance: 2_000), state: .busy),
            Fixture.vehicle("V-2", at: Fixture.point(azimuth: 90, distance: 2_000)),
            Fixture.vehicle("V-FAR", at: Fixture.point(azimuth: 0, distance: 60_000)),
        ])
        // V-2 is free: the first request gets it; then the only vehicle in range left is busy.
        #expect(try await fixture.requests.handle(request).rideStatus?.vehicle?.identifier == "V-2")
        #expect(try await fixture.requests.confirm(request).code == .failureRequiringAppLaunchServiceTemporarilyUnavailable)
        #expect(try await fixture.requests.handle(request).code == .failureRequiringAppLaunchServiceTemporarilyUnavailable)
    }

    @Test func rideOptionAndPartySizeSelectTheVehicle() async throws {
        let fixture = try await ServiceFixture(vehicles: [
            Fixture.vehicle("S-NEAR", at: Fixture.point(azimuth: 0, distance: 500)),
            Fixture.vehicle("X-FAR", at: Fixture.point(azimuth: 0, distance: 3_000), capacity: 6, option: "XL"),
        ])
        var six = request
        six.partySize = 6
        #expect(try await fixture.requests.confirm(six).quote?.vehicle.identifier == "X-FAR")
        var xl = request
        xl.rideOptionName = "XL"
        #expect(try await fixture.requests.confirm(xl).quote?.vehicle.identifier == "X-FAR")
        #expect(try await fixture.requests.confirm(request).quote?.vehicle.identifier == "S-NEAR")
    }

    @Test func handleBooksAndStoresTheRide() async throws {
        let fixture = try await ServiceFixture(vehicles: [
            Fixture.vehicle("V-1", at: Fixture.point(azimuth: 30, distance: 2_400), speed: 8)
        ])
        let response = try await fixture.requests.handle(request)
        #expect(response.code == .success)
        let status = try #require(response.rideStatus)
        #expect(status.phase == .confirmed)
        #expect(status.completionStatus == nil)
        #expect(UUID(uuidString: status.rideIdentifier) != nil)
        #expect(status.rideIdentifier != status.driver?.name)
        #expect(status.vehicle?.identifier == "V-1")
        #expect(status.driver?.name == "Driver V-1")
        #expect(status.partySize == 2)
        #expect(status.rideOption?.name == "Standard")
        // estimatedPickupDate = now + distance / speed.
        #expect(abs(try #require(status.estimatedPickupDate).timeIntervalSince(fixture.clock.now) - 2_400 / 8) < 1e-6)
        let stored = try #require(try await fixture.store.ride(identifier: status.rideIdentifier))
        #expect(stored.booking == status)
        #expect(stored.storedPhase == .confirmed)
        #expect(try await fixture.store.activeVehicleIdentifiers(at: fixture.clock.now) == ["V-1"])
    }

    @Test func everyRideGetsANewIdentifier() async throws {
        let vehicles = (0..<50).map { Fixture.vehicle("V-\($0)", at: Fixture.point(azimuth: Double($0) * 7, distance: 1_000)) }
        let fixture = try await ServiceFixture(vehicles: vehicles)
        var identifiers: Set<String> = []
        for _ in 0..<50 {
            let id = try #require(try await fixture.requests.handle(request).rideStatus?.rideIdentifier)
            identifiers.insert(id)
        }
        #expect(identifiers.count == 50)
        #expect(try await fixture.requests.handle(request).code == .failureRequiringAppLaunchServiceTemporarilyUnavailable)
    }

    @Test func handleRechecksAvailability() async throws {
        // Two services share one store, as two processes would.
        let fixture = try await ServiceFixture(vehicles: [
            Fixture.vehicle("V-NEAR", at: Fixture.point(azimuth: 0, distance: 1_000)),
            Fixture.vehicle("V-NEXT", at: Fixture.point(azimuth: 0, distance: 2_000)),
        ])
        let other = RideRequestHandler(
            service: RideService(
                store: fixture.store, databaseKind: "sqlite", fleet: fixture.service.fleet, now: fixture.clock.function))
        #expect(try await fixture.requests.confirm(request).quote?.vehicle.identifier == "V-NEAR")
        // Meanwhile someone else books V-NEAR.
        #expect(try await other.handle(request).rideStatus?.vehicle?.identifier == "V-NEAR")
        // handle does not trust confirm's answer: it assigns the next free vehicle.
        #expect(try await fixture.requests.handle(request).rideStatus?.vehicle?.identifier == "V-NEXT")
        // And when none is left, it says so.
        #expect(try await fixture.requests.confirm(request).code == .failureRequiringAppLaunchServiceTemporarilyUnavailable)
        #expect(try await other.handle(request).code == .failureRequiringAppLaunchServiceTemporarilyUnavailable)
    }

    @Test func aVehicleFreedByAnotherProcessIsOfferedAgain() async throws {
        let fixture = try await ServiceFixture(vehicles: [Fixture.vehicle("V-1", at: Fixture.point(azimuth: 0, distance: 1_000))])
        let other = RideService(
            store: fixture.store, databaseKind: "sqlite", fleet: fixture.service.fleet, now: fixture.clock.function)
        let booked = try #require(try await RideRequestHandler(service: other).handle(request).rideStatus)
        #expect(try await fixture.requests.confirm(request).code == .failureRequiringAppLaunchServiceTemporarilyUnavailable)
        #expect(try await CancelRideHandler(service: other).handle(rideIdentifier: booked.rideIdentifier).code == .success)
        // The store says so: this service reads it there.
        #expect(try await fixture.requests.confirm(request).quote?.vehicle.identifier == "V-1")
        #expect(try await fixture.requests.handle(request).rideStatus?.vehicle?.identifier == "V-1")
    }

    @Test func handleRechecksRange() async throws {
        let fixture = try await ServiceFixture(vehicles: [Fixture.vehicle("V-1", at: Fixture.point(azimuth: 0, distance: 49_000))]
        )
        #expect(try await fixture.requests.confirm(request).code == .ready)
        // The vehicle reports a position out of range between confirm and handle.
        _ = try await fixture.service.report([
            ReportedPosition(
                vehicleIdentifier: "V-1", coordinate: Fixture.point(azimuth: 0, distance: 51_000), timestamp: fixture.clock.now)
        ])
        #expect(try await fixture.requests.handle(request).code == .failureRequiringAppLaunchNoServiceInArea)
        #expect(try await fixture.store.count() == 0)
    }

    @Test func aVehicleIsFreeAgainWhenItsRideIsOver() async throws {
        let fixture = try await ServiceFixture(vehicles: [Fixture.vehicle("V-1", at: Fixture.point(azimuth: 0, distance: 1_000))])
        let first = try #require(try await fixture.book())
        #expect(try await fixture.requests.handle(request).code == .failureRequiringAppLaunchServiceTemporarilyUnavailable)
        // 1 km to the pickup, 60 s boarding, 3 km to the drop-off at 10 m/s: over in 460 s.
        fixture.clock.advance(by: 461)
        try await fixture.report()  // the vehicle reports at the drop-off: the ride is completed
        let second = try #require(try await fixture.requests.handle(request).rideStatus)
        #expect(second.vehicle?.identifier == "V-1")
        let settled = try #require(try await fixture.store.ride(identifier: first.rideIdentifier))
        #expect(settled.storedPhase == .completed)
        #expect(settled.completionStatus == .completed)
    }
}
