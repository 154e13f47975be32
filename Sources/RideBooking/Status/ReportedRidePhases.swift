import Foundation
import Geodesy
import Lodestar

/// Advances a ride from its vehicle's reported positions with Lodestar's regions
/// (`RegionEngine`, the rule of `lodestar monitor` and `/regions`, not a second implementation
/// of it): the pickup and the drop-off are circles, and a report decides them by its 68% circle.
///
/// - confirmed → approachingPickup: the vehicle is within `RideTrackingRules/approachDistance`
///   (500 m) of the pickup, or its ETA there (distance / its reported speed, else its nominal
///   speed) is at most `RideTrackingRules/approachTime` (60 s);
/// - → pickup: the vehicle enters the pickup circle (radius `RideTrackingRules/pickupEntryRadius`,
///   25 m): its 68% circle lies wholly inside it. A report without an accuracy is judged by its
///   point. A vehicle that reports inside while still confirmed passes through approachingPickup;
/// - pickup → ongoing: it exits the pickup circle: its 68% circle lies wholly outside the exit
///   radius (`RideTrackingRules/pickupExitRadius`, 50 m: the engine's exit margin is the
///   difference). Jitter between the two radii declares nothing;
/// - ongoing → completed: it enters the drop-off circle. A ride without a drop-off stays ongoing.
///
/// Only the phase is kept between reports (in the store, so the next report may reach another
/// server): each report restores an engine with the state the phase implies (outside the pickup
/// while confirmed or approaching, inside it at the pickup, outside the drop-off while ongoing)
/// and feeds it the one report. A crossing between two reports is therefore not interpolated
/// here (a vehicle stops at a pickup), and `RideTrackingRules/pickupDwell` is not applied.
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
        var location = position.location
        if location.horizontalAccuracy == nil { location.horizontalAccuracy = 0 }
        switch phase {
        case .confirmed, .approachingPickup:
            if decide(pickup, radius: rules.pickupEntryRadius, from: .outside, location) == .enter {
                return phase == .confirmed ? [.approachingPickup, .pickup] : [.pickup]
            }
            guard phase == .confirmed else { return [] }
            let distance = location.distance(from: pickup)
            let speed = position.speed.flatMap { $0 > 0 ? $0 : nil } ?? nominalSpeed.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
            let soon = speed.map { distance / $0 <= rules.approachTime } ?? false
            return distance <= rules.approachDistance || soon ? [.approachingPickup] : []
        case .pickup:
            return decide(pickup, radius: rules.pickupEntryRadius, from: .inside, location) == .exit ? [.ongoing] : []
        case .ongoing:
            guard let dropOff else { return [] }
            return decide(dropOff, radius: rules.dropOffEntryRadius, from: .outside, location) == .enter ? [.completed] : []
        case .unknown, .received, .completed:
            return []
        }
    }

    /// What one location does to a circle whose state was `state`: `.enter`, `.exit` or nil.
    private func decide(_ center: Coordinate, radius: Double, from state: RegionState, _ location: Location) -> RegionEvent.Kind?
    {
        guard let condition = try? RegionCondition(id: "ride", shape: .circle(center: center, checkedRadius: radius)) else {
            return nil
        }
        let margin = max(0, rules.pickupExitRadius - rules.pickupEntryRadius)
        let snapshot = RegionSnapshot(
            rule: .uncertainty, exitMargin: margin,
            regions: [RegionSnapshot.Entry(condition: condition, state: state, enteredAt: nil, dwellReported: false)],
            lastTime: nil)
        guard var engine = try? RegionEngine(snapshot: snapshot) else { return nil }
        return engine.update(location).first { !$0.initial }?.kind
    }
}
