import Foundation
import Geodesy
import Lodestar
import RideBooking
import RideTestSupport
import Testing

/// The pickup phase comes from Lodestar's arrival monitor: a vehicle whose fixes jitter around
/// the pickup arrives once, and the phase never goes back.
@Suite struct ArrivalHysteresisTests {
    let start = TestClock.start

    func tracker(dwell: Double? = nil) throws -> RideTracker {
        var status = RideStatus(rideIdentifier: "R-1", bookedDate: start, date: start)
        try status.advance(to: .confirmed)
        return RideTracker(
            status: status, pickup: Fixture.charingCross, dropOff: nil, vehicleSpeed: 10,
            rules: try RideTrackingRules(pickupEntryRadius: 25, pickupExitRadius: 50, pickupDwell: dwell))
    }

    /// A fix `distance` metres east of the pickup, `second` s after booking, with 3 m accuracy.
    func fix(_ distance: Double, at second: Double) -> Location {
        Fixture.location(
            Fixture.point(azimuth: 90, distance: distance), at: start.addingTimeInterval(second), accuracy: 3, speed: 1)
    }

    @Test func jitterAtTheEdgeArrivesOnce() throws {
        var tracker = try tracker()
        // Creeping in, then jittering across the entry radius (25 m) and out to the exit radius (50 m).
        let distances: [Double] = [120, 80, 45, 30, 26, 24.5, 27, 31, 24, 40, 49, 26, 23, 48, 30, 24]
        var updates: [RideStatus] = []
        for (i, d) in distances.enumerated() { updates += tracker.update(vehicle: fix(d, at: Double(i + 1))) }
        let pickups = updates.filter { $0.phase == .pickup }
        #expect(pickups.count == 1)
        #expect(pickups.first?.date == start.addingTimeInterval(6))  // the first fix inside 25 m
        #expect(tracker.status.phase == .pickup)
        // A fixed threshold without hysteresis would have flipped at every crossing of 25 m.
        let crossings = zip(distances, distances.dropFirst()).filter { ($0 <= 25) != ($1 <= 25) }.count
        #expect(crossings >= 6)
    }

    @Test func jitterBetweenTheRadiiDoesNotArrive() throws {
        var tracker = try tracker()
        var updates: [RideStatus] = []
        for (i, d) in [49.0, 26, 30, 25.5, 40, 27, 33, 26].enumerated() {
            updates += tracker.update(vehicle: fix(d, at: Double(i + 1)))
        }
        #expect(!updates.contains { $0.phase == .pickup })
        #expect(tracker.status.phase == .approachingPickup)
    }

    @Test func dwellRestartsWhenTheVehicleJittersOut() throws {
        var tracker = try tracker(dwell: 3)
        // Inside at 1 s and 2 s, out at 3 s: the dwell restarts; inside from 4 s, arrival at 7 s.
        let distances: [Double] = [20, 22, 28, 21, 19, 24, 20, 23]
        var arrival: Date?
        for (i, d) in distances.enumerated() {
            for update in tracker.update(vehicle: fix(d, at: Double(i + 1))) where update.phase == .pickup {
                #expect(arrival == nil)
                arrival = update.date
            }
        }
        #expect(arrival == start.addingTimeInterval(7))
    }

    @Test func anInaccurateFixDoesNotArrive() throws {
        var tracker = try tracker()
        let vague = Fixture.location(Fixture.charingCross, at: start.addingTimeInterval(1), accuracy: 40)
        #expect(!tracker.update(vehicle: vague).contains { $0.phase == .pickup })
        #expect(tracker.update(vehicle: fix(5, at: 2)).contains { $0.phase == .pickup })
    }
}
