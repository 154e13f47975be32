import GNSS

/// GST — GNSS pseudorange error statistics: one-sigma position errors, metres.
///
/// `$GPGST,024603.00,3.2,6.6,4.7,47.3,5.8,5.6,22.0*hh`
///
/// Fields: 1 UTC time, 2 RMS of the pseudorange residuals, 3 semi-major and 4 semi-minor axis of
/// the error ellipse (1σ, m), 5 orientation of the semi-major axis (degrees from true north),
/// 6 latitude, 7 longitude and 8 altitude error (1σ, m). All 8 fields are required.
public struct GST: Sendable, Equatable {
    /// Talker of the sentence.
    public var talker: Talker
    /// UTC time the statistics belong to.
    @CompactTime public var time: TimeOfDay? = nil
    /// RMS value of the pseudorange residuals, metres (or the standard deviation of range inputs).
    @CompactDouble public var rms: Double? = nil
    /// Standard deviation of the semi-major axis of the error ellipse, metres.
    @CompactDouble public var semiMajorSigma: Double? = nil
    /// Standard deviation of the semi-minor axis of the error ellipse, metres.
    @CompactDouble public var semiMinorSigma: Double? = nil
    /// Orientation of the semi-major axis, degrees from true north, as sent: [0, 360] or, from
    /// some receivers, negative (west of north).
    @CompactDouble public var orientation: Double? = nil
    /// Standard deviation of the latitude error, metres.
    @CompactDouble public var latitudeSigma: Double? = nil
    /// Standard deviation of the longitude error, metres.
    @CompactDouble public var longitudeSigma: Double? = nil
    /// Standard deviation of the altitude error, metres.
    @CompactDouble public var altitudeSigma: Double? = nil

    /// A GST with every field empty.
    public init(talker: Talker) { self.talker = talker }

    static func decode(_ f: inout Fields, talker: Talker) throws(NMEAError) -> GST {
        try f.require(8)
        var s = GST(talker: talker)
        s.time = f.time(1)
        let range = 0.0...1e9
        s.rms = f.decimal(2, "RMS", in: range)
        s.semiMajorSigma = f.decimal(3, "semi-major sigma", in: range)
        s.semiMinorSigma = f.decimal(4, "semi-minor sigma", in: range)
        // Some receivers (SkyTraq) give the orientation in -180...180.
        s.orientation = f.decimal(5, "orientation", in: -360...360)
        s.latitudeSigma = f.decimal(6, "latitude sigma", in: range)
        s.longitudeSigma = f.decimal(7, "longitude sigma", in: range)
        s.altitudeSigma = f.decimal(8, "altitude sigma", in: range)
        try f.check()
        return s
    }
}
