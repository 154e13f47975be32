import GNSS

/// GSV — satellites in view, four per sentence, in a numbered series of sentences.
///
/// `$GPGSV,3,1,11,03,03,111,00,04,15,270,00,06,01,010,12,13,06,292,00*hh`
///
/// Fields: 1 number of sentences, 2 sentence number, 3 satellites in view, then per satellite:
/// id, elevation (degrees, −90...90), azimuth (degrees true, 0...360), SNR (dB-Hz, 0...99, may be
/// empty). A final lone field after the blocks is the NMEA 4.10 signal id. Blocks whose fields are
/// all empty are left out. At least 3 fields are required.
public struct GSV: Sendable, Equatable {
    /// Talker of the sentence.
    public var talker: Talker
    /// Total number of sentences in the series, ≥ 1.
    public var totalMessages: Int
    /// Number of this sentence, 1...totalMessages.
    public var messageNumber: Int
    /// Total number of satellites in view.
    @CompactInt public var satellitesInView: Int? = nil
    /// NMEA 4.10 signal id (hex digit, as an integer).
    @CompactInt public var signalID: Int? = nil
    /// The satellites, ready to hand out (`signalID` is filled in when they are read).
    private var storage: InlineArray<4, SatelliteInView>
    /// Number of satellites in this sentence, 0...4.
    public private(set) var satelliteCount: Int

    /// An empty GSV sentence `number` of `total`.
    public init(talker: Talker, total: Int, number: Int) {
        self.talker = talker
        totalMessages = total
        messageNumber = number
        storage = InlineArray(repeating: SatelliteInView(prn: 0))
        satelliteCount = 0
    }

    /// The satellites of this sentence, in order.
    public var satellites: [SatelliteInView] { (0..<satelliteCount).map { satellite(at: $0) } }

    /// The satellite at `index`, 0 ..< satelliteCount.
    public func satellite(at index: Int) -> SatelliteInView {
        var satellite = storage[index]
        satellite.signalID = signalID
        return satellite
    }

    /// Appends the satellites of this sentence, in order, to `array` (what the assembler does
    /// with every GSV: `satellite(at:)` for each, without the per-call bounds checks).
    @inline(__always)
    func appendSatellites(to array: inout [SatelliteInView]) {
        let signal = signalID
        if signal == nil {
            // Stored satellites have no signal id: copy them in one go.
            storage.span.withUnsafeBufferPointer { all in
                array.append(contentsOf: UnsafeBufferPointer(rebasing: all[0..<satelliteCount]))
            }
            return
        }
        for i in 0..<satelliteCount {
            var satellite = storage[unchecked: i]
            satellite.signalID = signal
            array.append(satellite)
        }
    }

    /// Appends a satellite (ids 0...65535); ignored beyond four.
    public mutating func append(_ satellite: SatelliteInView) {
        guard satelliteCount < 4 else { return }
        storage[satelliteCount] = SatelliteInView(
            prn: Int(UInt16(clamping: satellite.prn)), system: satellite.system,
            elevation: satellite.elevation, azimuth: satellite.azimuth,
            snr: satellite.snr)
        satelliteCount += 1
    }

    public static func == (a: GSV, b: GSV) -> Bool {
        a.talker == b.talker && a.totalMessages == b.totalMessages && a.messageNumber == b.messageNumber
            && a.satellitesInView == b.satellitesInView && a.signalID == b.signalID
            && a.satellites == b.satellites
    }

    static func decode(_ f: inout Fields, talker: Talker) throws(NMEAError) -> GSV {
        try f.require(3)
        guard let total = f.integer(1, "number of sentences", in: 1...99),
            let number = f.integer(2, "sentence number", in: 1...99)
        else {
            try f.check()
            throw NMEAError(.badField, "GSV fields 1-2: sentence numbers missing")
        }
        if number > total {
            f.fail(2, "sentence number", "greater than the number of sentences")
            try f.check()
        }
        var s = GSV(talker: talker, total: total, number: number)
        s.satellitesInView = f.integer(3, "satellites in view", in: 0...999)
        let blockFields = f.count - 3
        var usable = blockFields
        if blockFields % 4 == 1 {
            usable -= 1
            s.signalID = f.hexDigit(f.count, "signal id")
        }
        try f.check()
        if usable > 16 { throw NMEAError(.badField, "GSV has more than four satellites") }
        let constellation = GSV.constellation(of: talker)
        for b in 0..<((usable + 3) / 4) {
            let n = 4 + b * 4
            if let block = f.shortSatellite(n) {
                s.storage[s.satelliteCount] = SatelliteInView(
                    prn: block.prn, system: GSV.system(constellation: constellation, talker: talker, prn: block.prn),
                    elevation: Double(block.elevation), azimuth: block.azimuth == 360 ? 0 : Double(block.azimuth),
                    snr: block.snr.map(Double.init))
                s.satelliteCount += 1
                continue
            }
            let prn = f.integer(n, "satellite id", in: 0...999)
            let elevation = f.decimal(n + 1, "elevation", in: -90...90)
            let azimuth = f.decimal(n + 2, "azimuth", in: 0...360)
            let snr = f.decimal(n + 3, "SNR", in: 0...99)
            guard let prn else {
                if elevation != nil || azimuth != nil || snr != nil { f.fail(n, "satellite id", "missing") }
                continue
            }
            s.storage[s.satelliteCount] = SatelliteInView(
                prn: prn, system: GSV.system(constellation: constellation, talker: talker, prn: prn),
                elevation: elevation, azimuth: azimuth == 360 ? 0 : azimuth, snr: snr)
            s.satelliteCount += 1
        }
        try f.check()
        return s
    }

