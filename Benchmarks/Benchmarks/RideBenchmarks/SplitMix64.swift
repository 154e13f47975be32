/// Sebastiano Vigna's SplitMix64 (the `splitmix64.c` reference), as the main package's internal
/// generator: the same seed gives the same fleet and pickups as before. The main package's copy
/// has `package` access, which does not reach this separate package.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform double in [0, 1), from the top 53 bits.
    mutating func nextUnit() -> Double { Double(next() >> 11) * 0x1.0p-53 }
}
