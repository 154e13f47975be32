import GNSS

/// GBS — GNSS satellite fault detection (RAIM): expected position errors and the most likely
/// failed satellite.
///
/// `$GPGBS,015509.00,-0.031,-0.186,0.219,19,0.000,-0.354,6.972*hh`
///
/// Fields: 1 UTC time, 2 expected latitude error, 3 longitude error, 4 altitude error (metres),
/// 5 id of the most likely failed satellite, 6 probability of missed detection, 7 estimated bias
/// of that satellite (m), 8 standard deviation of the bias, 9 system id and 10 signal id (NMEA 4.1).
/// At least 4 fields are required. Lodestar uses GBS only for its time (epoch grouping); error
/// estimates come from GST or DOPs (see the NMEA error model).
public struct GBS: Sendable, Equatable {
    /// Talker of the sentence.
    public var talker: Talker
    /// UTC time of the fix the statistics belong to.
    @CompactTime public var time: TimeOfDay? = nil
    /// Expected error in latitude, metres (receivers differ on sign and scale).
    @CompactDouble public var latitudeError: Double? = nil
    /// Expected error in longitude, metres.
    @CompactDouble public var longitudeError: Double? = nil
    /// Expected error in altitude, metres.
    @CompactDouble public var altitudeError: Double? = nil
    /// Id of the most likely failed satellite.
    @CompactInt public var failedSatellite: Int? = nil

    /// A GBS with every field empty.
    public init(talker: Talker) { self.talker = talker }

    static func decode(_ f: inout Fields, talker: Talker) throws(NMEAError) -> GBS {
        try f.require(4)
        var s = GBS(talker: talker)
        s.time = f.time(1)
        s.latitudeError = f.decimal(2, "latitude error")
        s.longitudeError = f.decimal(3, "longitude error")
        s.altitudeError = f.decimal(4, "altitude error")
        s.failedSatellite = f.integer(5, "failed satellite", in: 0...999)
        try f.check()
        return s
    }
}
