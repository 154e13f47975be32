import Foundation
import LodestarInternals
import Testing

/// The fast `%.Nf` formatter against C's printf (through Foundation's `String(format:)`).
@Suite("fixed-point number text")
struct DecimalTextTests {
    @Test("equals printf for random values at every precision used")
    func random() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let decimals = Int.random(in: 0...9, using: &rng)
            let magnitude = [1.0, 100.0, 1e4, 1e7][Int.random(in: 0..<4, using: &rng)]
            let value = Double.random(in: -magnitude...magnitude, using: &rng)
            #expect(DecimalText.string(value, decimals: decimals) == String(format: "%.\(decimals)f", value))
        }
    }

    @Test("equals printf on exact ties and their neighbours, negative zero and large values")
    func edges() {
        let values: [Double] = [
            0.5, 1.5, 2.5, 0.125, 0.375, -0.5, -0.0, 0, 41.5749704155, 0.0005, 0.0015,
            1e15, -1e15, 123456789.123456789, 9.999999999, 4e15, 1e300, -2.675, 2.675,
        ]
        for v in values {
            for d in 0...9 {
                let mine = DecimalText.string(v, decimals: d)
                let c = String(format: "%.\(d)f", v)
                #expect(mine == c, "\(v) with \(d) decimals")
                // Neighbouring doubles too.
                #expect(DecimalText.string(v.nextUp, decimals: d) == String(format: "%.\(d)f", v.nextUp))
                #expect(DecimalText.string(v.nextDown, decimals: d) == String(format: "%.\(d)f", v.nextDown))
            }
        }
    }

    @Test("below 10^15 in magnitude, no byte past maximumShortFixedLength is touched")
    func shortRoom() {
        var rng = SystemRandomNumberGenerator()
        let room = DecimalText.maximumShortFixedLength
        var buffer = [UInt8](repeating: 0xAA, count: room + 16)
        for _ in 0..<20_000 {
            let decimals = Int.random(in: 0...9, using: &rng)
            let magnitude = [1.0, 1e4, 1e9, 9.99e14][Int.random(in: 0..<4, using: &rng)]
            let value = Double.random(in: -magnitude...magnitude, using: &rng)
            let n = buffer.withUnsafeMutableBufferPointer { b -> Int in
                guard let base = b.baseAddress else { return 0 }
                return DecimalText.write(value, decimals: decimals, to: base)
            }
            #expect(String(decoding: buffer[0..<n], as: UTF8.self) == String(format: "%.\(decimals)f", value))
            #expect(buffer[room...].allSatisfy { $0 == 0xAA }, "\(value) with \(decimals) decimals")
        }
    }

    @Test("integers")
    func integers() {
        for v: Int64 in [0, 7, -7, 10, 1_234_567_890_123, .max, .min] {
            var out: [UInt8] = []
            DecimalText.appendInteger(v, to: &out)
            #expect(String(decoding: out, as: UTF8.self) == String(v))
        }
    }
}
