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
    ///   - dopplerSigma: 0 for the motion known exactly; otherwise the oracle knows the motion only
    ///     through a Doppler velocity of this white error (m/s per axis), integrated from epoch to
    ///     epoch, so its offset takes a random-walk variance of `σ_v² Δt² / 2` an epoch.
    package static func runs(
        _ noise: PositionErrorModel.Noise, seeds: Int, duration: Double = 300, rate: Double = 1, dopplerSigma: Double = 0
    ) -> [Run] {
        let dt = 1 / rate
        let epochs = Int(duration * rate)
        return (0..<seeds).map { seed in
            var rng = SplitMix64(seed: UInt64(seed) &* 7_919 &+ 17)
            // The Doppler's errors from a stream of their own: with or without them, the
            // receiver's position errors are the same realisations.
            var dopplerRNG = SplitMix64(seed: UInt64(seed) &* 6_007 &+ 29)
            var squaredRaw = 0.0
            var squaredOracle = 0.0
            for _ in 0..<2 {
                var error = GaussMarkov(sigma: noise.correlated, tau: noise.tau, rng: &rng)
                var axis = Axis(noise: noise, dt: dt, walk: dopplerSigma * dopplerSigma * dt * dt / 2)
                var truthOffset = 0.0  // where the integrated Doppler says the truth is, less the truth
                var previousVelocityError = dopplerSigma > 0 ? dopplerRNG.gaussian(sigma: dopplerSigma) : 0
                for epoch in 0..<epochs {
                    if epoch > 0, dopplerSigma > 0 {
                        let velocityError = dopplerRNG.gaussian(sigma: dopplerSigma)
                        truthOffset += (previousVelocityError + velocityError) * dt / 2
                        previousVelocityError = velocityError
                    }
                    let z = (epoch == 0 ? error.value : error.step(dt, rng: &rng)) + rng.gaussian(sigma: noise.white)
                    squaredRaw += z * z
                    // The filter works in the frame the integrated Doppler gives: the fix, seen
                    // there, is off by the fix's error less the frame's drift.
                    let estimate = axis.update(z - truthOffset) + truthOffset
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
        let phi: Double, processNoise: Double, whiteVariance: Double, walk: Double
        var e = 0.0, b = 0.0
        var pee = 1e12, peb = 0.0, pbb: Double

        init(noise: PositionErrorModel.Noise, dt: Double, walk: Double) {
            self.walk = walk
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
            (pee, peb, pbb) = (pee + walk, phi * peb, phi * phi * pbb + processNoise)
        }
    }
}
