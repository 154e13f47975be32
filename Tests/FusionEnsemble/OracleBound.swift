import Foundation
import LodestarInternals

/// What the best causal filter could do on the position-domain error model: a Kalman filter told
/// everything the fusion filter has to guess. It knows the true motion exactly (as if the Doppler
/// velocity were perfect and integrated without error), so only the receiver's offset from the
/// truth is left to estimate, and it knows the error model exactly: the white σ_w, the
/// Gauss–Markov σ_g and τ of ``PositionErrorModel/Noise``, from the same generator
/// (``GaussMarkov``). For a linear model with Gaussian noise that filter is the minimum-variance
/// estimator (Kalman 1960; Brown & Hwang, 4th ed., §4.6), so no causal filter that knows less,
/// the fusion filter included, has a smaller expected error on the same runs.
///
/// Per axis the state is `[e, b]`: `e` the estimate's offset (constant, since the motion is
/// known; diffuse at the start) and `b` the correlated error (`b' = φ b + w_b`,
/// `φ = exp(−Δt/τ)`); a fix measures `z = e + b + w`, `H = [1 1]`, `R = σ_w²`.
package enum OracleBound {
    /// One run of the oracle on one cell: the receiver's and the oracle's RMS position error over
    /// both horizontal axes, metres.
    package struct Run: Sendable {
        package var raw: Double
        package var oracle: Double
    }

    /// Runs the oracle on `seeds` runs of `duration` seconds at `rate` Hz (1...10) of one cell.
    package static func runs(_ noise: PositionErrorModel.Noise, seeds: Int, duration: Double = 300, rate: Double = 1) -> [Run] {
        let dt = 1 / rate
        let epochs = Int(duration * rate)
        return (0..<seeds).map { seed in
            var rng = SplitMix64(seed: UInt64(seed) &* 7_919 &+ 17)
            var squaredRaw = 0.0
            var squaredOracle = 0.0
            for _ in 0..<2 {
                var error = GaussMarkov(sigma: noise.correlated, tau: noise.tau, rng: &rng)
                var axis = Axis(noise: noise, dt: dt)
                for epoch in 0..<epochs {
                    let z = (epoch == 0 ? error.value : error.step(dt, rng: &rng)) + rng.gaussian(sigma: noise.white)
                    squaredRaw += z * z
                    let estimate = axis.update(z)
                    squaredOracle += estimate * estimate
                    axis.predict()
                }
            }
            let n = Double(2 * epochs)
            return Run(raw: (squaredRaw / n).squareRoot(), oracle: (squaredOracle / n).squareRoot())
        }
    }

    /// The two-state filter of one axis; the truth is 0, so the estimate is its own error.
    private struct Axis {
        let phi: Double, processNoise: Double, whiteVariance: Double
        var e = 0.0, b = 0.0
        var pee = 1e12, peb = 0.0, pbb: Double

        init(noise: PositionErrorModel.Noise, dt: Double) {
            let correlatedVariance = noise.correlated * noise.correlated
            phi = noise.correlated > 0 ? exp(-dt / noise.tau) : 0
            processNoise = correlatedVariance * (1 - phi * phi)
            whiteVariance = max(noise.white * noise.white, 1e-9)
            pbb = correlatedVariance
        }

        /// The Kalman update with a fix `z`; returns the offset estimate after it.
        mutating func update(_ z: Double) -> Double {
            let s = pee + 2 * peb + pbb + whiteVariance
            let (he, hb) = (pee + peb, peb + pbb)
            let (ke, kb) = (he / s, hb / s)
            let innovation = z - e - b
            e += ke * innovation
            b += kb * innovation
            (pee, peb, pbb) = (pee - ke * he, peb - ke * hb, pbb - kb * hb)
            return e
        }

        mutating func predict() {
            b *= phi
            (peb, pbb) = (phi * peb, phi * phi * pbb + processNoise)
        }
    }
}
