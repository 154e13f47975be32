import Foundation
import RideBooking
import RideTestSupport
import Testing

/// Party size, ride option, scheduled time and payment method.
@Suite struct ParameterResolutionTests {
    let fixture: ServiceFixture

    init() async throws {
        fixture = try await ServiceFixture(vehicles: [
            Fixture.vehicle("S-001", at: Fixture.point(azimuth: 0, distance: 1_000)),
            Fixture.vehicle("X-001", at: Fixture.point(azimuth: 90, distance: 2_000), capacity: 6, option: "XL"),
        ])
    }

    func party(_ size: Int?, option: String? = nil) -> Resolution<Int> {
        fixture.requests.resolvePartySize(for: RideRequest(rideOptionName: option, partySize: size))
    }

    @Test func partySizeMissingNeedsValue() {
        #expect(party(nil) == .needsValue)
    }

    @Test func partySizeWithinCapacitySucceeds() {
        for size in 1...6 { #expect(party(size) == .success(size)) }
        for size in 1...4 { #expect(party(size, option: "standard") == .success(size)) }
    }

    @Test func partySizeAboveCapacityIsUnsupported() {
        #expect(party(7) == .unsupported(.exceedsCapacity(partySize: 7, capacity: 6)))
        #expect(party(5, option: "Standard") == .unsupported(.exceedsCapacity(partySize: 5, capacity: 4)))
    }

    @Test func partySizeZeroOrLessIsUnsupported() {
        #expect(party(0) == .unsupported(.invalidPartySize(0)))
        #expect(party(-3) == .unsupported(.invalidPartySize(-3)))
    }

    @Test func rideOption() {
        let handler = fixture.requests
        #expect(handler.resolveRideOptionName(for: RideRequest()) == .notRequired)
        #expect(handler.resolveRideOptionName(for: RideRequest(rideOptionName: "xl")).value?.name == "XL")
        #expect(
            handler.resolveRideOptionName(for: RideRequest(rideOptionName: "Helicopter"))
                == .unsupported(.unknownRideOption("Helicopter")))
    }

    @Test func scheduledTime() {
        let handler = fixture.requests
        let now = fixture.clock.now
        #expect(handler.resolveScheduledPickupTime(for: RideRequest()) == .notRequired)
        let soon = now.addingTimeInterval(3_600)
        #expect(handler.resolveScheduledPickupTime(for: RideRequest(scheduledPickupTime: soon)) == .success(soon))
        #expect(
            handler.resolveScheduledPickupTime(for: RideRequest(scheduledPickupTime: now.addingTimeInterval(-61)))
                == .unsupported(.scheduledInPast))
        // Beyond the horizon still resolves; confirm refuses it.
        let far = now.addingTimeInterval(8 * 86_400)
        #expect(handler.resolveScheduledPickupTime(for: RideRequest(scheduledPickupTime: far)) == .success(far))
    }

    @Test func scheduledBeyondHorizonIsRideScheduledTooFar() async throws {
        let now = fixture.clock.now
        var request = RideRequest(pickupLocation: Placemark(coordinate: Fixture.charingCross), partySize: 1)
        request.scheduledPickupTime = now.addingTimeInterval(7 * 86_400 + 1)
        #expect(try await fixture.requests.confirm(request).code == .failureRequiringAppLaunchRideScheduledTooFar)
        #expect(try await fixture.requests.handle(request).code == .failureRequiringAppLaunchRideScheduledTooFar)
        request.scheduledPickupTime = now.addingTimeInterval(7 * 86_400)
        #expect(try await fixture.requests.confirm(request).code == .ready)
    }

    @Test func scheduledRideDepartsInTimeForThePickup() async throws {
        let now = fixture.clock.now
        let at = now.addingTimeInterval(2 * 3_600)
        let request = RideRequest(
            pickupLocation: Placemark(coordinate: Fixture.charingCross), partySize: 1, scheduledPickupTime: at)
        let status = try #require(try await fixture.requests.handle(request).rideStatus)
        #expect(abs(try #require(status.estimatedPickupDate).timeIntervalSince(at)) < 1e-6)
        #expect(status.scheduledPickupTime == at)
    }

    @Test func paymentMethod() {
        let handler = fixture.requests
        #expect(handler.resolvePaymentMethod(for: RideRequest()) == .notRequired)
        let card = PaymentMethod(kind: .credit, name: "Visa 4242")
        #expect(handler.resolvePaymentMethod(for: RideRequest(paymentMethod: card)) == .success(card))
    }

    @Test func confirmRefusesUnresolvedParameters() async throws {
        #expect(try await fixture.requests.confirm(RideRequest(partySize: 1)).code == .failure)
        #expect(
            try await fixture.requests.confirm(RideRequest(pickupLocation: Placemark(coordinate: Fixture.charingCross))).code
                == .failure)
        #expect(
            try await fixture.requests.confirm(
                RideRequest(
                    pickupLocation: Placemark(name: "Trafalgar"), partySize: 1)
            ).code == .failure)
    }
}
