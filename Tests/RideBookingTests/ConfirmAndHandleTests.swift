import Foundation
import Geodesy
import RideBooking
import Testing

/// confirm: the nearest free vehicle strictly within range; handle: checks again, assigns, stores.
@Suite struct ConfirmAndHandleTests {
    let request = RideRequest(
        pickupLocation: Placemark(name: "Charing Cross", coordinate: Fixture.charingCross),
        dropOffLocation: Placemark(coordinate: Fixture.heathrow), partySize: 2)

    @Test func confirmPicksTheNearestFreeVehicle() throws {
        let fixture = try ServiceFixture(vehicles: [
            Fixture.vehicle("V-FAR", at: Fixture.point(azimuth: 10, distance: 4_000)),
            Fixture.vehicle("V-NEAR", at: Fixture.point(azimuth: 200, distance: 1_500)),
            Fixture.vehicle("V-BUSY", at: Fixture.point(azimuth: 90, distance: 300), state: .busy),
            Fixture.vehicle("V-SMALL", at: Fixture.point(azimuth: 45, distance: 500), capacity: 1),
        ])
        let response = try fixture.requests.confirm(request)
        #expect(response.code == .ready)
        let quote = try #require(response.quote)
        #expect(quote.vehicle.identifier == "V-NEAR")
        #expect(abs(quote.distance - 1_500) < 1e-6)
        #expect(abs(quote.estimatedPickupDate.timeIntervalSince(fixture.clock.now) - 150) < 1e-6)
        #expect(try fixture.store.count() == 0)  // confirm books nothing
    }

    @Test func exactly50kmIsOutOfRange() throws {
        // A vehicle at exactly the service range is out of range; a millimetre closer is in.
        let at50km = Fixture.point(azimuth: 0, distance: 50_000)
        let measured = Geodesic.wgs84.inverse(from: Fixture.charingCross, to: at50km).distance
        #expect(abs(measured - 50_000) < 1e-6)
        let onTheBoundary = try ServiceFixture(
            vehicles: [Fixture.vehicle("V-50K", at: at50km)],
            configuration: RideServiceConfiguration(serviceRange: measured))
        #expect(try onTheBoundary.requests.confirm(request).code == .failureRequiringAppLaunchNoServiceInArea)
        #expect(try onTheBoundary.requests.handle(request).code == .failureRequiringAppLaunchNoServiceInArea)

        let justInside = try ServiceFixture(
            vehicles: [Fixture.vehicle("V-50K", at: Fixture.point(azimuth: 0, distance: 49_999.999))])
        #expect(try justInside.requests.confirm(request).code == .ready)
        let justOutside = try ServiceFixture(
            vehicles: [Fixture.vehicle("V-50K", at: Fixture.point(azimuth: 0, distance: 50_000.001))])
        #expect(try justOutside.requests.confirm(request).code == .failureRequiringAppLaunchNoServiceInArea)
    }

    @Test func noVehicleInRangeIsNoServiceInArea() throws {
        let fixture = try ServiceFixture(vehicles: [
            Fixture.vehicle("V-MANCHESTER", at: Coordinate(uncheckedLatitude: 53.4808, longitude: -2.2426))
        ])
        let response = try fixture.requests.confirm(request)
        #expect(response.code == .failureRequiringAppLaunchNoServiceInArea)
        #expect(response.quote == nil)
    }

    @Test func allBusyInRangeIsServiceTemporarilyUnavailable() throws {
        let fixture = try ServiceFixture(vehicles: [
            Fixture.vehicle("V-1", at: Fixture.point(azimuth: 0, distance: 2_000), state: .busy),
            Fixture.vehicle("V-2", at: Fixture.point(azimuth: 90, distance: 2_000)),
            Fixture.vehicle("V-FAR", at: Fixture.point(azimuth: 0, distance: 60_000)),
        ])
        // V-2 is free: the first request gets it; then the only vehicle in range left is busy.
        #expect(try fixture.requests.handle(request).rideStatus?.vehicle?.identifier == "V-2")
        #expect(try fixture.requests.confirm(request).code == .failureRequiringAppLaunchServiceTemporarilyUnavailable)
        #expect(try fixture.requests.handle(request).code == .failureRequiringAppLaunchServiceTemporarilyUnavailable)
    }

    @Test func rideOptionAndPartySizeSelectTheVehicle() throws {
        let fixture = try ServiceFixture(vehicles: [
            Fixture.vehicle("S-NEAR", at: Fixture.point(azimuth: 0, distance: 500)),
            Fixture.vehicle("X-FAR", at: Fixture.point(azimuth: 0, distance: 3_000), capacity: 6, option: "XL"),
        ])
        var six = request
        six.partySize = 6
        #expect(try fixture.requests.confirm(six).quote?.vehicle.identifier == "X-FAR")
        var xl = request
        xl.rideOptionName = "XL"
        #expect(try fixture.requests.confirm(xl).quote?.vehicle.identifier == "X-FAR")
        #expect(try fixture.requests.confirm(request).quote?.vehicle.identifier == "S-NEAR")
    }

