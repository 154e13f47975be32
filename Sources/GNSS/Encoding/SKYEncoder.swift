import LodestarInternals

/// Encodes the satellites of a ``Fix`` as a gpsd `SKY` JSON object, one per line, as gpsd 3.22
/// writes it, for the tools that read gpsd's satellite view (cgps, xgps, gpsprof):
///
/// `{"class":"SKY","xdop":0.91,"ydop":0.89,"vdop":1.38,"tdop":1.27,"hdop":1.01,"gdop":2.53,"pdop":1.71,"nSat":16,"uSat":8,"satellites":[{"PRN":3,"el":21.0,"az":174.0,"ss":29.0,"used":true,"gnssid":0,"svid":3},...]}`
///
/// - The DOPs are `%.2f`, in gpsd's order. `hdop`, `vdop` and `pdop` are the receiver's (GSA,
///   GGA) when it gave them; the others, and any the receiver did not give, are computed from the
///   geometry of the used satellites as gpsd does (``SatelliteGeometry``); left out when unknown.
/// - `nSat` counts the satellites listed, `uSat` those used.
/// - Each satellite: `PRN`, `gnssid` and `svid` as gpsd numbers them (``GPSDSatelliteNumber``);
///   `el`, `az` (degrees) and `ss` (dB-Hz) `%.1f`, each left out when the receiver left it empty
///   (gpsd 3.22 writes 0.0 there); `used`. Satellites whose id gpsd cannot number are left out,
///   and a satellite reported again (for another signal) is listed once, as first reported.
public enum SKYEncoder {
    /// Appends the SKY object for `fix` and a newline to `out`; nothing when the fix carries no
    /// satellites (no GSV in its epoch, no SKY from gpsd).
    public static func append(_ fix: Fix, to out: inout [UInt8]) {
        var memo = SKYMemo()
        append(fix, to: &out, memo: &memo)
    }

    /// ``append(_:to:)`` for a writer of many epochs, which keeps `memo` from one to the next:
    /// the DOPs are computed again only when the sky has changed, and a satellite's object is
    /// written again only when the satellite has (``SKYMemo``). The same bytes as without it.
    public static func append(_ fix: Fix, to out: inout [UInt8], memo: inout SKYMemo) {
        guard let satellites = fix.satellitesInView else { return }
        let unique = listed(satellites)
        let geometry = memo.geometry.geometry(unique)
        // The same sky has the same used count.
        let repeated = memo.geometry.repeated
        var o = JSONObjectText(continuing: &out)
        var used = memo.used
        if !repeated {
            used = 0
            for s in unique where s.used { used += 1 }
            memo.used = used
        }
        o.inPlace(room: 224) { c in
            c.add("class", constant: "SKY")
            c.add("xdop", fixed: geometry?.xdop, decimals: 2, memo: &memo.dops.xdop)
            c.add("ydop", fixed: geometry?.ydop, decimals: 2, memo: &memo.dops.ydop)
            c.add("vdop", fixed: fix.vdop ?? geometry?.vdop, decimals: 2, memo: &memo.dops.vdop)
            c.add("tdop", fixed: geometry?.tdop, decimals: 2, memo: &memo.dops.tdop)
            c.add("hdop", fixed: fix.hdop ?? geometry?.hdop, decimals: 2, memo: &memo.dops.hdop)
            c.add("gdop", fixed: geometry?.gdop, decimals: 2, memo: &memo.dops.gdop)
            c.add("pdop", fixed: fix.pdop ?? geometry?.pdop, decimals: 2, memo: &memo.dops.pdop)
            c.add("nSat", unique.count)
            c.add("uSat", used)
        }
        // The last SKY's array with the changed SNRs written over, when the sky is the same;
        // else each satellite is written in place in the output, no object per satellite, or
        // copied from the memo when it is the last SKY's at its place.
        unique.withUnsafeBufferPointer { listed in
            if memo.writeRepeated(listed, repeated: repeated, to: &o) { return }
            // The room a satellite may need.
            var short = true
            for s in listed { short = short && s.hasShortSKYNumbers }
            memo.withSlots(listed.count) { slots in
                o.add("satellites", objects: listed.count, room: short ? shortSatelliteRoom : satelliteRoom) { i, p in
                    slots.write(listed[i], at: i, to: p)
                }
            }
            memo.keepWhole(listed.count)
        }
        o.finish(into: &out)
        out.append(0x0A)
    }

    /// The most bytes ``writeSatellite(_:to:)`` writes: keys and punctuation (with the up to 7
    /// bytes a constant's last 8-byte store reaches past it), three integers and three numbers at
    /// their longest (a satellite object is usually about 80 bytes).
    static let satelliteRoom = 80 + 3 * DecimalText.maximumIntegerLength + 3 * DecimalText.maximumFixedLength

