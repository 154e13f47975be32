import Foundation
import Geodesy
import Lodestar

/// The statuses of a booked ride over time, computed by moving its vehicle along its ``Trip``
/// once a second and feeding each position to a ``RideTracker``.
///
/// The same record and dates always give the same statuses: nothing depends on the wall clock.
public struct RideTimeline: Sendable {
    /// The ride.
    public let record: RideRecord
    /// The rules the tracker applies.
    public let rules: RideTrackingRules
    /// Seconds between simulated vehicle fixes while the vehicle moves (and between heartbeats while
    /// it waits for a scheduled departure, the status interval). Default 1.
    public let step: Double

    public init(record: RideRecord, rules: RideTrackingRules = RideTrackingRules(), step: Double = 1) {
        self.record = record
        self.rules = rules
        self.step = step > 0 && step.isFinite ? step : 1
    }

    /// Every status published from booking through `date`, oldest first: the booking itself,
    /// then each phase change and heartbeat. A completion written to the store (a cancellation)
    /// ends the list at its date.
    /// - Complexity: O((date − booking) / step) geodesic computations, capped at the trip's end.
    public func updates(through date: Date) -> [RideStatus] {
        var published: [RideStatus] = [record.booking]
        _ = run(through: date) { published.append(contentsOf: $0) }
        return published
    }

    /// The status at `date`.
    public func status(at date: Date) -> RideStatus {
        run(through: date) { _ in }.status
    }

    /// The tracker after replaying through `date`, with the stored completion applied.
    public func tracker(at date: Date) -> RideTracker {
        run(through: date) { _ in }
    }

    @discardableResult
    private func run(through date: Date, _ publish: ([RideStatus]) -> Void) -> RideTracker {
        let trip = record.trip
        var tracker = RideTracker(
            status: record.booking, pickup: trip.pickup, dropOff: trip.dropOff, vehicleSpeed: trip.speed, rules: rules)
        let stored = record.completedDate
        let end = min(date, stored ?? date)
        var time = record.booking.date
        // The trip's own turning points are sampled too, so that a fast vehicle cannot pass through
        // the pickup or drop-off circle between two samples.
        let turningPoints = [trip.departureDate, trip.pickupArrivalDate, trip.pickupDepartureDate, trip.endDate]
        while time < end, tracker.status.phase != .completed {
            // Standing at the stand before a scheduled departure: one sample per status interval.
            let stride = time < trip.departureDate ? max(step, rules.statusInterval) : step
            var next = min(time.addingTimeInterval(stride), end)
            if let turn = turningPoints.first(where: { $0 > time && $0 < next }) { next = turn }
            time = next
            let (coordinate, course, speed) = trip.position(at: time)
            let location = Location(
                coordinate: coordinate, speed: speed, course: course, timestamp: time,
                sourceName: "vehicle \(record.vehicle.identifier)", provenance: .simulated)
            publish(tracker.update(vehicle: location))
        }
        if let completion = record.completionStatus, let stored, stored <= date, tracker.status.phase != .completed {
            do throws(RidePhaseError) {
                publish([try tracker.finish(at: stored, completion)])
            } catch {
                // A stored completion that the phase reached by then does not allow (a cancellation
                // recorded after the ride began cannot happen: cancel checks the phase first).
            }
        }
        return tracker
    }
}
