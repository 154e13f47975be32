import GNSS

/// RMC — recommended minimum specific GNSS data: time, date, status, position, speed, course and
/// magnetic variation.
///
/// `$GPRMC,225446,A,4916.45,N,12311.12,W,000.5,054.7,191194,020.3,E,A,V*hh`
///
/// Fields: 1 UTC time, 2 status (`A` valid, `V` warning), 3–4 latitude, 5–6 longitude,
/// 7 speed over ground (knots), 8 course over ground (degrees true), 9 date `ddmmyy`,
/// 10–11 magnetic variation (degrees, `E`/`W`), 12 mode indicator (NMEA 2.3), 13 navigational
/// status (NMEA 4.1). At least 9 fields (through the date) are required.
public struct RMC: Sendable, Equatable {
    /// Talker of the sentence.
    public var talker: Talker
    /// UTC time of the fix.
    @CompactTime public var time: TimeOfDay? = nil
    /// Status: valid or navigation receiver warning.
    public var status: DataStatus?
    /// Latitude, degrees in [-90, 90], north positive.
    @CompactDouble public var latitude: Double? = nil
    /// Longitude, degrees in [-180, 180], east positive.
    @CompactDouble public var longitude: Double? = nil
    /// Speed over ground, knots, ≥ 0.
    @CompactDouble public var speedKnots: Double? = nil
    /// Course over ground relative to true north, degrees in [0, 360].
    @CompactDouble public var course: Double? = nil
    /// UTC date of the fix.
    public var date: CalendarDate?
    /// Magnetic variation, degrees, east positive.
    @CompactDouble public var magneticVariation: Double? = nil
    /// NMEA 2.3 mode indicator.
    public var mode: FAAMode?
    /// NMEA 4.1 navigational status. Not used for validity.
    public var navigationalStatus: NavigationalStatus?

    /// An RMC with every field empty.
    public init(talker: Talker) { self.talker = talker }

    static func decode(_ f: inout Fields, talker: Talker) throws(NMEAError) -> RMC {
        try f.require(9)
        var s = RMC(talker: talker)
        s.time = f.time(1)
        s.status = f.indicator(2, "status", as: DataStatus.self)
        s.latitude = f.angle(3, latitude: true)
        s.longitude = f.angle(5, latitude: false)
        s.speedKnots = f.decimal(7, "speed", in: 0...100_000)
        s.course = f.decimal(8, "course", in: 0...360)
        s.date = f.ddmmyy(9)
        f.checkLeapSecond(s.time, on: s.date, timeField: 1)
        s.magneticVariation = f.eastWest(10, "magnetic variation", in: 0...180)
        s.mode = f.indicator(12, "mode indicator", as: FAAMode.self)
        s.navigationalStatus = f.indicator(13, "navigational status", as: NavigationalStatus.self)
        try f.check()
        return s
    }
}

extension RMC {
    /// Lodestar's verdict: the status is `A` and the mode indicator, when given, is not `N`.
    /// The NMEA 4.1 navigational status is deliberately ignored (u-blox sends `V` with valid fixes).
    public var isValid: Bool { status == .valid && mode != .notValid }
}