    /// The system a constellation talker names (`GL`, `GA`, ...); nil for `GP` and `GN`, whose
    /// ids are told apart by their ranges. Found once a sentence, not once a satellite.
    @inline(__always)
    static func constellation(of talker: Talker) -> GNSSSystem? {
        talker == .gps ? nil : talker.system
    }

    /// The satellite system of a satellite id: the talker's ``constellation(of:)`` (found once a
    /// sentence), else from the NMEA id ranges (1–32 GPS, 33–64 and 152–158 SBAS, 65–96 GLONASS,
    /// 193–202 QZSS, 201–237 and 401–437 BeiDou, 301–336 Galileo).
    @inline(__always)
    static func system(constellation: GNSSSystem?, talker: Talker, prn: Int) -> GNSSSystem? {
        if let constellation { return constellation }
        switch prn {
        case 1...32: return .gps
        case 33...64, 152...158: return .sbas
        case 65...96: return .glonass
        case 193...200: return .qzss
        case 201...237, 401...437: return .beidou
        case 301...336: return .galileo
        default: return talker.system
        }
    }
}

extension Fields {
    /// The satellite block of fields `n` to `n + 3` (id, elevation, azimuth, SNR) in its usual
    /// form, read in one go: id, elevation and azimuth of one to three digits, the SNR of one to
    /// three digits or empty, each within its range (elevation 0...90, azimuth 0...360, SNR
    /// 0...99). Nil for any other block (a sign, a fraction, an empty angle, a value out of
    /// range, a missing field), which the field readers then read one by one, with their errors.
    /// Four field readers each look the field up, check it and convert it on their own; a
    /// dozen satellites a second, this was most of a GSV's cost (issue 22).
    /// Field `number` when it is one to three digits: its value, read from the field's end
    /// (``FieldDigits/shortUnsigned(endingAt:_:)``). Nil for any other field (empty, longer, not
    /// all digits, absent), which a field reader then reads, with its errors.
    @inline(__always)
    func shortWhole(_ number: Int) -> Int? {
        guard number >= 1, number <= count else { return nil }
        let end = Int(starts[number]) &- 1
        return FieldDigits.shortUnsigned(endingAt: base + end, end &- Int(starts[number &- 1]))
    }

    @inline(__always)
    func shortSatellite(_ n: Int) -> (prn: Int, elevation: Int, azimuth: Int, snr: Int?)? {
        guard n >= 1, n &+ 3 <= count else { return nil }
        let s = starts + (n &- 1)
        // Each field ends one byte before the next one starts.
        let e0 = Int(s[1]) &- 1
        let e1 = Int(s[2]) &- 1
        let e2 = Int(s[3]) &- 1
        let e3 = Int(s[4]) &- 1
        guard let prn = FieldDigits.shortUnsigned(endingAt: base + e0, e0 &- Int(s[0])),
            let elevation = FieldDigits.shortUnsigned(endingAt: base + e1, e1 &- e0 &- 1), elevation <= 90,
            let azimuth = FieldDigits.shortUnsigned(endingAt: base + e2, e2 &- e1 &- 1), azimuth <= 360
        else { return nil }
        let snrLength = e3 &- e2 &- 1
        if snrLength == 0 { return (prn, elevation, azimuth, nil) }
        guard let snr = FieldDigits.shortUnsigned(endingAt: base + e3, snrLength), snr <= 99 else { return nil }
        return (prn, elevation, azimuth, snr)
    }
}
