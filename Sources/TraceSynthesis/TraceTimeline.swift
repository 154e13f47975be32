import Foundation
import Geodesy

/// Where the receiver truly is at each moment of a trace: the route's legs travelled along
/// geodesics at their speeds, the holds at both ends and the stops along the way.
struct TraceTimeline: Sendable {
    /// One leg: from `start` along the geodesic of `azimuth` (degrees) for `length` metres at
    /// `speed` m/s, from `startTime` seconds of travel.
    struct Leg: Sendable {
        let start: Coordinate, azimuth: Double, length: Double, speed: Double, startTime: Double
        var duration: Double { length / speed }
    }

    /// The true state at one moment.
    struct State {
        var coordinate: Coordinate
        /// Metres per second; 0 when standing still.
        var speed: Double
        /// Degrees in [0, 360); nil when standing still.
        var course: Double?
    }

    let legs: [Leg]
    let waypoints: [Coordinate]
    /// The stops, sorted by time.
    let stops: [TraceSpecification.Stop]
    /// Seconds from the first epoch to the last.
    let duration: Double

    /// - Precondition: at least one waypoint, one speed or one per leg (checked by the specification).
    init(_ spec: TraceSpecification) {
        var legs: [Leg] = []
        var clock = spec.holdStart
        for i in 0..<max(0, spec.waypoints.count - 1) {
            let inverse = Geodesic.wgs84.inverse(from: spec.waypoints[i], to: spec.waypoints[i + 1])
            let speed = spec.speeds.count == 1 ? spec.speeds[0] : spec.speeds[i]
            let leg = Leg(
                start: spec.waypoints[i], azimuth: inverse.initialAzimuth, length: inverse.distance,
                speed: speed, startTime: clock)
            legs.append(leg)
            clock += leg.duration
        }
        self.legs = legs
        self.waypoints = spec.waypoints
        self.stops = spec.stops.sorted { $0.start < $1.start }
        duration = clock + spec.holdEnd + stops.reduce(0) { $0 + $1.duration }
    }

    /// The true state `t` seconds from the start.
    func state(at t: Double) -> State {
        var routeTime = t
        for stop in stops where stop.start <= t {
            if t < stop.start + stop.duration {
                let held = state(routeTime: routeTime - (t - stop.start))
                return State(coordinate: held.coordinate, speed: 0, course: nil)
            }
            routeTime -= stop.duration
        }
        return state(routeTime: routeTime)
    }

    /// Whether `t` seconds from the start lies in a stop.
    func isStopped(at t: Double) -> Bool {
        stops.contains { t >= $0.start && t < $0.start + $0.duration }
    }

    /// The state on the route `t` seconds of travel (holds included, stops excluded) from the start.
    private func state(routeTime t: Double) -> State {
        guard let firstLeg = legs.first, t >= firstLeg.startTime else {
            return State(coordinate: waypoints[0], speed: 0, course: nil)
        }
        for leg in legs where t < leg.startTime + leg.duration {
            let s = (t - leg.startTime) * leg.speed
            if s == 0 { return State(coordinate: leg.start, speed: leg.speed, course: Angle.normalizedBearing(leg.azimuth)) }
            if let direct = try? Geodesic.wgs84.direct(from: leg.start, azimuth: leg.azimuth, distance: s) {
                return State(coordinate: direct.coordinate, speed: leg.speed, course: direct.finalBearing)
            }
        }
        return State(coordinate: waypoints[waypoints.count - 1], speed: 0, course: nil)
    }
}
