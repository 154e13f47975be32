import Foundation
import Geodesy

/// Exponential smoothing of a heading on the circle, with a time constant.
///
/// Each update moves the smoothed heading by a fraction α = 1 − e^(−Δt/τ) of the signed difference
/// on the circle (``Angle/difference(from:to:)``), so 359° → 1° moves through 0°, never back through
/// 180°. Δt comes from the fixes' own timestamps, so the result does not depend on the replay speed.
/// A gap longer than 10 τ, or a change of heading source, restarts the smoothing.
package struct HeadingSmoother: Sendable, Equatable {
    /// Time constant τ, seconds, > 0.
    package var timeConstant: Double
    private var value: Double?
    private var time: Date?

    /// - Parameter timeConstant: τ in seconds, > 0.
    package init(timeConstant: Double) {
        self.timeConstant = timeConstant
    }

    /// Forgets the history.
    package mutating func reset() {
        value = nil
        time = nil
    }

    /// Adds a heading (degrees, any finite value) observed at `date`; returns the smoothed heading
    /// in [0, 360).
    package mutating func update(_ heading: Double, at date: Date) -> Double {
        guard let previous = value, let last = time else {
            let first = Angle.normalizedBearing(heading)
            value = first
            time = date
            return first
        }
        let dt = date.timeIntervalSince(last)
        let smoothed: Double
        if dt > 10 * timeConstant || dt < 0 {
            smoothed = Angle.normalizedBearing(heading)
        } else {
            let alpha = 1 - exp(-dt / timeConstant)
            smoothed = Angle.normalizedBearing(previous + alpha * Angle.difference(from: previous, to: heading))
        }
        value = smoothed
        time = date
        return smoothed
    }
}
