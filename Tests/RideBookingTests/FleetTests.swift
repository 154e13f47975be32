import Foundation
import Geodesy
import RideBooking
import RideTestSupport
import TestSupport
import Testing

/// Fleet files, the simulated fleet, and trips along geodesics.
@Suite struct FleetTests {
    static let examples = TestData.package("Examples")

    @Test func theExampleFleetLoads() throws {
        let fleet = try Fleet.load(contentsOf: Self.examples.appendingPathComponent("fleet.json").path)
        #expect(fleet.vehicles.count >= 6)
        #expect(fleet.rideOptions.map(\.name) == ["Standard", "XL"])
        #expect(fleet.vehicles.contains { $0.state == .busy })
        #expect(fleet.vehicle(withIdentifier: fleet.vehicles[0].identifier) == fleet.vehicles[0])
    }

    @Test func badFleetFilesAreClearErrors() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("fleet.json")
        #expect(throws: FleetError.self) { try Fleet.load(contentsOf: directory.path("missing.json")) }
        try Data(
            #"{"vehicles": [{"identifier": "A", "position": {"latitude": 95, "longitude": 0}, "capacity": 4, "rideOptionName": "Standard", "speed": 9}]}"#
                .utf8
        )
        .write(to: URL(fileURLWithPath: path))
        #expect {
            try Fleet.load(contentsOf: path)
        } throws: { error in
            guard case .invalid(_, let reason) = error as? FleetError else { return false }
            return reason.contains("latitude 95.0 is outside")
        }
        let twice = Fixture.vehicle("A", at: Fixture.charingCross)
        #expect(throws: FleetError.duplicateIdentifier("A")) { try Fleet(name: "x", vehicles: [twice, twice]) }
        #expect(throws: FleetError.self) {
            try Fleet(name: "x", vehicles: [Fixture.vehicle("B", at: Fixture.charingCross, speed: 0)])
        }
    }

    @Test func theSimulatedFleetIsDeterministic() {
        let a = Fleet.defaultSimulated(near: Fixture.charingCross)
        let b = Fleet.defaultSimulated(near: Fixture.point(azimuth: 45, distance: 300))  // same 0.1° cell
        #expect(a.vehicles == b.vehicles)
        #expect(a.vehicles.count == 400)
        #expect(a.vehicles[0].identifier == "SIM-N515W0002-0001")
        let center = Coordinate(uncheckedLatitude: 51.55, longitude: -0.15)
        #expect(a.vehicles.allSatisfy { Geodesic.wgs84.inverse(from: center, to: $0.position).distance <= 12_000 + 1e-6 })
        #expect(Set(a.vehicles.map(\.rideOptionName)) == ["Standard", "XL"])
        let elsewhere = Fleet.defaultSimulated(near: Fixture.heathrow)
        #expect(Set(elsewhere.vehicles.map(\.identifier)).isDisjoint(with: a.vehicles.map(\.identifier)))
    }

    @Test func tripsFollowTheGeodesicsWithTheirCourse() {
        let start = Fixture.point(azimuth: 0, distance: 1_000)
        let drop = Fixture.point(azimuth: 90, distance: 2_000)
        let trip = Trip(
            start: start, pickup: Fixture.charingCross, dropOff: drop, speed: 10, departureDate: TestClock.start,
            boardingDuration: 60)
        #expect(abs(trip.pickupDistance - 1_000) < 1e-6)
        #expect(trip.pickupArrivalDate == TestClock.start.addingTimeInterval(100))
        let halfway = trip.position(at: TestClock.start.addingTimeInterval(50))
        #expect(abs(Geodesic.wgs84.inverse(from: halfway.coordinate, to: Fixture.charingCross).distance - 500) < 1e-6)
        #expect(
            abs(Geodesic.wgs84.inverse(from: halfway.coordinate, to: Fixture.charingCross).finalAzimuth.magnitude - 180) < 0.01)
        #expect(halfway.course.map { abs($0 - 180) < 0.01 } == true)  // heading south to the pickup
        #expect(trip.position(at: TestClock.start.addingTimeInterval(130)).coordinate == Fixture.charingCross)
        #expect(trip.position(at: TestClock.start.addingTimeInterval(130)).course == nil)
        let east = trip.position(at: TestClock.start.addingTimeInterval(260))
        #expect(east.course.map { abs($0 - 90) < 0.1 } == true)
        #expect(trip.position(at: trip.endDate.addingTimeInterval(1)).coordinate == drop)
    }
}
