import LodestarInternals

/// Digit arithmetic shared by the field readers (`FieldDecoding.swift`): a loop-free reader of
/// short integers and a non-throwing decimal scanner (powers of ten: the shared `PowerOfTen`).
enum FieldDigits {
    /// The value of `n` (1...4) decimal digits at `p`, or nil when they are not all digits. Reads
    /// four bytes at `p` (the caller makes sure they are in the sentence) and converts them
    /// without a loop (SWAR): the digits are moved to the high lanes, checked together, and
    /// combined in two multiply-add steps. Short integer fields (satellite ids, elevations,
    /// azimuths, SNRs, counts) are most of a GSV or GSA sentence.
    @inline(__always)
    static func smallUnsigned(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int? {
        let x = UInt32(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt32.self))
        let shift = UInt32(truncatingIfNeeded: (4 &- n) &* 8)
        let lanes: UInt32 = 0xFFFF_FFFF &<< shift
        // Each used lane minus '0'; a byte below '0' wraps to 0xD0 or more.
        let d = (x &<< shift) &- (0x3030_3030 & lanes)
        // A lane above 9 reaches 0x80 when 0x76 is added; one at 0x80 or more has it already.
        if ((d &+ 0x7676_7676) | d) & 0x8080_8080 & lanes != 0 { return nil }
        let pairs = (d &* 10 &+ (d &>> 8)) & 0x00FF_00FF
        return Int((pairs &* 100 &+ (pairs &>> 16)) & 0xFFFF)
    }

    /// The value of the `n` (1...3) decimal digits that end just before `end`, or nil for any
    /// other `n` or a byte that is not a digit: ``smallUnsigned(_:_:)`` on the four bytes before
    /// `end`, the digits already in the high lanes. The four bytes must be in the line: a field
    /// of a sentence has at least the delimiter and a five-byte address before it, so any field
    /// of one to three characters has them.
    @inline(__always)
    static func shortUnsigned(endingAt end: UnsafePointer<UInt8>, _ n: Int) -> Int? {
        guard UInt(bitPattern: n &- 1) < 3 else { return nil }
        let x = UInt32(littleEndian: UnsafeRawPointer(end - 4).loadUnaligned(as: UInt32.self))
        let lanes: UInt32 = 0xFFFF_FFFF &<< UInt32(truncatingIfNeeded: (4 &- n) &* 8)
        let d = (x & lanes) &- (0x3030_3030 & lanes)
        if ((d &+ 0x7676_7676) | d) & 0x8080_8080 & lanes != 0 { return nil }
        let pairs = (d &* 10 &+ (d &>> 8)) & 0x00FF_00FF
        return Int((pairs &* 100 &+ (pairs &>> 16)) & 0xFFFF)
    }

    /// The value of `n` (1...8, not 0) decimal digits at `p`, or nil when they are not all digits:
    /// ``smallUnsigned(_:_:)`` on eight lanes, reading eight bytes at `p` (the caller makes sure
    /// they are in the sentence), combined in three multiply-add steps (the fraction digits of a
    /// latitude or longitude).
    @inline(__always)
    static func eightUnsigned(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int? {
        let x = UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
        let shift = UInt64(truncatingIfNeeded: (8 &- n) &* 8)
        let lanes: UInt64 = ~0 &<< shift
        let d = (x &<< shift) &- (0x3030_3030_3030_3030 & lanes)
        if ((d &+ 0x7676_7676_7676_7676) | d) & 0x8080_8080_8080_8080 & lanes != 0 { return nil }
        let pairs = (d &* 10 &+ (d &>> 8)) & 0x00FF_00FF_00FF_00FF
        let quads = (pairs &* 100 &+ (pairs &>> 16)) & 0x0000_FFFF_0000_FFFF
        return Int(truncatingIfNeeded: (quads &* 10_000 &+ (quads &>> 32)) & 0xFFFF_FFFF)
    }

    @inline(__always)
    static func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }

    /// The run of decimal digits that starts the `n` bytes at `p`: its value and its length (0 to
    /// `n`). The value wraps beyond 18 digits; callers bound `n` or the length.
    @inline(__always)
    static func leadingDigits(_ p: UnsafePointer<UInt8>, _ n: Int) -> (value: Int, count: Int) {
        var v = 0
        var i = 0
        while i < n {
            let d = p[i] &- 0x30
            if d > 9 { break }
            v = v &* 10 &+ Int(d)
            i &+= 1
        }
        return (v, i)
    }

    /// The outcome of ``scanDecimal(_:)``.
    enum ScanStatus { case value, empty, long, invalid }

    /// Reads a decimal number from a field without throwing (so that it inlines into the
    /// decoders): up to 15 digits exactly, one rounding.
    @inline(__always)
    static func scanDecimal(_ f: Field) -> (Double, ScanStatus) {
        let n = f.count
        if n == 0 { return (0, .empty) }
        let p = f.base + f.start
        var i = 0
        var negative = false
        if p[0] == 0x2D || p[0] == 0x2B {
            negative = p[0] == 0x2D
            i = 1
        }
        let digitsStart = i
        var mantissa: Int64 = 0
        while i < n {
            let d = p[i] &- 0x30
            if d > 9 { break }
            mantissa = mantissa &* 10 &+ Int64(d)
            i &+= 1
        }
        var digits = i &- digitsStart
        var scale = 0
        if i < n && p[i] == 0x2E {
            i &+= 1
            let fractionStart = i
            while i < n {
                let d = p[i] &- 0x30
                if d > 9 { break }
                mantissa = mantissa &* 10 &+ Int64(d)
                i &+= 1
            }
            scale = i &- fractionStart
            digits &+= scale
        }
        if i != n || digits == 0 { return (0, .invalid) }
        // Up to 15 digits the mantissa is exact in a double and 10^scale is exact: one rounding.
        if digits > 15 { return (0, .long) }
        let v = scale == 0 ? Double(mantissa) : Double(mantissa) / PowerOfTen.double(scale)
        return (negative ? -v : v, .value)
    }
}
