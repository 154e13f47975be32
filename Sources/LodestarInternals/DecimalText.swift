import Glibc

/// Fast fixed-point text for doubles, as printf's `%.Nf` writes them.
///
/// The value is scaled by 10ᴺ and rounded in double arithmetic; when the scaled value lies within
/// two ulps of a rounding tie (where double rounding could differ from the exact decimal), or is too
/// large for the fast path, it falls back to `snprintf`, so the text always equals `%.Nf`.
package enum DecimalText {
    /// The most bytes ``write(_:decimals:to:)`` writes (printf's `%.9f` of the largest double
    /// and its sign): the room a caller leaves.
    package static let maximumFixedLength = 330

    /// The most bytes ``writeInteger(_:to:)`` writes (`-9223372036854775808`).
    package static let maximumIntegerLength = 20

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
    /// ``maximumFixedLength`` bytes; `null` when not finite.
    /// - Returns: the bytes written.
    package static func write(_ value: Double, decimals: Int, to p: UnsafeMutablePointer<UInt8>) -> Int {
        guard value.isFinite else {
            p[0] = 0x6E; p[1] = 0x75; p[2] = 0x6C; p[3] = 0x6C
            return 4
        }
        let d = min(max(decimals, 0), 9)
        let magnitude = abs(value)
        let scaled = magnitude * PowerOfTen.double(d)
        if scaled < 4e15 {
            let floor = scaled.rounded(.down)
            let fraction = scaled - floor
            if abs(fraction - 0.5) > 2 * scaled.ulp {
                let n = UInt64(fraction > 0.5 ? floor + 1 : floor)
                let unit = UInt64(PowerOfTen.int64(d))
                var i = 0
                if value.sign == .minus {
                    p[0] = 0x2D
                    i = 1
                }
                i &+= writeInteger(Int64(n / unit), to: p + i)
                guard d > 0 else { return i }
                p[i] = 0x2E
                writeDigits(n % unit, count: d, to: p + (i &+ 1))
                return i &+ d &+ 1
            }
        }
        return writePrintf(value, decimals: d, to: p)
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
    package static func writeInteger(_ value: Int64, to p: UnsafeMutablePointer<UInt8>) -> Int {
        let sign = value < 0 ? 1 : 0
        if sign == 1 { p[0] = 0x2D }
        let magnitude = value.magnitude
        var digits = 1
        var rest = magnitude
        while rest >= 10 {
            rest /= 10
            digits &+= 1
        }
        writeDigits(magnitude, count: digits, to: p + sign)
        return sign &+ digits
    }

    /// "00" "01" … "99": two digits at a time.
    private static let pairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// Writes the last `count` decimal digits of `value` at `p`, zero-padded, two at a time.
    @inline(__always)
    private static func writeDigits(_ value: UInt64, count: Int, to p: UnsafeMutablePointer<UInt8>) {
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
        if i == 1 { p[0] = UInt8(truncatingIfNeeded: 0x30 &+ rest % 10) }
    }

    /// `value` with `decimals` fraction digits, as a string.
    package static func string(_ value: Double, decimals: Int) -> String {
        var out: [UInt8] = []
        append(value, decimals: decimals, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The exact path: C's `snprintf` with `%.*f`, at `p` (room for ``maximumFixedLength``
    /// bytes; the terminating NUL goes to a buffer of its own).
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
        var divisor = 1
        for _ in 1..<max(digits, 1) { divisor *= 10 }
        while divisor <= value / 10 { divisor *= 10 }
        var v = value
        while divisor > 0 {
            out.append(UInt8(truncatingIfNeeded: 48 + v / divisor))
            v %= divisor
            divisor /= 10
        }
    }
}
