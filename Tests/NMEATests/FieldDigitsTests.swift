import Testing

@testable import NMEA

/// The SWAR digit readers against a digit-by-digit reading.
@Suite("field digits")
struct FieldDigitsTests {
    /// The value of `bytes[0..<n]` when all are digits.
    static func reference(_ bytes: [UInt8], _ n: Int) -> Int? {
        var v = 0
        for b in bytes[0..<n] {
            guard b >= 0x30 && b <= 0x39 else { return nil }
            v = v * 10 + Int(b - 0x30)
        }
        return v
    }

    @Test("eightUnsigned reads 1 to 8 digits as a loop does, and refuses anything else")
    func eightUnsigned() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<10_000 {
            let n = Int.random(in: 1...8, using: &rng)
            // Printable bytes, as a framed sentence has; mostly digits, so that most fields read.
            var bytes = (0..<8).map { _ in UInt8.random(in: 0x20...0x7E, using: &rng) }
            if Bool.random(using: &rng) {
                for k in 0..<n { bytes[k] = UInt8.random(in: 0x30...0x39, using: &rng) }
            }
            let value = bytes.withUnsafeBufferPointer { b in b.baseAddress.flatMap { FieldDigits.eightUnsigned($0, n) } }
            #expect(value == Self.reference(bytes, n), "\(bytes) \(n)")
        }
    }
}
