import GNSS

/// GLL — geographic position: latitude, longitude, time and status.
///
/// `$GPGLL,4916.45,N,12311.12,W,225444,A,A*hh`
///
/// Fields: 1–2 latitude, 3–4 longitude, 5 UTC time, 6 status (`A`/`V`), 7 mode indicator
/// (NMEA 2.3). At least 4 fields are required (NMEA 1.5 had no time and status).
public struct GLL: Sendable, Equatable {
    /// Talker of the sentence.
    public var talker: Talker
    /// Latitude, degrees in [-90, 90], north positive.
    @CompactDouble public var latitude: Double? = nil
    /// Longitude, degrees in [-180, 180], east positive.
    @CompactDouble public var longitude: Double? = nil
    /// UTC time of the position.
    @CompactTime public var time: TimeOfDay? = nil
    /// Status: valid or invalid.
    public var status: DataStatus?
    /// NMEA 2.3 mode indicator.
    public var mode: FAAMode?

    /// A GLL with every field empty.
    public init(talker: Talker) { self.talker = talker }

    static func decode(_ f: inout Fields, talker: Talker) throws(NMEAError) -> GLL {
        try f.require(4)
        var s = GLL(talker: talker)
        s.latitude = f.angle(1, latitude: true)
        s.longitude = f.angle(3, latitude: false)
        s.time = f.time(5)
        s.status = f.indicator(6, "status", as: DataStatus.self)
        s.mode = f.indicator(7, "mode indicator", as: FAAMode.self)
        try f.check()
        return s
    }
}

extension GLL {
    /// Lodestar's verdict: the status is `A` (or absent, in NMEA 1.5 GLL without one) and the mode
    /// indicator, when given, is not `N`.
    public var isValid: Bool { status != .invalid && mode != .notValid && latitude != nil }
}
