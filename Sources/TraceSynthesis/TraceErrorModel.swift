import Foundation

/// The realistic receiver error model of a trace (opt-in; without it a trace has the white noise
/// of ``TraceSpecification/noise``).
///
/// Each axis (north, east, up) carries a first-order Gauss–Markov error b plus white noise w:
///
///     b_k = φ b_(k−1) + √(1 − φ²) σ_gm ε_k,   φ = exp(−Δt / τ),   b_0 ~ N(0, σ_gm²)
///
/// (Brown & Hwang, *Introduction to Random Signals and Applied Kalman Filtering*, 4th ed., §2.9;
/// Groves, *Principles of GNSS, Inertial, and Multisensor Integrated Navigation Systems*, 2nd ed.,
/// §3.2.5), so the process is stationary with variance σ_gm² and autocorrelation exp(−|lag| / τ).
/// The receiver states the honest total: GST's per-axis one-sigma is √(σ_gm² + σ_w²) and HDOP is
/// √2 × that total over σ_UERE = 5 m (the autonomous-fix figure of `docs/nmea-error-model.md`), so
/// HDOP × σ_UERE is the 2D RMS radius. The vertical errors are ``verticalScale`` times the
/// horizontal ones, with the same τ (GST altitude σ and VDOP follow).
public struct TraceErrorModel: Sendable, Equatable {
    /// Per-axis one-sigma of the correlated (Gauss–Markov) error, metres, in ``TraceLimits/sigma``.
    public var correlatedSigma: Double
    /// Correlation time τ of the Gauss–Markov error, seconds, in ``TraceLimits/correlationTime``.
    public var correlationTime: Double
    /// Per-axis one-sigma of the white noise, metres, in ``TraceLimits/sigma``.
    public var whiteSigma: Double

    /// Vertical errors (σ_gm and σ_w) are this many times the horizontal ones.
    public static let verticalScale = 1.5
    /// The user equivalent range error that HDOP and VDOP are written for, metres (autonomous fix).
    public static let userRangeError = 5.0

    public init(correlatedSigma: Double, correlationTime: Double, whiteSigma: Double) {
        self.correlatedSigma = correlatedSigma
        self.correlationTime = correlationTime
        self.whiteSigma = whiteSigma
    }

    /// The per-axis total one-sigma the receiver states, √(σ_gm² + σ_w²), metres.
    public var totalSigma: Double {
        (correlatedSigma * correlatedSigma + whiteSigma * whiteSigma).squareRoot()
    }
}

/// A first-order Gauss–Markov process sampled every Δt (see ``TraceErrorModel``).
struct GaussMarkov {
    /// exp(−Δt / τ).
    let phi: Double
    /// √(1 − φ²) σ.
    let drive: Double
    /// The current value, metres.
    private(set) var value: Double

    /// Starts the process at its stationary distribution: b_0 ~ N(0, σ²).
    init(sigma: Double, tau: Double, step: Double, initial standardNormal: Double) {
        phi = exp(-step / tau)
        drive = (1 - phi * phi).squareRoot() * sigma
        value = sigma * standardNormal
    }

    /// Advances one step with the standard normal deviate `epsilon`.
    mutating func advance(_ epsilon: Double) {
        value = phi * value + drive * epsilon
    }
}
