import Glibc

/// Fast fixed-point text for doubles, as printf's `%.Nf` writes them.
///
/// The value is scaled by 10ᴺ and rounded in double arithmetic; when the scaled value lies within
/// two ulps of a rounding tie (where double rounding could differ from the exact decimal), or is too
/// large for the fast path, it falls back to `snprintf`, so the text always equals `%.Nf`.
package enum DecimalText {
    /// Appends `value` with exactly `decimals` fraction digits (0...9). Non-finite values are
    /// written as `null` (the caller should not pass them; JSON has no NaN).
    package static func append(_ value: Double, decimals: Int, to out: inout [UInt8]) {
        guard value.isFinite else {
            out.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
            return
        }
        let d = min(max(decimals, 0), 9)
        let magnitude = abs(value)
        let scaled = magnitude * PowerOfTen.double(d)
        if scaled < 4e15 {
            let floor = scaled.rounded(.down)
            let fraction = scaled - floor
            if abs(fraction - 0.5) > 2 * scaled.ulp {
                let n = Int64(fraction > 0.5 ? floor + 1 : floor)
                if value.sign == .minus { out.append(0x2D) }
                appendInteger(n / PowerOfTen.int64(d), to: &out)
                if d > 0 {
                    out.append(0x2E)
                    var frac = n % PowerOfTen.int64(d)
                    var digits = InlineArray<9, UInt8>(repeating: 0x30)
                    var i = d - 1
                    while i >= 0 {
                        digits[i] = UInt8(truncatingIfNeeded: 0x30 + frac % 10)
                        frac /= 10
                        i -= 1
                    }
                    for k in 0..<d { out.append(digits[k]) }
                }
                return
            }
        }
        appendPrintf(value, decimals: d, to: &out)
    }

    /// Appends a decimal integer.
    package static func appendInteger(_ value: Int64, to out: inout [UInt8]) {
        if value < 0 {
            out.append(0x2D)
            if value == .min {
                out.append(contentsOf: Array("9223372036854775808".utf8))
                return
            }
            appendInteger(-value, to: &out)
            return
        }
        if value < 10 {
            out.append(UInt8(truncatingIfNeeded: 0x30 + value))
            return
        }
        var digits = InlineArray<20, UInt8>(repeating: 0)
        var n = value
        var count = 0
        while n > 0 {
            digits[count] = UInt8(truncatingIfNeeded: 0x30 + n % 10)
            n /= 10
            count += 1
        }
        while count > 0 {
            count -= 1
            out.append(digits[count])
        }
    }

    /// `value` with `decimals` fraction digits, as a string.
    package static func string(_ value: Double, decimals: Int) -> String {
        var out: [UInt8] = []
        append(value, decimals: decimals, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The exact path: C's `snprintf` with `%.*f`.
    static func appendPrintf(_ value: Double, decimals: Int, to out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 400) { buffer in
            guard let base = buffer.baseAddress else { return }
            let n = withVaList([Int32(decimals), value]) { vsnprintf(base, 400, "%.*f", $0) }
            let count = min(Int(max(n, 0)), 399)
            for i in 0..<count { out.append(UInt8(bitPattern: base[i])) }
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
