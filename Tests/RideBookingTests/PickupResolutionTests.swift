import Foundation
import Geodesy
import Lodestar
import RideBooking
import RideTestSupport
import Testing

/// The pickup rules: current location (fresh ≤ 60 s, accurate ≤ 100 m, snapped to a designated
/// pickup point within 200 m) and names against the gazetteer.
@Suite struct PickupResolutionTests {
    let now = TestClock.start
    let resolver = PlaceResolver(gazetteer: Fixture.gazetteer)

    func current(_ coordinate: Coordinate, age: Double = 5, accuracy: Double? = 4) -> CurrentLocation {
        CurrentLocation(
            location: Fixture.location(coordinate, at: now.addingTimeInterval(-age), accuracy: accuracy), referenceDate: now)
    }

    @Test func freshAccurateLocationNeedsConfirmation() {
        let here = Fixture.point(azimuth: 0, distance: 600)  // 600 m north: no pickup point within 200 m
        let resolution = resolver.resolvePickup(nil, current: current(here))
        #expect(resolution == .confirmationRequired(Placemark(name: "Current location", coordinate: here)))
    }

    @Test func snapsToNearestDesignatedPickupPointWithin200m() {
        let here = Fixture.point(azimuth: 90, distance: 150)
        guard case .confirmationRequired(let place) = resolver.resolvePickup(nil, current: current(here)) else {
            Issue.record("expected confirmationRequired")
            return
        }
        #expect(place.name == "Charing Cross station forecourt")
        #expect(place.coordinate == Fixture.charingCross)
        if case .usable(_, _, let snap) = resolver.assess(current(here)) {
            #expect(abs((snap ?? 0) - 150) < 1e-6)
        } else {
            Issue.record("expected usable")
        }
    }

    @Test func doesNotSnapBeyond200m() {
        let here = Fixture.point(azimuth: 90, distance: 201)
        #expect(
            resolver.resolvePickup(nil, current: current(here))
                == .confirmationRequired(
                    Placemark(name: "Current location", coordinate: here)))
    }

    @Test func noLocationNeedsValue() {
        #expect(resolver.resolvePickup(nil, current: .unknown(at: now)) == .needsValue)
        #expect(resolver.assess(.unknown(at: now)) == .none)
    }

    @Test func locationAt60sIsFreshAt61sStale() {
        #expect(resolver.resolvePickup(nil, current: current(Fixture.charingCross, age: 60)) != .needsValue)
        #expect(resolver.resolvePickup(nil, current: current(Fixture.charingCross, age: 61)) == .needsValue)
        guard case .stale(_, let age, let limit) = resolver.assess(current(Fixture.charingCross, age: 61)) else {
            Issue.record("expected stale")
            return
        }
        #expect(age == 61 && limit == 60)
    }

    @Test func inaccurateOrUnknownAccuracyNeedsValue() {
        #expect(resolver.resolvePickup(nil, current: current(Fixture.charingCross, accuracy: 100)) != .needsValue)
        #expect(resolver.resolvePickup(nil, current: current(Fixture.charingCross, accuracy: 100.5)) == .needsValue)
        #expect(resolver.resolvePickup(nil, current: current(Fixture.charingCross, accuracy: nil)) == .needsValue)
    }

    @Test func accuracyAndAgeLimitsAreConfigurable() {
        let strict = PlaceResolver(gazetteer: Fixture.gazetteer, maximumLocationAge: 10, maximumAccuracy: 5)
        #expect(strict.resolvePickup(nil, current: current(Fixture.charingCross, age: 5, accuracy: 6)) == .needsValue)
        #expect(strict.resolvePickup(nil, current: current(Fixture.charingCross, age: 11, accuracy: 4)) == .needsValue)
        #expect(strict.resolvePickup(nil, current: current(Fixture.charingCross, age: 5, accuracy: 4)) != .needsValue)
    }

    @Test func givenCoordinateSucceeds() {
        let pin = Placemark(coordinate: Fixture.heathrow)
        #expect(resolver.resolvePickup(pin, current: .unknown(at: now)) == .success(pin))
    }

    @Test func unknownNameIsUnsupported() {
        #expect(
            resolver.resolvePickup(Placemark(name: "Gare du Nord"), current: .unknown(at: now))
                == .unsupported(.noPlaceNamed("Gare du Nord")))
    }

    @Test func oneExactMatchSucceeds() {
        // "Victoria station" also matches "Victoria Coach Station" inexactly; the exact match wins.
        guard case .success(let place) = resolver.resolvePickup(Placemark(name: "victoria  STATION"), current: .unknown(at: now))
        else {
            Issue.record("expected success")
            return
        }
        #expect(place.name == "Victoria station")
        // An alias counts as the name.
        #expect(
            resolver.resolvePickup(Placemark(name: "Charing Cross"), current: .unknown(at: now)).value?.name
                == "Charing Cross station forecourt")
    }

    @Test func oneInexactMatchNeedsConfirmation() {
        guard
            case .confirmationRequired(let place) = resolver.resolvePickup(
                Placemark(name: "Trafalgar"), current: .unknown(at: now))
        else {
            Issue.record("expected confirmationRequired")
            return
        }
        #expect(place.name == "Trafalgar Square")
    }

    @Test func severalMatchesDisambiguateNearestFirst() {
        // From Terminal 5's doorstep, T5 is nearest, then T3, T2, T4.
        let atT5 = current(Coordinate(uncheckedLatitude: 51.4720, longitude: -0.4880))
        guard case .disambiguation(let places) = resolver.resolvePickup(Placemark(name: "Heathrow"), current: atT5) else {
            Issue.record("expected disambiguation")
            return
        }
        #expect(
            places.compactMap(\.name) == [
                "Heathrow Terminal 5", "Heathrow Terminal 3", "Heathrow Terminal 2", "Heathrow Terminal 4",
            ])
        // From Terminal 4 the order changes.
        let atT4 = current(Coordinate(uncheckedLatitude: 51.4591, longitude: -0.4466))
        guard case .disambiguation(let fromT4) = resolver.resolvePickup(Placemark(name: "Heathrow"), current: atT4) else {
            Issue.record("expected disambiguation")
            return
        }
        #expect(fromT4.first?.name == "Heathrow Terminal 4")
        #expect(fromT4.last?.name == "Heathrow Terminal 5")
    }

    @Test func severalExactMatchesDisambiguate() {
        guard
            case .disambiguation(let places) = resolver.resolvePickup(
                Placemark(name: "Victoria"), current: current(Fixture.charingCross))
        else {
            Issue.record("expected disambiguation")
            return
        }
        #expect(places.count == 2)
        #expect(places.first?.address == "Victoria Embankment")  // 320 m from Charing Cross; the other is 1.6 km
    }

    @Test func missingDropOffIsNotRequired() {
        #expect(resolver.resolveDropOff(nil, current: .unknown(at: now)) == .notRequired)
        #expect(
            resolver.resolveDropOff(Placemark(name: "Heathrow T9"), current: .unknown(at: now))
                == .unsupported(.noPlaceNamed("Heathrow T9")))
    }
}