    /// ``satelliteRoom`` for a satellite whose elevation, azimuth and SNR are each unknown, not
    /// finite, or below 10¹⁵ in magnitude (``isShort(_:)``; every satellite a receiver reports):
    /// less room to make, so that a SKY's satellites fit in the room its first member made.
    static let shortSatelliteRoom = 80 + 3 * DecimalText.maximumIntegerLength + 3 * DecimalText.maximumShortFixedLength

    /// Whether a satellite's number takes at most `DecimalText.maximumShortFixedLength` bytes.
    @inline(__always)
    static func isShort(_ value: Double?) -> Bool {
        guard let value, value.isFinite else { return true }
        return value.magnitude < 1e15
    }

    /// One satellite of SKY's `satellites` at `p` (room for ``satelliteRoom`` bytes), members as
    /// gpsd writes them: `{"PRN":1,"el":42.0,"az":164.0,"ss":44.0,"used":true,"gnssid":0,"svid":1}`,
    /// `el`, `az` and `ss` left out when unknown, `svid` when 0. Written straight at the pointer,
    /// keys as constant 8-byte words, numbers below 1000 digit by digit inline: a SKY has a dozen
    /// of these, and they were the largest part of `replay --json`'s cost (issue 22).
    /// - Returns: the bytes written.
    static func writeSatellite(_ s: SatelliteInView, to p: UnsafeMutablePointer<UInt8>) -> Int {
        var snr = 0..<0
        return writeSatellite(s, to: p, snr: &snr)
    }

    /// ``writeSatellite(_:to:)``, which also tells where the SNR's value lies in the text
    /// (`snr`, an empty range at 0 when there is none): what ``SKYMemo`` replaces when only the
    /// SNR has changed.
    @inline(__always)
    static func writeSatellite(_ s: SatelliteInView, to p: UnsafeMutablePointer<UInt8>, snr: inout Range<Int>) -> Int {
        let n = s.gpsdNumber
        var i = literal("{\"PRN\":", at: p)
        i &+= writeWhole(n.prn, to: p + i)
        if let el = s.elevation, el.isFinite {
            i &+= literal(",\"el\":", at: p + i)
            i &+= writeTenths(el, to: p + i)
        }
        if let az = s.azimuth, az.isFinite {
            i &+= literal(",\"az\":", at: p + i)
            i &+= writeTenths(az, to: p + i)
        }
        if let ss = s.snr, ss.isFinite {
            i &+= literal(",\"ss\":", at: p + i)
            let start = i
            i &+= writeTenths(ss, to: p + i)
            snr = start..<i
        }
        // Two calls, not one with a chosen constant: each folds into stores of its own words.
        if s.used {
            i &+= literal(",\"used\":true,\"gnssid\":", at: p + i)
        } else {
            i &+= literal(",\"used\":false,\"gnssid\":", at: p + i)
        }
        i &+= writeWhole(n.gnssid, to: p + i)
        if n.svid != 0 {
            i &+= literal(",\"svid\":", at: p + i)
            i &+= writeWhole(n.svid, to: p + i)
        }
        p[i] = UInt8(ascii: "}")
        return i &+ 1
    }

    /// `value` as `%.1f` at `p` (room for `DecimalText.maximumFixedLength` bytes). Elevations,
    /// azimuths and SNRs arrive as whole numbers below 1000: their digits and ".0" are one 8-byte
    /// store here, inlined; anything else (a fraction, a sign, a larger value) is DecimalText's.
    /// - Returns: the bytes written.
    @inline(__always)
    static func writeTenths(_ value: Double, to p: UnsafeMutablePointer<UInt8>) -> Int {
        guard let (text, count) = wholeTenths(value) else { return DecimalText.write(value, decimals: 1, to: p) }
        UnsafeMutableRawPointer(p).storeBytes(of: text.littleEndian, as: UInt64.self)
        return count
    }

    /// `value` as `%.1f` when it is a whole number from 0 to 999 (every elevation, azimuth and
    /// SNR a receiver gives): the text's bytes in a word, first byte lowest, and their count
    /// (3 to 5); nil for any other value (a fraction, a sign, -0.0, a larger value).
    @inline(__always)
    static func wholeTenths(_ value: Double) -> (UInt64, Int)? {
        // `sign == .plus` keeps -0.0 for DecimalText, which writes it as printf does ("-0.0").
        guard value.sign == .plus, value < 1000, case let whole = Int(value), Double(whole) == value else {
            return nil
        }
        let (digits, count) = digitBytes(whole)
        // The digits, then ".0" (0x30 2E, little-endian) right after them.
        return (digits | 0x302E &<< UInt64(truncatingIfNeeded: count &* 8), count &+ 2)
    }

