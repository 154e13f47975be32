import GNSS

/// VTG — course over ground and ground speed.
///
/// `$GPVTG,054.7,T,034.4,M,005.5,N,010.2,K,A*hh`
///
/// Fields: 1–2 course (degrees true, `T`), 3–4 course (degrees magnetic, `M`), 5–6 speed (knots,
/// `N`), 7–8 speed (km/h, `K`), 9 mode indicator (NMEA 2.3). At least 5 fields are required.
public struct VTG: Sendable, Equatable {
    /// Talker of the sentence.
    public var talker: Talker
    /// Course over ground relative to true north, degrees in [0, 360].
    @CompactDouble public var course: Double? = nil
    /// Course over ground relative to magnetic north, degrees in [0, 360].
    @CompactDouble public var magneticCourse: Double? = nil
    /// Speed over ground, knots, ≥ 0.
    @CompactDouble public var speedKnots: Double? = nil
    /// Speed over ground, kilometres per hour, ≥ 0.
    @CompactDouble public var speedKmh: Double? = nil
    /// NMEA 2.3 mode indicator.
    public var mode: FAAMode?

    /// A VTG with every field empty.
    public init(talker: Talker) { self.talker = talker }

    static func decode(_ f: inout Fields, talker: Talker) throws(NMEAError) -> VTG {
        try f.require(5)
        var s = VTG(talker: talker)
        s.course = f.decimal(1, "course true", in: 0...360)
        f.unit(2, "course true reference", 0x54)
        s.magneticCourse = f.decimal(3, "course magnetic", in: 0...360)
        f.unit(4, "course magnetic reference", 0x4D)
        s.speedKnots = f.decimal(5, "speed knots", in: 0...100_000)
        f.unit(6, "speed knots unit", 0x4E)
        s.speedKmh = f.decimal(7, "speed km/h", in: 0...200_000)
        f.unit(8, "speed km/h unit", 0x4B)
        s.mode = f.indicator(9, "mode indicator", as: FAAMode.self)
        try f.check()
        return s
    }
}
