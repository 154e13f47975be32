import Glibc

/// Fast fixed-point text for doubles, as printf's `%.Nf` writes them.
///
/// The value is scaled by 10ᴺ and rounded in double arithmetic; when the scaled value lies within
/// two ulps of a rounding tie (where double rounding could differ from the exact decimal), or is too
/// large for the fast path, it falls back to `snprintf`, so the text always equals `%.Nf`.
public enum DecimalText {
    /// The most bytes ``write(_:decimals:to:)`` writes (printf's `%.9f` of the largest double
    /// and its sign): the room a caller leaves.
    @inlinable public static var maximumFixedLength: Int { 330 }

    /// The most bytes ``write(_:decimals:to:)`` writes, or touches, for a value below 10¹⁵ in
    /// magnitude (sign, 15 digits, point and 9 decimals, and the bytes its 8-byte stores reach
    /// past them): the room a caller that knows its value is that small leaves.
    @inlinable public static var maximumShortFixedLength: Int { 28 }

    /// The most bytes ``writeInteger(_:to:)`` writes (`-9223372036854775808`).
    @inlinable public static var maximumIntegerLength: Int { 20 }

    /// Appends `value` with exactly `decimals` fraction digits (0...9). Non-finite values are
    /// written as `null` (the caller should not pass them; JSON has no NaN).
    package static func append(_ value: Double, decimals: Int, to out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumFixedLength) { text in
            guard let base = text.baseAddress else { return }
            let n = write(value, decimals: decimals, to: base)
            out.append(contentsOf: UnsafeBufferPointer(start: base, count: n))
        }
    }

    /// Writes `value` with exactly `decimals` fraction digits (0...9) at `p`, which has room for
    /// ``maximumFixedLength`` bytes (``maximumShortFixedLength`` when `value` lies below 10¹⁵ in
    /// magnitude); `null` when not finite.
    /// - Returns: the bytes written.
    ///
    /// The scaled value is truncated by one conversion (no call to `floor`) and turned into text
    /// eight digits at a time (``writeScaled(_:decimals:to:)``): about 150 instructions with the
    /// call (callgrind, 2026-11-27). Whole numbers take the same path.
    package static func write(_ value: Double, decimals: Int, to p: UnsafeMutablePointer<UInt8>) -> Int {
        writeInline(value, decimals: decimals, to: p)
    }

    /// ``write(_:decimals:to:)``, inlined: for the JSON writer's number member, which writes most
    /// of `replay --json`'s numbers (one call a number instead of two).
    @inlinable @inline(__always)
    static func writeInline(_ value: Double, decimals: Int, to p: UnsafeMutablePointer<UInt8>) -> Int {
        guard value.isFinite else {
            p[0] = 0x6E
            p[1] = 0x75
            p[2] = 0x6C
            p[3] = 0x6C
            return 4
        }
        let d = min(max(decimals, 0), 9)
        let magnitude = abs(value)
        let scaled = magnitude * PowerOfTen.double(d)
        // Below 4e15 (< 2⁵²) the scaled value converts exactly; two ulps of it are at most
        // scaled × 2⁻⁵¹, so a fraction farther than that from ½ rounds the same in double
        // arithmetic as in exact decimal. Closer to a tie, printf decides.
        if scaled < 4e15 {
            let whole = Int64(scaled)
            let fraction = scaled - Double(whole)
            if abs(fraction - 0.5) > scaled * 0x1p-51 {
                let n = UInt64(truncatingIfNeeded: fraction > 0.5 ? whole &+ 1 : whole)
                var i = 0
                if value.sign == .minus {
                    p[0] = 0x2D
                    i = 1
                }
                return i &+ writeScaled(n, decimals: d, to: p + i)
            }
        }
        // A whole number too large to scale (1e7 with 9 decimals): its digits, the point and
        // zeros, exactly as printf writes them. (Smaller whole numbers scale exactly, above.)
        // (Int64, not UInt64: one instruction each way on x86-64.)
        if magnitude < 1e15, case let whole = Int64(magnitude), Double(whole) == magnitude {
            var i = 0
            if value.sign == .minus {
                p[0] = 0x2D
                i = 1
            }
            let w = UInt64(truncatingIfNeeded: whole)
            i &+= w < 100 ? writeSmall(w, to: p + i) : writeWhole(w, to: p + i)
            guard d > 0 else { return i }
            p[i] = 0x2E
            for k in 1...d { p[i &+ k] = 0x30 }
            return i &+ d &+ 1
        }
        return writePrintf(value, decimals: d, to: p)
    }

    /// Writes `n` (< 10¹⁶), the value scaled by 10^`decimals`, as its integer digits (at least
    /// one), a point and `decimals` (0...9) digits, at `p`, which has room for 24 bytes (of which
    /// at most 17 are text: the 8-byte stores reach past it).
    /// - Returns: the bytes written.
    ///
    /// All 16 digits, zero-padded, are made in two 8-byte words (``eightDigits(_:)``, no division
    /// per digit); the integer part is found from the leading zero bytes, and both parts are
    /// stored 8 bytes at a time.
    @inlinable @inline(__always)
    static func writeScaled(_ n: UInt64, decimals d: Int, to p: UnsafeMutablePointer<UInt8>) -> Int {
        let zeros: UInt64 = 0x3030_3030_3030_3030
        let high = n >= 100_000_000 ? eightDigits(n / 100_000_000) : zeros
        let low = eightDigits(n % 100_000_000)
        // Leading '0' digits: bytes equal to 0x30, from the lowest byte (the first digit).
        let leading =
            high != zeros
            ? (high ^ zeros).trailingZeroBitCount &>> 3
            : 8 &+ (low ^ zeros | 1 &<< 63).trailingZeroBitCount &>> 3
        let integerDigits = max(16 &- leading &- d, 1)
        let first = 16 &- d &- integerDigits
        let out = UnsafeMutableRawPointer(p)
        out.storeBytes(of: digits(high, low, from: first).littleEndian, as: UInt64.self)
        if integerDigits > 8 {
            out.storeBytes(of: digits(high, low, from: first &+ 8).littleEndian, toByteOffset: 8, as: UInt64.self)
        }
        guard d > 0 else { return integerDigits }
        out.storeBytes(of: UInt8(ascii: "."), toByteOffset: integerDigits, as: UInt8.self)
        let fraction = integerDigits &+ 1
        out.storeBytes(of: digits(high, low, from: 16 &- d).littleEndian, toByteOffset: fraction, as: UInt64.self)
        if d > 8 {
            out.storeBytes(of: digits(high, low, from: 8).littleEndian, toByteOffset: fraction &+ d &- 8, as: UInt64.self)
        }
        return fraction &+ d
    }

    /// The 8 digits from `k` (0 ..< 16) of the 16 in `high` then `low` (first digit in the lowest
    /// byte), zero bytes past the 16th: shifts in registers, no text in memory.
    @inlinable @inline(__always)
    static func digits(_ high: UInt64, _ low: UInt64, from k: Int) -> UInt64 {
        if k >= 8 { return low &>> UInt64(truncatingIfNeeded: (k &- 8) &* 8) }
        if k == 0 { return high }
        let shift = UInt64(truncatingIfNeeded: k &* 8)
        return high &>> shift | low &<< (64 &- shift)
    }

    /// The 8 decimal digits of `value` (< 10⁸), zero-padded, as ASCII in the bytes of a word, the
    /// first digit in the lowest byte (little-endian memory order). SWAR: the two halves of four
    /// digits, then the pairs of each, then the digits of each pair, are split in all lanes at
    /// once by multiplications that stand for divisions ((x × 5243) >> 19 is x / 100 below
    /// 43,699; (x × 103) >> 10 is x / 10 below 179); no lane overflows into the next.
    @inlinable @inline(__always)
    static func eightDigits(_ value: UInt64) -> UInt64 {
        let upper = value / 10_000
        let fours = upper | (value &- upper &* 10_000) &<< 32
        let hundreds = ((fours &* 5243) &>> 19) & 0x0000_007F_0000_007F
        let pairs = hundreds | (fours &- hundreds &* 100) &<< 16
        let tens = ((pairs &* 103) &>> 10) & 0x000F_000F_000F_000F
        let digits = tens | (pairs &- tens &* 10) &<< 8
        return digits | 0x3030_3030_3030_3030
    }

    /// Appends a decimal integer.
    package static func appendInteger(_ value: Int64, to out: inout [UInt8]) {
        if value >= 0 && value < 10 {
            out.append(UInt8(truncatingIfNeeded: 0x30 &+ value))
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumIntegerLength) { text in
            guard let base = text.baseAddress else { return }
            let n = writeInteger(value, to: base)
            out.append(contentsOf: UnsafeBufferPointer(start: base, count: n))
        }
    }

    /// Writes a decimal integer at `p`, which has room for ``maximumIntegerLength`` bytes.
    /// - Returns: the bytes written.
    @usableFromInline
    package static func writeInteger(_ value: Int64, to p: UnsafeMutablePointer<UInt8>) -> Int {
        // Most integers written are small (PRNs, counts, modes): one or two digits, no counting.
        if value >= 0 && value < 100 { return writeSmall(UInt64(value), to: p) }
        let sign = value < 0 ? 1 : 0
        if sign == 1 { p[0] = 0x2D }
        let magnitude = value.magnitude
        let digits = digitCount(magnitude)
        writeDigits(magnitude, count: digits, to: p + sign)
        return sign &+ digits
    }

    /// Writes `value` (< 100) in one or two digits at `p`; returns how many.
    @inlinable @inline(__always)
    static func writeSmall(_ value: UInt64, to p: UnsafeMutablePointer<UInt8>) -> Int {
        if value < 10 {
            p[0] = UInt8(truncatingIfNeeded: 0x30 &+ value)
            return 1
        }
        let table = pairs.utf8Start
        let pair = Int(truncatingIfNeeded: value) &* 2
        p[0] = table[pair]
        p[1] = table[pair &+ 1]
        return 2
    }

    /// Writes `value`'s decimal digits at `p`; returns how many.
    @inlinable @inline(__always)
    static func writeWhole(_ value: UInt64, to p: UnsafeMutablePointer<UInt8>) -> Int {
        let digits = digitCount(value)
        writeDigits(value, count: digits, to: p)
        return digits
    }

    /// The decimal digits of `value` (1 for 0): ⌊log₁₀⌋ from the bit length (log₁₀ 2 ≈ 1233/4096),
    /// corrected by one comparison.
    @inlinable @inline(__always)
    static func digitCount(_ value: UInt64) -> Int {
        let bits = 64 &- (value | 1).leadingZeroBitCount
        let guess = (bits &* 1233) >> 12
        let power: UInt64 = guess >= 19 ? 10_000_000_000_000_000_000 : UInt64(PowerOfTen.int64(guess))
        return guess &+ ((value | 1) >= power ? 1 : 0)
    }

    /// "00" "01" … "99": two digits at a time.
    @inlinable static var pairs: StaticString {
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
    }

    /// Writes the last `count` decimal digits of `value` at `p`, zero-padded, two at a time
    /// (divisions by constants, which compile to multiplications).
    /// - Returns: `value` without those digits (`value / 10^count`).
    @inlinable @inline(__always) @discardableResult
    static func writeDigits(_ value: UInt64, count: Int, to p: UnsafeMutablePointer<UInt8>) -> UInt64 {
        let table = pairs.utf8Start
        var rest = value
        var i = count
        while i >= 2 {
            let pair = Int(truncatingIfNeeded: rest % 100) &* 2
            rest /= 100
            i &-= 2
            p[i] = table[pair]
            p[i &+ 1] = table[pair &+ 1]
        }
        if i == 1 {
            p[0] = UInt8(truncatingIfNeeded: 0x30 &+ rest % 10)
            rest /= 10
        }
        return rest
    }

    /// `value` with `decimals` fraction digits, as a string.
    package static func string(_ value: Double, decimals: Int) -> String {
        var out: [UInt8] = []
        append(value, decimals: decimals, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The exact path: C's `snprintf` with `%.*f`, at `p` (room for ``maximumFixedLength``
    /// bytes; the terminating NUL goes to a buffer of its own).
    @usableFromInline
    static func writePrintf(_ value: Double, decimals: Int, to p: UnsafeMutablePointer<UInt8>) -> Int {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 400) { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            let n = withVaList([Int32(decimals), value]) { vsnprintf(base, 400, "%.*f", $0) }
            let count = min(Int(max(n, 0)), maximumFixedLength)
            for i in 0..<count { p[i] = UInt8(bitPattern: base[i]) }
            return count
        }
    }

    /// Appends `value` (≥ 0) in decimal with at least `digits` digits, zero-padded: `7` with 2
    /// digits is `07`; a longer value is written whole.
    package static func appendPadded(_ value: Int, digits: Int, to out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumIntegerLength) { text in
            guard let base = text.baseAddress else { return }
            let n = writePadded(value, digits: digits, to: base)
            out.append(contentsOf: UnsafeBufferPointer(start: base, count: n))
        }
    }

    /// Writes `value` as ``writePadded(_:digits:to:)`` does with 2 digits: for 0...99, the two
    /// digits from the pairs table inline (a calendar's months, days, hours, minutes and
    /// seconds, written for every epoch's time).
    @inline(__always)
    package static func writeTwoDigits(_ value: Int, to p: UnsafeMutablePointer<UInt8>) {
        guard value >= 0 && value < 100 else {
            writePadded(value, digits: 2, to: p)
            return
        }
        let table = pairs.utf8Start
        p[0] = table[value &* 2]
        p[1] = table[value &* 2 &+ 1]
    }

    /// Writes `value` (negative counts as 0) with at least `digits` (at most 19) digits,
    /// zero-padded, at `p`, which has room for ``maximumIntegerLength`` bytes.
    /// - Returns: the bytes written.
    @discardableResult
    package static func writePadded(_ value: Int, digits: Int, to p: UnsafeMutablePointer<UInt8>) -> Int {
        let v = UInt64(max(value, 0))
        let count = max(digitCount(v), min(max(digits, 1), 19))
        writeDigits(v, count: count, to: p)
        return count
    }
}
