import GNSS

/// GGA — global positioning system fix data: time, position, fix quality, satellites used, HDOP,
/// altitude above mean sea level and the geoid separation.
///
/// `$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47`
///
/// Fields: 1 UTC time, 2–3 latitude, 4–5 longitude, 6 quality (0–8), 7 satellites used,
/// 8 HDOP, 9–10 altitude (metres, `M`), 11–12 geoid separation (metres, `M`), 13 age of
/// differential data (s), 14 differential station id. At least 9 fields (through the altitude) are
/// required; the rest are optional.
public struct GGA: Sendable, Equatable {
    /// Talker of the sentence.
    public var talker: Talker
    /// UTC time of the fix.
    @CompactTime public var time: TimeOfDay? = nil
    /// Latitude, degrees in [-90, 90], north positive.
    @CompactDouble public var latitude: Double? = nil
    /// Longitude, degrees in [-180, 180], east positive.
    @CompactDouble public var longitude: Double? = nil
    /// Fix quality indicator 0...8 (0 = invalid).
    public var quality: FixQuality?
    /// Satellites used in the solution, ≥ 0.
    @CompactInt public var satellitesUsed: Int? = nil
    /// Horizontal dilution of precision.
    @CompactDouble public var hdop: Double? = nil
    /// Antenna altitude above mean sea level (the geoid), metres.
    @CompactDouble public var altitudeMSL: Double? = nil
    /// Geoid separation: height of the geoid above the WGS84 ellipsoid, metres.
    @CompactDouble public var geoidSeparation: Double? = nil
    /// Age of the differential corrections, seconds.
    @CompactDouble public var dgpsAge: Double? = nil
    /// Differential reference station id, verbatim (leading zeros kept).
    public var dgpsStation: String?

    /// A GGA with every field empty.
    public init(talker: Talker) { self.talker = talker }

    static func decode(_ f: inout Fields, talker: Talker) throws(NMEAError) -> GGA {
        try f.require(9)
        var s = GGA(talker: talker)
        s.time = f.time(1)
        s.latitude = f.angle(2, latitude: true)
        s.longitude = f.angle(4, latitude: false)
        if let q = f.integer(6, "quality", in: 0...8) { s.quality = FixQuality(rawValue: q) }
        s.satellitesUsed = f.integer(7, "satellites used", in: 0...999)
        s.hdop = f.decimal(8, "HDOP", in: 0...999.99)
        s.altitudeMSL = f.decimal(9, "altitude", in: -100_000...1_000_000_000)
        f.unit(10, "altitude unit", 0x4D)
        s.geoidSeparation = f.decimal(11, "geoid separation", in: -1000...1000)
        f.unit(12, "geoid separation unit", 0x4D)
        s.dgpsAge = f.decimal(13, "age of differential data", in: 0...1_000_000)
        s.dgpsStation = f.text(14)
        try f.check()
        return s
    }
}

extension GGA {
    /// Lodestar's verdict: the quality indicator is 1...8 (0 = invalid, empty = unknown).
    public var isValid: Bool { (quality?.rawValue ?? 0) > 0 }
}
