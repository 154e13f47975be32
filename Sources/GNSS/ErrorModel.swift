/// How Lodestar estimates a fix's error when the receiver states none: dilution of precision times
/// a user equivalent range error (UERE).
///
/// The model (Kaplan & Hegarty, *Understanding GPS/GNSS*, the DOP chapter): with independent range
/// errors of standard deviation σ_UERE, the position error's standard deviations are the DOPs times
/// σ_UERE. So
/// - horizontal one-sigma radius (2D RMS) = HDOP × σ_UERE,
/// - vertical one-sigma error = VDOP × σ_UERE.
///
/// σ_UERE depends on how the fix was obtained; the defaults are typical figures for each kind of
/// fix and can be replaced. Receivers that report their own statistics (NMEA GST) are trusted
/// instead of this model.
public struct UserRangeError: Sendable, Equatable {
    /// σ_UERE for autonomous single-frequency code fixes (GGA quality 1, 3, 6, 7, 8), metres.
    /// Default 5.0 m: broadcast orbit/clock, ionosphere, troposphere, multipath and receiver noise
    /// combined.
    public var autonomous: Double
    /// σ_UERE for differential and SBAS fixes (quality 2), metres. Default 1.0 m.
    public var differential: Double
    /// σ_UERE for float RTK fixes (quality 5), metres. Default 0.3 m.
    public var rtkFloat: Double
    /// σ_UERE for fixed RTK fixes (quality 4), metres. Default 0.02 m.
    public var rtkFixed: Double

    /// The default figures, or others.
    public init(autonomous: Double = 5.0, differential: Double = 1.0, rtkFloat: Double = 0.3, rtkFixed: Double = 0.02) {
        self.autonomous = autonomous
        self.differential = differential
        self.rtkFloat = rtkFloat
        self.rtkFixed = rtkFixed
    }

    /// σ_UERE for a fix of the given quality (autonomous when unknown), metres.
    public func sigma(for quality: FixQuality?) -> Double {
        switch quality {
        case .dgps: differential
        case .rtkFloat: rtkFloat
        case .rtkFixed: rtkFixed
        default: autonomous
        }
    }

    /// Error estimates from DOPs: horizontal = HDOP × σ, vertical = VDOP × σ, both one sigma.
    /// A DOP that is nil or not positive gives no estimate for its axis.
    public func estimates(hdop: Double?, vdop: Double?, quality: FixQuality?) -> ErrorEstimates {
        let sigma = sigma(for: quality)
        var e = ErrorEstimates()
        if let hdop, hdop > 0 { e.horizontal = Uncertainty(hdop * sigma, .oneSigma) }
        if let vdop, vdop > 0 { e.vertical = Uncertainty(vdop * sigma, .oneSigma) }
        return e
    }
}
