import Foundation
import Geodesy
import Lodestar

/// Marsaglia's xorshift64* (Vigna 2016, multiplier 2685821657736338717): a small seeded generator so
/// the region tests' noise is the same on every run.
struct RegionNoise {
    private var state: UInt64

    init(seed: UInt64) { state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed }

    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 2_685_821_657_736_338_717
    }

    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// Uniform in a range.
    mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }

    /// Normal with mean 0 and this standard deviation (Box–Muller).
    mutating func gaussian(_ sigma: Double) -> Double {
        let u = max(unit(), 1e-300)
        let v = unit()
        return sigma * (-2 * Foundation.log(u)).squareRoot() * cos(2 * .pi * v)
    }
}

/// First-order Gauss–Markov noise on east and north: x ← e^(−Δt/τ) x + σ √(1 − e^(−2Δt/τ)) w, with
/// standard deviation `sigma` metres per axis in the steady state.
struct GaussMarkovJitter {
    var noise: RegionNoise
    let sigma: Double
    let tau: Double
    var east: Double
    var north: Double

    init(seed: UInt64, sigma: Double, tau: Double) {
        noise = RegionNoise(seed: seed)
        self.sigma = sigma
        self.tau = tau
        east = noise.gaussian(sigma)
        north = noise.gaussian(sigma)
    }

    /// The offset after `dt` more seconds.
    mutating func step(_ dt: Double = 1) -> (east: Double, north: Double) {
        let phi = exp(-dt / tau)
        let drive = sigma * (1 - phi * phi).squareRoot()
        east = phi * east + drive * noise.gaussian(1)
        north = phi * north + drive * noise.gaussian(1)
        return (east, north)
    }
}

/// Coordinates by offset from an origin along the ellipsoid (azimuthal equidistant: the geodesic of
/// the offset's length and direction), the tests' own map, independent of the monitor's plane.
struct RegionMap {
    let origin: Coordinate

    init(latitude: Double = 48.8566, longitude: Double = 2.3522) {
        origin = Coordinate(uncheckedLatitude: latitude, longitude: longitude)
    }

    func at(east: Double, north: Double) -> Coordinate {
        let distance = (east * east + north * north).squareRoot()
        guard distance > 0 else { return origin }
        let azimuth = atan2(east, north) * 180 / .pi
        return (try? Geodesic.wgs84.destination(from: origin, azimuth: azimuth, distance: distance)) ?? origin
    }
}

/// A raw location at a coordinate.
func regionFix(_ coordinate: Coordinate, second: Double, accuracy: Double?) -> Location {
    Location(
        coordinate: coordinate, horizontalAccuracy: accuracy,
        timestamp: Date(timeIntervalSince1970: 1_790_000_000 + second))
}

/// Seconds from the start of ``regionFix(_:second:accuracy:)``'s clock.
func regionSecond(_ date: Date) -> Double { date.timeIntervalSince1970 - 1_790_000_000 }

/// Events per region.
func regionEventsByID(_ events: [RegionEvent]) -> [String: [RegionEvent]] {
    Dictionary(grouping: events, by: \.region)
}
