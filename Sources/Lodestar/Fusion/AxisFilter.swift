import Foundation

/// One axis (east, north or up) of the fusion filter: a Kalman filter on three states, in metres
/// and metres per second, after Groves, *Principles of GNSS, Inertial, and Multisensor Integrated
/// Navigation Systems* (2nd ed., §9.4.2, the GNSS navigation filter) and Brown & Hwang,
/// *Introduction to Random Signals and Applied Kalman Filtering* (4th ed., §4.2, Gauss–Markov
/// processes; §9.3, GNSS error states):
///
/// - `p`: the true position along the axis, relative to the filter's local origin;
/// - `v`: the velocity along the axis;
/// - `b`: the receiver's correlated position error, a first-order Gauss–Markov process
///   (`b' = φ b + w_b`, `φ = exp(−Δt / τ)`, steady-state variance `σ_b²`).
///
/// A position fix measures `p + b` plus white noise; a Doppler velocity measures `v`. Because the
/// correlated error is a state, the filter never believes that averaging correlated fixes has
/// removed it: the variance of `p` stays at least what the Gauss–Markov model allows to be
/// learnt, which is what makes the stated accuracy honest.
///
/// Pure value arithmetic, no allocation: a handful of multiplications per step.
struct AxisFilter: Sendable, Equatable {
    /// The state: position, velocity, correlated error.
    private(set) var p = 0.0, v = 0.0, b = 0.0
    /// The symmetric covariance: pp, pv, pb, vv, vb, bb.
    private(set) var pp = 0.0, pv = 0.0, pb = 0.0, vv = 0.0, vb = 0.0, bb = 0.0

    /// Starts at a measured position `z` with total variance `variance`, of which the fraction
    /// `correlated` is the Gauss–Markov error, and a velocity `velocity` of variance `velocityVariance`.
    init(position z: Double, variance: Double, correlated: Double, velocity: Double, velocityVariance: Double) {
        p = z
        v = velocity
        b = 0
        let sb = correlated * variance
        pp = variance
        pb = -sb  // p = z − b − w: p's error is the negative of the correlated error
        bb = sb
        vv = velocityVariance
        pv = 0
        vb = 0
    }

    /// State and covariance, for the smoother's records.
    var snapshot: AxisSnapshot {
        AxisSnapshot(x: Vector3(a: p, b: v, c: b), covariance: Matrix3(pp: pp, pv: pv, pb: pb, vv: vv, vb: vb, bb: bb))
    }

    /// The standard deviation of the position, metres.
    var positionSigma: Double { pp.squareRoot() }
    /// The standard deviation of the velocity, metres per second.
    var velocitySigma: Double { vv.squareRoot() }

    /// Propagates the state over `dt` seconds (> 0).
    /// - Parameters:
    ///   - acceleration: the white-noise acceleration's spectral density q (m²/s³): the variance
    ///     of a velocity change grows by q·Δt (continuous white acceleration, Groves §9.4.2.2).
    ///   - intervalAcceleration: the variance (m²/s⁴) of one acceleration held over the whole
    ///     interval (Bar-Shalom, Li & Kirubarajan, *Estimation with Applications to Tracking and
    ///     Navigation*, §6.3.3, the discrete white-noise acceleration model): the change of velocity
    ///     the next Doppler measurement will show. Its position and velocity parts are fully
    ///     correlated, so the velocity update moves the position by half the change times Δt: the
    ///     position is predicted with the mean of the two epochs' velocities.
    ///   - timeConstant: τ of the correlated error, seconds.
    ///   - correlatedVariance: its steady-state variance σ_b², m².
    ///   - stationary: hold the velocity at zero (no acceleration noise).
    mutating func predict(
        dt: Double, acceleration q: Double, intervalAcceleration sa2: Double = 0,
        timeConstant tau: Double, correlatedVariance sb2: Double, stationary: Bool
    ) {
        let phi = exp(-dt / tau)
        // x' = F x with F = [[1, dt, 0], [0, 1, 0], [0, 0, φ]].
        p += v * dt
        b *= phi
        // P' = F P Fᵀ + Q.
        let npp = pp + 2 * dt * pv + dt * dt * vv
        let npv = pv + dt * vv
        let npb = phi * (pb + dt * vb)
        let nvb = phi * vb
        let nbb = phi * phi * bb
        pp = npp
        pv = npv
        pb = npb
        vb = nvb
        bb = nbb
        if !stationary {
            let dt2 = dt * dt
            pp += q * dt2 * dt / 3 + sa2 * dt2 * dt2 / 4
            pv += q * dt2 / 2 + sa2 * dt2 * dt / 2
            vv += q * dt + sa2 * dt2
        }
        bb += sb2 * (1 - phi * phi)
    }

    /// The innovation of a position measurement `z` of white variance `r`: its value and variance.
    func positionInnovation(_ z: Double, whiteVariance r: Double) -> (y: Double, s: Double) {
        (z - (p + b), pp + 2 * pb + bb + r)
    }

    /// Takes a position measurement of `p + b` with white variance `r`; `y` and `s` from
    /// ``positionInnovation(_:whiteVariance:)`` (with `s` possibly inflated to down-weight it).
    mutating func updatePosition(y: Double, s: Double) {
        // PHᵀ for H = [1, 0, 1].
        update(y: y, s: s, hp: pp + pb, hv: pv + vb, hb: pb + bb)
    }

    /// Takes a velocity measurement `z` (m/s) of variance `r`.
    mutating func updateVelocity(_ z: Double, variance r: Double) {
        // PHᵀ for H = [0, 1, 0].
        update(y: z - v, s: vv + r, hp: pv, hv: vv, hb: vb)
    }

    /// The Kalman update for a scalar measurement of innovation `y`, innovation variance `s` and
    /// `PHᵀ = (hp, hv, hb)`: x += K y, P −= K S Kᵀ with K = PHᵀ / s.
    private mutating func update(y: Double, s: Double, hp: Double, hv: Double, hb: Double) {
        guard s > 0, s.isFinite else { return }
        let kp = hp / s
        let kv = hv / s
        let kb = hb / s
        p += kp * y
        v += kv * y
        b += kb * y
        pp -= kp * hp
        pv -= kp * hv
        pb -= kp * hb
        vv -= kv * hv
        vb -= kv * hb
        bb -= kb * hb
        clampVariances()
    }

    /// Lowers the correlated error's variance to `sb2` when the receiver now states a smaller
    /// error than the filter still carries (the sky cleared, corrections arrived): the error state
    /// and its covariance are scaled together, so the correlations are kept.
    mutating func limitCorrelated(to sb2: Double) {
        guard bb > sb2, sb2 > 0 else { return }
        let k = (sb2 / bb).squareRoot()
        b *= k
        pb *= k
        vb *= k
        bb = sb2
        // pp is kept: its part that was the correlated error's goes at the next position update,
        // whose innovation is now dominated by pp itself.
    }

    /// Adds `variance` (m²) to the position's: what the constant-velocity prediction cannot know
    /// when the velocity changed within the interval (see ``FusionFilter``).
    mutating func inflatePosition(by variance: Double) {
        guard variance > 0, variance.isFinite else { return }
        pp += variance
    }

    /// Moves the origin of the axis by `shift` metres.
    mutating func shiftOrigin(by shift: Double) { p -= shift }

    /// Rounding can leave a variance a hair below zero after an update; keep them non-negative
    /// and the covariance valid.
    private mutating func clampVariances() {
        pp = max(pp, 1e-9)
        vv = max(vv, 1e-12)
        bb = max(bb, 1e-9)
    }
}
