import Foundation
import GNSS
import LodestarInternals

/// What a receiver makes of one true epoch: its position and velocity errors and what it states.
package struct ReceiverEpoch: Sendable {
    /// Position error, metres (east, north); excludes a scenario's reflection.
    package var east = 0.0, north = 0.0
    /// Doppler velocity error, m/s (east, north).
    package var velocityEast = 0.0, velocityNorth = 0.0
    /// What the receiver states of its error (GST's sigmas, or a radius from HDOP).
    package var errors = ErrorEstimates()
    package var hdop = 1.0
    package var satellites = 10
    /// False when the receiver has no fix (too few satellites).
    package var hasFix = true
}

/// How the receiver states its error, crossed with every noise model (issue 23).
package enum Statement: String, CaseIterable, Sendable {
    /// GST with the true one-sigma errors.
    case gst = "GST"
    /// No GST: a horizontal radius from HDOP × σ_UERE only.
    case hdop = "HDOP only"
    /// GST at half the true error.
    case understated = "GST ×0.5"
    /// GST at twice the true error.
    case overstated = "GST ×2"

    var scale: Double {
        switch self {
        case .gst, .hdop: 1
        case .understated: 0.5
        case .overstated: 2
        }
    }

    /// The error estimates for per-axis one-sigma errors `east` and `north` (metres).
    func errors(east: Double, north: Double, hdopRadius: Double) -> ErrorEstimates {
        switch self {
        case .hdop:
            ErrorEstimates(horizontal: Uncertainty(hdopRadius, .oneSigma))
        default:
            ErrorEstimates(latitude: Uncertainty(north * scale, .oneSigma), longitude: Uncertainty(east * scale, .oneSigma))
        }
    }
}

/// A receiver's error process: one value per run, stepped once per epoch.
package protocol ReceiverErrorModel: Sendable {
    /// The next epoch's errors, `dt` seconds after the previous one, for a receiver at `truth`.
    mutating func next(_ truth: TruthEpoch, dt: Double, heading: Double, rng: inout SplitMix64) -> ReceiverEpoch
}

/// A first-order Gauss–Markov process of steady-state standard deviation `sigma` and time
/// constant `tau` (seconds), started from its stationary distribution.
struct GaussMarkov: Sendable {
    let sigma: Double, tau: Double
    private(set) var value: Double

    init(sigma: Double, tau: Double, rng: inout SplitMix64) {
        self.sigma = sigma
        self.tau = tau
        value = rng.gaussian(sigma: sigma)
    }

    mutating func step(_ dt: Double, rng: inout SplitMix64) -> Double {
        let phi = exp(-dt / tau)
        value = phi * value + rng.gaussian(sigma: sigma * (1 - phi * phi).squareRoot())
        return value
    }
}
