import Foundation
import Geodesy
import Lodestar
import RideBooking

/// Advances a ride from its vehicle's reported positions, with Lodestar's ``ArrivalMonitor``
/// (the arrival monitor's hysteresis, not a second implementation of it):
///
/// - confirmed → approachingPickup: the vehicle is within ``RideTrackingRules/approachDistance``
///   (500 m) of the pickup, or its ETA there (distance / its reported speed, else its nominal
///   speed) is at most ``RideTrackingRules/approachTime`` (60 s);
/// - → pickup: the pickup's arrival monitor declares arrival (inside the entry radius, 25 m);
///   a vehicle that reports inside the circle while still confirmed passes through
///   approachingPickup on the way, since it is also within 500 m;
/// - pickup → ongoing: the same monitor, resumed as arrived, declares departure (beyond the exit
///   radius, 50 m): the vehicle has left the pickup with the rider. Jitter between the two radii
///   declares nothing;
/// - ongoing → completed: the drop-off's arrival monitor declares arrival. A ride without a
///   drop-off stays ongoing.
///
/// Only the phase is kept between reports (in the store, so the next report may reach another
/// server): each report resumes the monitor in the phase the ride's phase implies. A dwell time
/// (``RideTrackingRules/pickupDwell``) therefore counts within one report only; the service's
/// default has none.
public struct ReportedRidePhases: Sendable {
    /// The thresholds.
    public let rules: RideTrackingRules

    public init(rules: RideTrackingRules = RideTrackingRules()) {
        self.rules = rules
    }

    /// The phases the ride enters on this report, in order; empty when it stays where it is.
    /// - Parameters:
    ///   - phase: the ride's stored phase.
    ///   - pickup: the pickup.
    ///   - dropOff: the drop-off, if the rider gave one.
    ///   - position: the vehicle's report.
    ///   - nominalSpeed: the vehicle's travelling speed, m/s, for the ETA when the report has none.
    public func transitions(
        from phase: RidePhase, pickup: Coordinate, dropOff: Coordinate?, position: ReportedPosition, nominalSpeed: Double?
    ) -> [RidePhase] {
        let location = position.location
        switch phase {
        case .confirmed, .approachingPickup:
            var monitor = ArrivalMonitor(region: rules.pickupRegion(at: pickup), resumingIn: .approaching)
            let distance = location.distance(from: pickup)
            if case .arrived = monitor.update(location, distance: distance) {
                return phase == .confirmed ? [.approachingPickup, .pickup] : [.pickup]
            }
            guard phase == .confirmed else { return [] }
            let speed = position.speed.flatMap { $0 > 0 ? $0 : nil } ?? nominalSpeed.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
            let soon = speed.map { distance / $0 <= rules.approachTime } ?? false
            return distance <= rules.approachDistance || soon ? [.approachingPickup] : []
        case .pickup:
            var monitor = ArrivalMonitor(region: rules.pickupRegion(at: pickup), resumingIn: .arrived)
            if case .departed = monitor.update(location) { return [.ongoing] }
            return []
        case .ongoing:
            guard let dropOff else { return [] }
            var monitor = ArrivalMonitor(region: rules.dropOffRegion(at: dropOff), resumingIn: .approaching)
            if case .arrived = monitor.update(location) { return [.completed] }
            return []
        case .unknown, .received, .completed:
            return []
        }
    }
}
