import GNSS

/// GNS — GNSS fix data: like GGA, with one mode indicator per constellation.
///
/// `$GNGNS,094821.0,4849.931307,N,00216.053323,E,AAN,14,0.6,161.5,48.0,,*hh`
///
/// Fields: 1 UTC time, 2–3 latitude, 4–5 longitude, 6 mode indicators (one character per system:
/// GPS, GLONASS, Galileo, BeiDou, QZSS, NavIC), 7 satellites used, 8 HDOP, 9 altitude above MSL
/// (m), 10 geoid separation (m), 11 age of differential data (s), 12 station id,
/// 13 navigational status (NMEA 4.1). At least 10 fields are required.
public struct GNS: Sendable, Equatable {
    /// Talker of the sentence.
    public var talker: Talker
    /// UTC time of the fix.
    @CompactTime public var time: TimeOfDay? = nil
    /// Latitude, degrees in [-90, 90], north positive.
    @CompactDouble public var latitude: Double? = nil
    /// Longitude, degrees in [-180, 180], east positive.
    @CompactDouble public var longitude: Double? = nil
    /// Mode indicators, one per constellation.
    public var modes: GNSModes
    /// Satellites used in the solution.
    @CompactInt public var satellitesUsed: Int? = nil
    /// Horizontal dilution of precision.
    @CompactDouble public var hdop: Double? = nil
    /// Antenna altitude above mean sea level, metres.
    @CompactDouble public var altitudeMSL: Double? = nil
    /// Geoid separation, metres.
    @CompactDouble public var geoidSeparation: Double? = nil
    /// Age of the differential corrections, seconds.
    @CompactDouble public var dgpsAge: Double? = nil
    /// Differential reference station id, verbatim.
    public var dgpsStation: String?
    /// NMEA 4.1 navigational status. Not used for validity.
    public var navigationalStatus: NavigationalStatus?

    /// A GNS with every field empty.
    public init(talker: Talker) {
        self.talker = talker
        modes = GNSModes()
    }

    static func decode(_ f: inout Fields, talker: Talker) throws(NMEAError) -> GNS {
        try f.require(10)
        var s = GNS(talker: talker)
        s.time = f.time(1)
        s.latitude = f.angle(2, latitude: true)
        s.longitude = f.angle(4, latitude: false)
        s.modes = f.modes(6, "mode indicators")
        s.satellitesUsed = f.integer(7, "satellites used", in: 0...999)
        s.hdop = f.decimal(8, "HDOP", in: 0...999.99)
        s.altitudeMSL = f.decimal(9, "altitude", in: -100_000...1_000_000_000)
        s.geoidSeparation = f.decimal(10, "geoid separation", in: -1000...1000)
        s.dgpsAge = f.decimal(11, "age of differential data", in: 0...1_000_000)
        s.dgpsStation = f.text(12)
        s.navigationalStatus = f.indicator(13, "navigational status", as: NavigationalStatus.self)
        try f.check()
        return s
    }
}

extension Fields {
    /// GNS mode indicators, one character per system (at most 8); empty when the field is.
    mutating func modes(_ number: Int, _ name: StaticString) -> GNSModes {
        let m = self[number]
        var modes = GNSModes()
        if m.count > 8 {
            fail(number, name, "more than 8 systems")
            return modes
        }
        for i in 0..<m.count {
            guard let mode = FAAMode(rawValue: m[i]) else {
                fail(number, name, "bad GNS mode")
                return GNSModes()
            }
            modes.append(mode)
        }
        return modes
    }
}

/// GNS mode indicators, one per constellation, stored inline (up to 8).
public struct GNSModes: Sendable, Equatable, RandomAccessCollection, CustomStringConvertible {
    private var packed: UInt64 = 0
    /// Number of indicators, 0...8.
    public private(set) var count = 0

    /// No indicators.
    public init() {}

    /// Appends an indicator; ignored beyond eight.
    public mutating func append(_ mode: FAAMode) {
        guard count < 8 else { return }
        packed |= UInt64(mode.rawValue) << (8 * UInt64(count))
        count += 1
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }
    /// The indicator at `position`, 0 ..< count.
    public subscript(position: Int) -> FAAMode {
        FAAMode(rawValue: UInt8(truncatingIfNeeded: packed >> (8 * UInt64(position)))) ?? .notValid
    }

    /// The indicators as sent, `"AAN"`.
    public var description: String { String(map(\.character)) }

    /// The best quality among the systems; nil when every system is `N` or there are none.
    public var quality: FixQuality? {
        var best: FixQuality? = nil
        for mode in self {
            guard let q = mode.quality else { continue }
            if best == nil || GNSModes.rank(q) > GNSModes.rank(best ?? .invalid) { best = q }
        }
        return best
    }

    static func rank(_ q: FixQuality) -> Int {
        switch q {
        case .invalid: 0
        case .simulated, .manual: 1
        case .deadReckoning: 2
        case .gps: 3
        case .dgps, .pps: 4
        case .rtkFloat: 5
        case .rtkFixed: 6
        }
    }
}

extension GNS {
    /// Lodestar's verdict: at least one constellation's mode indicator is not `N`.
    public var isValid: Bool { modes.quality != nil }
}
