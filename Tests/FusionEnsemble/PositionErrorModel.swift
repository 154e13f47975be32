import Foundation
import GNSS
import LodestarInternals

/// The first error model: errors drawn directly in the position domain, per axis: white noise of
/// σ_w plus a Gauss–Markov error of σ_g and time constant τ, and a white Doppler velocity error.
package struct PositionErrorModel: ReceiverErrorModel {
    /// One cell of the grid: σ_w, σ_g (metres, one sigma per axis) and τ (seconds).
    package struct Noise: Sendable, CustomStringConvertible {
        package var white: Double, correlated: Double, tau: Double
        package var description: String {
            correlated == 0
                ? String(format: "white σ %.0f m", white)
                : String(format: "GM σ %.0f m τ %.0f s", correlated, tau)
        }
        /// The grid of issue 23: white σ 1–4 m; Gauss–Markov σ 1–3 m with τ 20–120 s (with 0.5 m of
        /// white tracking noise on top).
        package static let grid: [Noise] = [
            Noise(white: 1, correlated: 0, tau: 1), Noise(white: 2, correlated: 0, tau: 1),
            Noise(white: 4, correlated: 0, tau: 1), Noise(white: 0.5, correlated: 1, tau: 20),
            Noise(white: 0.5, correlated: 2, tau: 60), Noise(white: 0.5, correlated: 3, tau: 120),
        ]
    }

    let noise: Noise
    let statement: Statement
    /// Doppler velocity error per axis, m/s.
    let dopplerSigma: Double
    /// The HDOP radius's ratio to the true error, drawn per run (0.8–1.25).
    let hdopBias: Double
    private var east: GaussMarkov, north: GaussMarkov

    package init(_ noise: Noise, statement: Statement, rng: inout SplitMix64) {
        self.noise = noise
        self.statement = statement
        dopplerSigma = 0.05 + 0.05 * rng.nextUnit()
        hdopBias = 0.8 * pow(1.25 / 0.8, rng.nextUnit())
        east = GaussMarkov(sigma: noise.correlated, tau: noise.tau, rng: &rng)
        north = GaussMarkov(sigma: noise.correlated, tau: noise.tau, rng: &rng)
    }

    package mutating func next(_ truth: TruthEpoch, dt: Double, heading: Double, rng: inout SplitMix64) -> ReceiverEpoch {
        var r = ReceiverEpoch()
        r.east = east.step(dt, rng: &rng) + rng.gaussian(sigma: noise.white)
        r.north = north.step(dt, rng: &rng) + rng.gaussian(sigma: noise.white)
        r.velocityEast = rng.gaussian(sigma: dopplerSigma)
        r.velocityNorth = rng.gaussian(sigma: dopplerSigma)
        let sigma = (noise.white * noise.white + noise.correlated * noise.correlated).squareRoot()
        r.hdop = 1.2
        r.errors = statement.errors(east: sigma, north: sigma, hdopRadius: sigma * 2.0.squareRoot() * hdopBias)
        return r
    }
}