    /// `value` (≥ 0) in decimal at `p` (room for `DecimalText.maximumIntegerLength` bytes), one
    /// 4-byte store below 1000 (every number gpsd gives a satellite); other values are
    /// DecimalText's.
    /// - Returns: the bytes written.
    @inline(__always)
    private static func writeWhole(_ value: Int, to p: UnsafeMutablePointer<UInt8>) -> Int {
        guard value >= 0, value < 1000 else { return DecimalText.writeInteger(Int64(value), to: p) }
        let (digits, count) = digitBytes(value)
        UnsafeMutableRawPointer(p).storeBytes(of: UInt32(truncatingIfNeeded: digits).littleEndian, as: UInt32.self)
        return count
    }

    /// The ASCII digits of `value` (0 ..< 1000) as the low bytes of a word, first digit lowest
    /// (the order they are stored in, little-endian), and how many there are: one division by a
    /// constant per digit.
    @inline(__always)
    private static func digitBytes(_ value: Int) -> (UInt64, Int) {
        let v = UInt64(truncatingIfNeeded: value)
        if v < 10 { return (0x30 | v, 1) }
        if v < 100 {
            let tens = v / 10
            return (0x3030 | tens | (v &- tens &* 10) &<< 8, 2)
        }
        let hundreds = v / 100
        let rest = v &- hundreds &* 100
        let tens = rest / 10
        return (0x30_3030 | hundreds | tens &<< 8 | (rest &- tens &* 10) &<< 16, 3)
    }

    /// Copies a constant's bytes to `p` in 8-byte stores; inlined with a literal, each store is
    /// of a word known at compile time. The last store may reach up to 7 bytes past the
    /// constant's end: `p` must have that room (the bytes after the text are overwritten or left
    /// out). `JSONMemberCursor.writeLiteral` copies byte by byte, and the optimizer does not
    /// inline it across the module boundary: calling it here measured +10% on `replay --json`.
    /// - Returns: the constant's length.
    @inline(__always)
    private static func literal(_ text: StaticString, at p: UnsafeMutablePointer<UInt8>) -> Int {
        let bytes = text.utf8Start
        let n = text.utf8CodeUnitCount
        var i = 0
        while i < n {
            var word: UInt64 = 0
            var k = 0
            while k < 8 && i &+ k < n {
                word |= UInt64(bytes[i &+ k]) &<< (k &* 8)
                k &+= 1
            }
            UnsafeMutableRawPointer(p + i).storeBytes(of: word.littleEndian, as: UInt64.self)
            i &+= 8
        }
        return n
    }

    /// The satellites a SKY lists: those gpsd can number, each once (a satellite reported again,
    /// for another signal, is one satellite in the sky: its first report is kept).
    public static func listed(_ satellites: [SatelliteInView]) -> [SatelliteInView] {
        // A receiver lists each satellite once: then the array is returned as it is, with no copy.
        var all = true
        forEachListed(satellites) { all = all && $0 }
        if all { return satellites }
        var kept: [SatelliteInView] = []
        kept.reserveCapacity(satellites.count)
        var i = 0
        forEachListed(satellites) { listed in
            if listed { kept.append(satellites[i]) }
            i += 1
        }
        return kept
    }

    /// Calls `body` for each satellite in order with whether a SKY lists it: gpsd numbers it
    /// (PRN 1...447) and no satellite before it had its PRN. The PRNs seen are a bit set on the
    /// stack; none is allocated. Inlined, with the PRN alone computed
    /// (`GPSDSatelliteNumber.prn(nmeaID:system:)`, which is `gpsdNumber.prn`: every PRN it gives
    /// but 0 lies in a range `gpsdNumber` keeps), not `gpsdNumber` through two calls.
    @inline(__always)
    private static func forEachListed(_ satellites: [SatelliteInView], _ body: (Bool) -> Void) {
        var seen = InlineArray<7, UInt64>(repeating: 0)
        for s in satellites {
            let prn = GPSDSatelliteNumber.prn(nmeaID: s.prn, system: s.system)
            guard prn > 0, prn < 448 else {
                body(false)
                continue
            }
            let bit = UInt64(1) &<< UInt64(prn & 63)
            body(seen[prn >> 6] & bit == 0)
            seen[prn >> 6] |= bit
        }
    }

    /// The SKY object for `fix`, with its newline, or nil when it carries no satellites.
    public static func string(_ fix: Fix) -> String? {
        var out: [UInt8] = []
        append(fix, to: &out)
        return out.isEmpty ? nil : String(decoding: out, as: UTF8.self)
    }
}
