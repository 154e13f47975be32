import GNSS

/// GSA — GNSS DOP and active satellites. Multi-constellation receivers send one GSA per system
/// (NMEA 4.1 adds the system id; earlier ones repeat the `GN` talker).
///
/// `$GNGSA,A,3,13,12,22,19,08,21,,,,,,,1.05,0.64,0.83,4*hh`
///
/// Fields: 1 selection mode (`A`/`M`), 2 fix type (1 none, 2 2D, 3 3D), 3–14 ids of the
/// satellites used, 15 PDOP, 16 HDOP, 17 VDOP, 18 GNSS system id (NMEA 4.1, hex digit). At least
/// 17 fields are required. (SiRF receivers send a TDOP as field 18; it is checked and ignored.)
public struct GSA: Sendable, Equatable {
    /// Talker of the sentence.
    public var talker: Talker
    /// Automatic or manual 2D/3D selection.
    public var selectionMode: SelectionMode?
    /// Fix type: 1 no fix, 2 2D, 3 3D.
    @CompactInt public var fixType: Int? = nil
    /// Ids of the satellites used in the solution, in sentence order (empty fields left out).
    public var satelliteIDs: SatelliteIDs
    /// Position dilution of precision.
    @CompactDouble public var pdop: Double? = nil
    /// Horizontal dilution of precision.
    @CompactDouble public var hdop: Double? = nil
    /// Vertical dilution of precision.
    @CompactDouble public var vdop: Double? = nil
    /// NMEA 4.1 GNSS system id (1 GPS, 2 GLONASS, 3 Galileo, 4 BeiDou, 5 QZSS, 6 NavIC).
    @CompactInt public var systemID: Int? = nil

    /// A GSA with every field empty.
    public init(talker: Talker) {
        self.talker = talker
        satelliteIDs = SatelliteIDs()
    }

    static func decode(_ f: inout Fields, talker: Talker) throws(NMEAError) -> GSA {
        try f.require(17)
        var s = GSA(talker: talker)
        s.selectionMode = f.indicator(1, "selection mode", as: SelectionMode.self)
        s.fixType = f.integer(2, "fix type", in: 1...3)
        for n in 3...14 {
            // The usual id (one to three digits) at once; anything else through the reader.
            if let id = f.shortWhole(n) ?? f.integer(n, "satellite id", in: 0...999) {
                s.satelliteIDs.append(UInt16(id))
            }
        }
        s.pdop = f.decimal(15, "PDOP", in: 0...999.99)
        s.hdop = f.decimal(16, "HDOP", in: 0...999.99)
        s.vdop = f.decimal(17, "VDOP", in: 0...999.99)
        // Field 18 is the NMEA 4.1 system id (one hex digit); SiRF receivers put a TDOP there.
        let f18 = f[18]
        if f18.count == 1 {
            s.systemID = f.hexDigit(18, "system id")
        } else if !f18.isEmpty {
            _ = f.decimal(18, "TDOP (SiRF)", in: 0...999.99)
        }
        try f.check()
        return s
    }
}

/// Up to 12 satellite ids, stored inline (no allocation per sentence).
public struct SatelliteIDs: Sendable, Equatable, RandomAccessCollection {
    private var storage = InlineArray<12, UInt16>(repeating: 0)
    /// Number of ids, 0...12.
    public private(set) var count = 0

    /// An empty list.
    public init() {}

    /// Appends an id; ignored when the list is full.
    public mutating func append(_ id: UInt16) {
        guard count < 12 else { return }
        storage[count] = id
        count += 1
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }
    /// The id at `position`, 0 ..< count.
    public subscript(position: Int) -> Int { Int(storage[position]) }

    /// Same ids in the same order, compared as bytes (the slots past `count` are always 0): the
    /// decoder compares a cycle's GSAs with the previous cycle's this way.
    @inline(__always)
    public static func == (a: SatelliteIDs, b: SatelliteIDs) -> Bool {
        a.count == b.count
            && withUnsafeBytes(of: a.storage) { a in
                withUnsafeBytes(of: b.storage) { b in
                    a.load(as: UInt64.self) == b.load(as: UInt64.self)
                        && a.load(fromByteOffset: 8, as: UInt64.self) == b.load(fromByteOffset: 8, as: UInt64.self)
                        && a.load(fromByteOffset: 16, as: UInt64.self) == b.load(fromByteOffset: 16, as: UInt64.self)
                }
            }
    }
}

extension GSA {
    /// Lodestar's verdict: the fix type is 2D or 3D.
    public var isValid: Bool { (fixType ?? 1) >= 2 }
}
