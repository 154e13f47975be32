/// Byte masks of 16-byte blocks, for the scanners that test a line 16 bytes at a time (SSE2 once
/// compiled): the NMEA framer and the gpsd line check.
public enum ByteLanes {
    /// A lane mask as two words, lanes 0-7 then 8-15, the first lane in the lowest byte: 0xFF in
    /// each lane that is set, 0 elsewhere. (Swift has no `movemask`; the words are two register
    /// moves, and `trailingZeroBitCount >> 3` of a word gives its first set lane.)
    @inlinable @inline(__always)
    public static func halves(_ mask: SIMDMask<SIMD16<Int8>>) -> SIMD2<UInt64> {
        unsafeBitCast(SIMD16<UInt8>(repeating: 0).replacing(with: 0xFF, where: mask), to: SIMD2<UInt64>.self)
    }
}
