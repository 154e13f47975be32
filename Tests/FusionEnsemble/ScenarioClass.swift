/// The kinds of motion the fusion ensemble tries the filter on (issue 23), each with the limits of
/// its motion. Accelerations, turns and stops come at any moment (a Poisson process), not at the
/// times the project's own synthesizer uses.
package enum ScenarioClass: String, CaseIterable, Sendable {
    /// City driving: 3–14 m/s, brisk starts and stops, turns of 20–120°.
    case cityDrive = "city drive"
    /// On foot: 0.8–2 m/s, stops and turns.
    case walk
    /// A highway: 22–33 m/s, gentle curves, no stops.
    case highway
    /// A receiver that never moves.
    case stationary
    /// City driving through tunnels of 10–60 s (no position, no Doppler) with a bend, a stop or a
    /// start from standstill inside.
    case tunnel
    /// City driving with reflections: the fix held 20–150 m away for 2–20 s while the receiver's
    /// stated accuracy and its Doppler velocity are unchanged.
    case reflection

    /// The classes that move.
    package static let moving: [ScenarioClass] = [.cityDrive, .walk, .highway, .tunnel, .reflection]

    /// The filter's activity profile for the class.
    package var activityName: String { self == .walk ? "fitness" : "automotive" }

    /// Limits of the motion: speeds (m/s), longitudinal acceleration and deceleration and lateral
    /// acceleration (m/s²), the largest yaw rate (rad/s), the mean time between manoeuvres (s),
    /// whether it stops, and how long a run lasts (s).
    struct Motion {
        var speeds: ClosedRange<Double>
        var acceleration: Double, deceleration: Double, lateral: Double, yawRate: Double
        var meanInterval: Double
        var stops: Bool
        var duration: Double
    }

    var motion: Motion {
        switch self {
        case .cityDrive, .tunnel, .reflection:
            Motion(
                speeds: 3...14, acceleration: 2.5, deceleration: 3.5, lateral: 3, yawRate: 0.6,
                meanInterval: 8, stops: true, duration: 300)
        case .walk:
            Motion(
                speeds: 0.8...2, acceleration: 0.7, deceleration: 1.0, lateral: 1, yawRate: 1.0,
                meanInterval: 10, stops: true, duration: 300)
        case .highway:
            Motion(
                speeds: 22...33, acceleration: 1, deceleration: 1.5, lateral: 1.5, yawRate: 0.05,
                meanInterval: 15, stops: false, duration: 300)
        case .stationary:
            Motion(
                speeds: 0...0, acceleration: 0, deceleration: 0, lateral: 0, yawRate: 0,
                meanInterval: .infinity, stops: false, duration: 600)
        }
    }
}
