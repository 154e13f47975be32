import Foundation

/// Sebastiano Vigna's SplitMix64 generator (public domain, 2015; the `splitmix64.c` reference):
/// a 64-bit state advanced by the golden-ratio increment and mixed by two xor-shift-multiply steps.
/// Deterministic for a seed on every platform, which `SystemRandomNumberGenerator` is not.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// - Parameter seed: any value; the same seed gives the same sequence.
    package init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform double in [0, 1), from the top 53 bits.
    package mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A normal deviate with mean 0 and standard deviation `sigma` (Box–Muller; one of the pair is used).
    package mutating func gaussian(sigma: Double) -> Double {
        let u1 = 1 - nextUnit()  // (0, 1]
        let u2 = nextUnit()
        return sigma * (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
    }
}