    @Test func handleBooksAndStoresTheRide() throws {
        let fixture = try ServiceFixture(vehicles: [Fixture.vehicle("V-1", at: Fixture.point(azimuth: 30, distance: 2_400), speed: 8)])
        let response = try fixture.requests.handle(request)
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
        let stored = try #require(try fixture.store.ride(identifier: status.rideIdentifier))
        #expect(stored.booking == status)
        #expect(stored.storedPhase == .confirmed)
        #expect(try fixture.store.activeVehicleIdentifiers(at: fixture.clock.now) == ["V-1"])
    }

    @Test func everyRideGetsANewIdentifier() throws {
        let vehicles = (0..<50).map { Fixture.vehicle("V-\($0)", at: Fixture.point(azimuth: Double($0) * 7, distance: 1_000)) }
        let fixture = try ServiceFixture(vehicles: vehicles)
        var identifiers: Set<String> = []
        for _ in 0..<50 {
            let id = try #require(try fixture.requests.handle(request).rideStatus?.rideIdentifier)
            identifiers.insert(id)
        }
        #expect(identifiers.count == 50)
        #expect(try fixture.requests.handle(request).code == .failureRequiringAppLaunchServiceTemporarilyUnavailable)
    }

    @Test func handleRechecksAvailability() throws {
        // Two services share one store, as two processes would.
        let fixture = try ServiceFixture(vehicles: [
            Fixture.vehicle("V-NEAR", at: Fixture.point(azimuth: 0, distance: 1_000)),
            Fixture.vehicle("V-NEXT", at: Fixture.point(azimuth: 0, distance: 2_000)),
        ])
        let other = RideRequestHandler(service: RideService(
            fleet: fixture.service.fleetSnapshot, store: fixture.store, now: fixture.clock.function))
        #expect(try fixture.requests.confirm(request).quote?.vehicle.identifier == "V-NEAR")
        // Meanwhile someone else books V-NEAR.
        #expect(try other.handle(request).rideStatus?.vehicle?.identifier == "V-NEAR")
        // handle does not trust confirm's answer: it assigns the next free vehicle.
        #expect(try fixture.requests.handle(request).rideStatus?.vehicle?.identifier == "V-NEXT")
        // And when none is left, it says so.
        #expect(try fixture.requests.confirm(request).code == .failureRequiringAppLaunchServiceTemporarilyUnavailable)
        #expect(try other.handle(request).code == .failureRequiringAppLaunchServiceTemporarilyUnavailable)
    }

    @Test func aVehicleFreedByAnotherProcessIsOfferedAgain() throws {
        let fixture = try ServiceFixture(vehicles: [Fixture.vehicle("V-1", at: Fixture.point(azimuth: 0, distance: 1_000))])
        let other = RideService(fleet: fixture.service.fleetSnapshot, store: fixture.store, now: fixture.clock.function)
        let booked = try #require(try RideRequestHandler(service: other).handle(request).rideStatus)
        #expect(try fixture.requests.confirm(request).code == .failureRequiringAppLaunchServiceTemporarilyUnavailable)
        #expect(try CancelRideHandler(service: other).handle(rideIdentifier: booked.rideIdentifier).code == .success)
        // This service learns of the cancellation from the store's change feed.
        #expect(try fixture.requests.confirm(request).quote?.vehicle.identifier == "V-1")
        #expect(try fixture.requests.handle(request).rideStatus?.vehicle?.identifier == "V-1")
    }

    @Test func handleRechecksRange() throws {
        let fixture = try ServiceFixture(vehicles: [Fixture.vehicle("V-1", at: Fixture.point(azimuth: 0, distance: 49_000))])
        #expect(try fixture.requests.confirm(request).code == .ready)
        // The vehicle repositions out of range between confirm and handle.
        fixture.service.withFleet { $0.move("V-1", to: Fixture.point(azimuth: 0, distance: 51_000)) }
        #expect(try fixture.requests.handle(request).code == .failureRequiringAppLaunchNoServiceInArea)
        #expect(try fixture.store.count() == 0)
    }

    @Test func aVehicleIsFreeAgainWhenItsRideIsOver() throws {
        let fixture = try ServiceFixture(vehicles: [Fixture.vehicle("V-1", at: Fixture.point(azimuth: 0, distance: 1_000))])
        let first = try #require(try fixture.book())
        #expect(try fixture.requests.handle(request).code == .failureRequiringAppLaunchServiceTemporarilyUnavailable)
        // 1 km to the pickup, 60 s boarding, 3 km to the drop-off at 10 m/s: over in 460 s.
        fixture.clock.advance(by: 461)
        let second = try #require(try fixture.requests.handle(request).rideStatus)
        #expect(second.vehicle?.identifier == "V-1")
        let settled = try #require(try fixture.store.ride(identifier: first.rideIdentifier))
        #expect(settled.storedPhase == .completed)
        #expect(settled.completionStatus == .completed)
    }
}
