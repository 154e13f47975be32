import Foundation
import Geodesy
import RideBooking
import RideTestSupport
import Testing

/// The phases a vehicle's report moves a ride to, by the region rule (the 68% circle wholly inside
/// the 25 m pickup or drop-off circle to enter, wholly outside the 50 m exit radius to leave): each
/// expected phase worked out by hand from the distance and the accuracy.
@Suite("Ride phases from reported positions")
struct ReportedRidePhasesTests {
    static let pickup = Coordinate(uncheckedLatitude: 51.5074, longitude: -0.1278)
    static let dropOff = Fixture.point(from: pickup, azimuth: 45, distance: 3_000)

    static func report(_ distance: Double, from center: Coordinate = pickup, accuracy: Double?, speed: Double? = nil)
        -> ReportedPosition
    {
        ReportedPosition(
            vehicleIdentifier: "T-0001", coordinate: Fixture.point(from: center, azimuth: 200, distance: distance),
            timestamp: Date(timeIntervalSince1970: 1_800_000_000), horizontalAccuracy: accuracy, speed: speed, course: nil)
    }

    static func next(_ phase: RidePhase, _ p: ReportedPosition, dropOff: Coordinate? = dropOff) -> [RidePhase] {
        ReportedRidePhases().transitions(from: phase, pickup: pickup, dropOff: dropOff, position: p, nominalSpeed: 10)
    }

    @Test("Arrival at the pickup needs the 68% circle inside 25 m; a report without accuracy is judged by its point")
    func arrival() {
        // 20 + 3 ≤ 25: arrived, through approachingPickup.
        #expect(Self.next(.confirmed, Self.report(20, accuracy: 3)) == [.approachingPickup, .pickup])
        #expect(Self.next(.approachingPickup, Self.report(20, accuracy: 3)) == [.pickup])
        // 20 + 10 > 25: only approaching (within 500 m).
        #expect(Self.next(.confirmed, Self.report(20, accuracy: 10)) == [.approachingPickup])
        #expect(Self.next(.approachingPickup, Self.report(20, accuracy: 10)) == [])
        // No accuracy: 24 m ≤ 25 arrives, 26 m does not.
        #expect(Self.next(.approachingPickup, Self.report(24, accuracy: nil)) == [.pickup])
        #expect(Self.next(.approachingPickup, Self.report(26, accuracy: nil)) == [])
    }

    @Test("Leaving the pickup needs the 68% circle beyond 50 m; in between nothing happens")
    func departure() {
        #expect(Self.next(.pickup, Self.report(45, accuracy: 3)) == [])  // 45 - 3 < 50
        #expect(Self.next(.pickup, Self.report(52, accuracy: 4)) == [])  // 48 < 50
        #expect(Self.next(.pickup, Self.report(56, accuracy: 4)) == [.ongoing])  // 52 ≥ 50
        #expect(Self.next(.pickup, Self.report(10, accuracy: nil)) == [])
    }

    @Test("The drop-off completes the ride by the same rule; without a drop-off the ride stays ongoing")
    func dropOffArrival() {
        #expect(Self.next(.ongoing, Self.report(10, from: Self.dropOff, accuracy: 5)) == [.completed])
        #expect(Self.next(.ongoing, Self.report(22, from: Self.dropOff, accuracy: 5)) == [])
        #expect(Self.next(.ongoing, Self.report(10, from: Self.dropOff, accuracy: 5), dropOff: nil) == [])
    }

    @Test("Approaching: within 500 m, or an ETA of 60 s at the reported (else nominal) speed")
    func approach() {
        #expect(Self.next(.confirmed, Self.report(480, accuracy: 5)) == [.approachingPickup])
        #expect(Self.next(.confirmed, Self.report(2_000, accuracy: 5, speed: 40)) == [.approachingPickup])  // 50 s
        #expect(Self.next(.confirmed, Self.report(2_000, accuracy: 5, speed: 20)) == [])  // 100 s
        #expect(Self.next(.confirmed, Self.report(550, accuracy: 5)) == [.approachingPickup])  // 55 s at the nominal 10 m/s
        #expect(Self.next(.confirmed, Self.report(700, accuracy: 5)) == [])  // 70 s
    }
}
