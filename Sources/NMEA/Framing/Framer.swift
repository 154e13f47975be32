import LodestarInternals

/// Finds the ``Frame`` of a sentence in a line, recording field positions as it goes.
enum Framer {
    static let dollar: UInt8 = 0x24, bang: UInt8 = 0x21, star: UInt8 = 0x2A, comma: UInt8 = 0x2C
    static let backslash: UInt8 = 0x5C

    @inline(__always)
    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0D || b == 0x0A }

    @inline(__always)
    static func hexValue(_ b: UInt8) -> Int? {
        switch b {
        case 0x30...0x39: Int(b - 0x30)
        case 0x41...0x46: Int(b - 0x41 + 10)
        case 0x61...0x66: Int(b - 0x61 + 10)
        default: nil
        }
    }

    /// Trims surrounding white space (space, tab, CR, LF) and returns the bounds of the rest.
    @inline(__always)
    static func trimmed(_ p: UnsafePointer<UInt8>, _ n: Int) -> (Int, Int) {
        var lo = 0
        var hi = n
        while lo < hi && isSpace(p[lo]) { lo += 1 }
        while hi > lo && isSpace(p[hi - 1]) { hi -= 1 }
        return (lo, hi)
    }

    /// Frames the sentence in `p[0..<n]`, writing the start index of each field into `starts`
    /// (capacity `capacity`).
    /// - Throws: the framing reasons of ``NMEAError/Reason``.
    static func frame(
        _ p: UnsafePointer<UInt8>, _ n: Int, lenient: Bool,
        starts: UnsafeMutablePointer<Int32>, capacity: Int
    ) throws(NMEAError) -> Frame {
        var (lo, hi) = trimmed(p, n)
        guard lo < hi else { throw NMEAError(.framing, "empty line") }
        // IEC 61162-450 UDP datagram header "UdPbC\0".
        if hi - lo >= 6 && p[lo] == 0x55 && p[lo + 1] == 0x64 && p[lo + 2] == 0x50
            && p[lo + 3] == 0x62 && p[lo + 4] == 0x43 && p[lo + 5] == 0
        {
            lo += 6
        }
        var tagBlock: Range<Int>? = nil
        if lo < hi && p[lo] == backslash {
            let content = try tagBlockContent(p, lo, hi)
            tagBlock = content
            lo = content.upperBound + 4  // "*hh\"
        }
        guard lo < hi else { throw NMEAError(.framing, "no sentence after the TAG block") }

        var delimiter = p[lo]
        var first = lo + 1
        if delimiter != dollar && delimiter != bang {
            guard lenient, startsWithKnownAddress(p, lo, hi) else {
                throw NMEAError(.framing, "does not start with '$' or '!'")
            }
            delimiter = dollar
            first = lo
        }

        // One pass: characters, XOR, field positions. The blocks of 16 bytes (SSE2 once compiled)
        // run up to the `*` of a checksum at its usual place (three bytes before the end) or to
        // the end; the last bytes before it are read as one block ending there, with the bytes
        // already seen masked out.
        var sum: UInt8 = 0
        var i = first
        var fields = 0
        var checksumAt = -1
        var blockSum = SIMD16<UInt8>(repeating: 0)
        let scanEnd = hi - 3 >= first && p[hi - 3] == star ? hi - 3 : hi
        while true {
            while i &+ 16 <= scanEnd {
                let x = UnsafeRawPointer(p + i).loadUnaligned(as: SIMD16<UInt8>.self)
                if !isOrdinary(x) { break }
                blockSum ^= x
                record(commas(x), at: i, &fields, starts, capacity)
                i &+= 16
            }
            if i < scanEnd && i &+ 16 > scanEnd && scanEnd >= 16 {
                let start = scanEnd &- 16
                let fresh = lanes(from: i &- start)
                let keep = unsafeBitCast(fresh, to: SIMD16<UInt8>.self)
                let x = UnsafeRawPointer(p + start).loadUnaligned(as: SIMD16<UInt8>.self)
                // The lanes already seen read as '0': ordinary, and not a comma.
                if isOrdinary(x & keep | SIMD16(repeating: 0x30) & ~keep) {
                    blockSum ^= x & keep
                    record(commas(x) & fresh, at: start, &fields, starts, capacity)
                    i = scanEnd
                }
            }
            guard i < hi else { break }
            // One byte: the block held a byte that needs a decision, or fewer than 16 remain.
            let b = p[i]
            if b > 0x2C && b <= 0x7E {
                sum ^= b
                i += 1
                continue
            }
            if b == star {
                checksumAt = i
                break
            }
            if b < 0x20 || b > 0x7E {
                throw NMEAError(.badChar, "byte 0x\(String(b, radix: 16)) at column \(i + 1)")
            }
            if b == dollar || b == bang {
                throw NMEAError(.framing, "second start delimiter at column \(i + 1)")
            }
            sum ^= b
            if b == comma {
                if fields < capacity { starts[fields] = Int32(truncatingIfNeeded: i &+ 1) }
                fields &+= 1
            }
            i &+= 1
        }
        let halves = unsafeBitCast(blockSum, to: SIMD2<UInt64>.self)
        var wordSum = halves[0] ^ halves[1]
        wordSum ^= wordSum >> 32
        wordSum ^= wordSum >> 16
        wordSum ^= wordSum >> 8
        sum ^= UInt8(truncatingIfNeeded: wordSum)
        let payloadEnd = checksumAt >= 0 ? checksumAt : hi
        // The address ends at the first comma (capacity is never 0), or at the payload's end.
        let addressEnd = fields > 0 ? Int(starts[0]) - 1 : payloadEnd

        if checksumAt >= 0 {
            let after = hi - checksumAt - 1
            guard after >= 2, let h = hexValue(p[checksumAt + 1]), let l = hexValue(p[checksumAt + 2]) else {
                let shown = String(decoding: UnsafeBufferPointer(start: p + checksumAt + 1, count: min(after, 2)), as: UTF8.self)
                throw NMEAError(.checksumFormat, "checksum is not two hex digits: '\(shown)'")
            }
            guard after == 2 else {
                throw NMEAError(.trailingData, "\(after - 2) byte(s) after the checksum")
            }
            let given = UInt8(h << 4 | l)
            guard given == sum else {
                throw NMEAError(.checksumMismatch, "checksum \(hex2(given)) != computed \(hex2(sum))")
            }
        } else if !lenient {
            throw NMEAError(.checksumMissing, "no *hh checksum")
        }

        let addressLength = addressEnd - first
        try checkAddress(p, first, addressLength)
        return Frame(
            delimiter: delimiter, addressStart: first, addressLength: addressLength,
            payloadEnd: payloadEnd, tagBlock: tagBlock, fieldCount: fields)
    }

    /// Whether every byte of `x` is an ordinary sentence character or a comma: 0x2C...0x7E
    /// (`x − 0x2C` at most 0x52, unsigned, in every lane).
    @inline(__always)
    static func isOrdinary(_ x: SIMD16<UInt8>) -> Bool {
        let outside = ByteLanes.halves((x &- SIMD16(repeating: 0x2C)) .> SIMD16(repeating: 0x52))
        return outside[0] | outside[1] == 0
    }

    /// The commas of `x`: 0xFF in each lane that holds one, 0 elsewhere, as two words (lanes 0-7
    /// and 8-15, the first lane in the lowest byte).
    @inline(__always)
    static func commas(_ x: SIMD16<UInt8>) -> SIMD2<UInt64> {
        ByteLanes.halves(x .== SIMD16(repeating: comma))
    }

    /// 0xFF in lanes `k` (0...16) to 15, 0 in the lanes before, as `ByteLanes.halves` lays them
    /// out.
    @inline(__always)
    static func lanes(from k: Int) -> SIMD2<UInt64> {
        let bits = UInt64(truncatingIfNeeded: k) &* 8
        return SIMD2(bits >= 64 ? 0 : ~0 &<< bits, bits <= 64 ? ~0 : bits >= 128 ? 0 : ~0 &<< (bits &- 64))
    }

    /// Records the field after each comma of a block read at index `i` (`commas`, as
    /// ``commas(_:)`` gives them): its start goes into `starts` (capacity `capacity`), and every
    /// comma counts in `fields`.
    @inline(__always)
    static func record(
        _ commas: SIMD2<UInt64>, at i: Int, _ fields: inout Int,
        _ starts: UnsafeMutablePointer<Int32>, _ capacity: Int
    ) {
        // One bit a comma (the lane's top bit): the lowest set bit gives the lane.
        var low = commas[0] & 0x8080_8080_8080_8080
        var high = commas[1] & 0x8080_8080_8080_8080
        if fields &+ 16 <= capacity {
            while low != 0 {
                starts[fields] = Int32(truncatingIfNeeded: i &+ low.trailingZeroBitCount &>> 3 &+ 1)
                fields &+= 1
                low &= low &- 1
            }
            while high != 0 {
                starts[fields] = Int32(truncatingIfNeeded: i &+ high.trailingZeroBitCount &>> 3 &+ 9)
                fields &+= 1
                high &= high &- 1
            }
            return
        }
        while low != 0 {
            if fields < capacity {
                starts[fields] = Int32(truncatingIfNeeded: i &+ low.trailingZeroBitCount &>> 3 &+ 1)
            }
            fields &+= 1
            low &= low &- 1
        }
        while high != 0 {
            if fields < capacity {
                starts[fields] = Int32(truncatingIfNeeded: i &+ high.trailingZeroBitCount &>> 3 &+ 9)
            }
            fields &+= 1
            high &= high &- 1
        }
    }

    static func hex2(_ v: UInt8) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        return String(decoding: [digits[Int(v >> 4)], digits[Int(v & 15)]], as: UTF8.self)
    }

    /// Checks the address: `P` + at least three characters, or exactly talker (2) + type (3).
    @inline(__always)
    static func checkAddress(_ p: UnsafePointer<UInt8>, _ start: Int, _ length: Int) throws(NMEAError) {
        var ok: Bool
        if length == 5 {
            let first4 = UInt32(littleEndian: UnsafeRawPointer(p + start).loadUnaligned(as: UInt32.self))
            ok = areAddressBytes(first4) && Talker.isAddressByte(p[start &+ 4])
        } else {
            ok = length >= 4 && p[start] == 0x50
            if ok {
                for k in 0..<length where !Talker.isAddressByte(p[start + k]) {
                    ok = false
                    break
                }
            }
        }
        if !ok {
            let text = String(decoding: UnsafeBufferPointer(start: p + start, count: length), as: UTF8.self)
            throw NMEAError(.badAddress, "address field '\(text)' is not talker(2)+type(3) or P+manufacturer")
        }
    }

    /// Whether the four bytes of `x` are each `A`–`Z` or `0`–`9` (``Talker/isAddressByte(_:)``),
    /// all at once (SWAR). The bytes are below 0x80 (the frame's characters are printable), so
    /// adding up to 0x50 to each lane sets its high bit exactly when the byte reaches a bound,
    /// and never carries into the next lane.
    @inline(__always)
    static func areAddressBytes(_ x: UInt32) -> Bool {
        let atLeastA = x &+ 0x3F3F_3F3F
        let pastZ = x &+ 0x2525_2525  // 0x80 − 0x41, 0x80 − 0x5B
        let atLeast0 = x &+ 0x5050_5050
        let past9 = x &+ 0x4646_4646  // 0x80 − 0x30, 0x80 − 0x3A
        let letter = atLeastA & ~pastZ
        let digit = atLeast0 & ~past9
        return (letter | digit) & 0x8080_8080 == 0x8080_8080
    }

    /// Validates a TAG block that starts at `lo` (a backslash) and returns the range of its content.
    static func tagBlockContent(_ p: UnsafePointer<UInt8>, _ lo: Int, _ hi: Int) throws(NMEAError) -> Range<Int> {
        var close = lo + 1
        while close < hi && p[close] != backslash { close += 1 }
        guard close < hi else { throw NMEAError(.badTagBlock, "TAG block missing closing backslash") }
        guard close - lo >= 4, p[close - 3] == star,
            let h = hexValue(p[close - 2]), let l = hexValue(p[close - 1])
        else {
            throw NMEAError(.badTagBlock, "TAG block without checksum")
        }
        var sum: UInt8 = 0
        for k in (lo + 1)..<(close - 3) {
            let b = p[k]
            if b < 0x20 || b > 0x7E { throw NMEAError(.badTagBlock, "control byte inside the TAG block") }
            sum ^= b
        }
        guard UInt8(h << 4 | l) == sum else {
            throw NMEAError(.badTagBlock, "TAG block checksum \(hex2(UInt8(h << 4 | l))) != computed \(hex2(sum))")
        }
        return (lo + 1)..<(close - 3)
    }

    /// Lenient mode: the line starts with a known standard address (`GPRMC,`) without a `$`.
    static func startsWithKnownAddress(_ p: UnsafePointer<UInt8>, _ lo: Int, _ hi: Int) -> Bool {
        guard hi - lo >= 6, p[lo + 5] == comma else { return false }
        for k in 0..<5 where !Talker.isAddressByte(p[lo + k]) { return false }
        let type = UInt32(p[lo + 2]) << 16 | UInt32(p[lo + 3]) << 8 | UInt32(p[lo + 4])
        return SentenceRegistry.isStandard(type)
    }
}
