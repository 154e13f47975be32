import Foundation

/// One axis of the fusion filter at an instant: state and covariance, for the smoother.
struct AxisSnapshot: Sendable {
    /// Position (m), velocity (m/s), correlated error (m).
    var x: Vector3
    var covariance: Matrix3
}

/// What the forward filter did at one epoch, kept when it records for ``TrackSmoother``: the
/// state after the prediction (the prior) and after the measurements (the posterior), on both
/// horizontal axes, and what links it to the epoch before.
struct FusionRecord: Sendable {
    var time: Date
    /// The prior, in the frame of the epoch before (nil at the start of a segment).
    var prior: (east: AxisSnapshot, north: AxisSnapshot)?
    var posterior: (east: AxisSnapshot, north: AxisSnapshot)
    /// The interval from the epoch before, seconds, and the correlated error's φ = exp(−Δt/τ).
    var dt: Double, phi: Double
    /// How far the frame's origin moved during this epoch (east, north, metres in the old frame):
    /// the posterior is in the new frame.
    var shift: (east: Double, north: Double)
    /// The posterior's frame: origin latitude and longitude (radians) and metres per radian.
    var origin: (latitude: Double, longitude: Double, north: Double, east: Double)
    var isDeadReckoned: Bool
    /// The epoch's fix was outside the gate (a reflection coasted through, or a jump not yet
    /// believed): its posterior position is the prediction's.
    var isRejected: Bool
    var isStationary: Bool
    /// The epoch's fix was taken in: neither dead-reckoned nor rejected.
    var hasAcceptedFix: Bool { !isDeadReckoned && !isRejected }
}
