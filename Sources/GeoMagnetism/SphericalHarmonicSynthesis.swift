/// Sums the model's spherical-harmonic expansion at one point: the field X′, Y′, Z′ and its
/// secular variation in the spherical geocentric frame.
///
/// WMM2025 Technical Report §1.2:
///
///     g(t) = g(t₀) + (t − t₀) ġ                                                   (eq. 9)
///     X′ = −Σₙ (a/r)ⁿ⁺² Σₘ (g cos mλ + h sin mλ) dP̆ₙᵐ(sin φ′)/dφ′                 (eq. 10)
///     Y′ = 1/cos φ′ Σₙ (a/r)ⁿ⁺² Σₘ m (g sin mλ − h cos mλ) P̆ₙᵐ(sin φ′)            (eq. 11)
///     Z′ = −Σₙ (n+1)(a/r)ⁿ⁺² Σₘ (g cos mλ + h sin mλ) P̆ₙᵐ(sin φ′)                 (eq. 12)
///
/// and the same sums with ġ, ḣ for the rates (eq. 13–15), n = 1…12, m = 0…n, a = 6371.2 km.
///
/// **Legendre functions.** P̆ₙᵐ are the Schmidt semi-normalised associated Legendre functions of
/// §1.2. As in NOAA's `MAG_PcupLow`, they are computed as Gauss-normalised functions Pₙᵐ by
/// recursion in θ (colatitude, cos θ = sin φ′, sin θ = cos φ′) and scaled by the Schmidt
/// factors Sₙᵐ; here the factors are folded into the coefficients once, when the model loads
/// (Gₙᵐ = Sₙᵐ gₙᵐ), so the per-call work is the recursion and the sums:
///
///     Pₘᵐ = sin θ · Pₘ₋₁ᵐ⁻¹                 Pₙᵐ = cos θ · Pₙ₋₁ᵐ − Kₙᵐ Pₙ₋₂ᵐ
///     Kₙᵐ = ((n−1)² − m²) / ((2n−1)(2n−3))
///     S₀⁰ = 1,  Sₙ⁰ = Sₙ₋₁⁰ (2n−1)/n,  Sₙᵐ = Sₙᵐ⁻¹ √((n−m+1)(δₘ₁+1)/(n+m))
///
/// with derivatives dPₙᵐ/dθ from the differentiated recursions; dP̆/dφ′ = −Sₙᵐ dPₙᵐ/dθ.
///
/// **The poles.** Eq. 11 divides by cos φ′, which is zero at a geographic pole. NOAA switches to a
/// special sum there (`MAG_SummationSpecial`). This code instead carries Rₙᵐ = Pₙᵐ / sin θ for
/// m ≥ 1, which obeys the same recursion in n (it is linear, and sin θ is a constant factor) and
/// starts from Rₘᵐ = Pₘ₋₁ᵐ⁻¹. The division never happens and one code path serves every latitude.
///
/// **Cost.** The loop runs over m outside and n inside, keeping the last two values of each
/// recursion in local variables: no scratch arrays, no heap allocation per call, and only the
/// trigonometry of the caller (sin/cos of latitude and longitude); cos mλ and sin mλ come from the
/// angle-addition recurrence.
struct SphericalHarmonicSynthesis: Sendable {
    /// One (n, m) term, Schmidt factor folded in.
    struct Term: Sendable {
        /// Gauss-normalised g, h (nT) and ġ, ḣ (nT/yr).
        var g: Double, h: Double, gDot: Double, hDot: Double
        /// The recursion constant Kₙᵐ (0 where n < 2).
        var k: Double
    }

    /// The reference radius a of the expansion, km (the WMM's mean Earth radius).
    static let referenceRadius = 6371.2

    let maximumDegree: Int
    /// Indexed by n(n+1)/2 + m.
    let terms: [Term]

    init(_ file: CoefficientFile) {
        let nMax = CoefficientFile.maximumDegree
        let schmidt = Self.schmidtFactors(maximumDegree: nMax)
        var terms: [Term] = []
        terms.reserveCapacity(file.rows.count)
        for n in 0...nMax {
            for m in 0...n {
                let i = CoefficientFile.index(n: n, m: m)
                let row = file.rows[i]
                let s = schmidt[i]
                let k = n < 2 ? 0 : Double((n - 1) * (n - 1) - m * m) / Double((2 * n - 1) * (2 * n - 3))
                terms.append(Term(g: s * row.g, h: s * row.h, gDot: s * row.gDot, hDot: s * row.hDot, k: k))
            }
        }
        self.maximumDegree = nMax
        self.terms = terms
    }

    /// The Schmidt semi-normalisation factors Sₙᵐ, indexed by n(n+1)/2 + m (NOAA `MAG_PcupLow`).
    static func schmidtFactors(maximumDegree nMax: Int) -> [Double] {
        var s = [Double](repeating: 0, count: CoefficientFile.index(n: nMax, m: nMax) + 1)
        s[0] = 1
        for n in 1...nMax {
            let i0 = CoefficientFile.index(n: n, m: 0)
            s[i0] = s[CoefficientFile.index(n: n - 1, m: 0)] * Double(2 * n - 1) / Double(n)
            for m in 1...n {
                let factor = Double((n - m + 1) * (m == 1 ? 2 : 1)) / Double(n + m)
                s[i0 + m] = s[i0 + m - 1] * factor.squareRoot()
            }
        }
        return s
    }

    /// The field and its yearly rate at `position`, `yearsSinceEpoch` years after the model epoch,
    /// in the spherical geocentric frame (X′ north, Y′ east, Z′ towards the centre), nT and nT/yr.
    func evaluate(at position: GeocentricPosition, yearsSinceEpoch dt: Double) -> FieldVector {
        let cosTheta = position.sinLatitude
        let sinTheta = position.cosLatitude
        let ratio = Self.referenceRadius / position.radius
        let cosLambda = position.cosLongitude
        let sinLambda = position.sinLongitude

        var bx = 0.0
        var by = 0.0
        var bz = 0.0
        var bxDot = 0.0
        var byDot = 0.0
        var bzDot = 0.0
        // Diagonal of the recursions: Pₘᵐ, dPₘᵐ/dθ and Rₘᵐ = Pₘᵐ / sin θ (R is unused for m = 0).
        var pDiagonal = 1.0
        var dpDiagonal = 0.0
        var rDiagonal = 0.0
        // cos mλ, sin mλ and (a/r)^(m+2).
        var cosM = 1.0
        var sinM = 0.0
        var ratioPowerM = ratio * ratio

        terms.withUnsafeBufferPointer { terms in
            for m in 0...maximumDegree {
                let order = Double(m)
                // Values at degrees n − 1 and n − 2 (zero below the diagonal).
                var p1 = 0.0
                var p2 = 0.0
                var dp1 = 0.0
                var dp2 = 0.0
                var r1 = 0.0
                var r2 = 0.0
                var radiusPower = ratioPowerM
                for n in m...maximumDegree {
                    let i = n * (n + 1) / 2 + m
                    let term = terms[i]
                    let p: Double
                    let dp: Double
                    let r: Double
                    if n == m {
                        p = pDiagonal
                        dp = dpDiagonal
                        r = rDiagonal
                    } else {
                        p = cosTheta * p1 - term.k * p2
                        dp = cosTheta * dp1 - sinTheta * p1 - term.k * dp2
                        r = cosTheta * r1 - term.k * r2
                    }
                    if n > 0 {
                        let g = term.g + dt * term.gDot
                        let h = term.h + dt * term.hDot
                        let a = g * cosM + h * sinM
                        let aDot = term.gDot * cosM + term.hDot * sinM
                        let b = g * sinM - h * cosM
                        let bDot = term.gDot * sinM - term.hDot * cosM
                        let degreeFactor = Double(n + 1) * radiusPower
                        // X′: −dP̆/dφ′ = +S dP/dθ, and S is in the coefficients.
                        bx += radiusPower * a * dp
                        bxDot += radiusPower * aDot * dp
                        // Y′: m P̆ / cos φ′ = m S R.
                        by += radiusPower * order * b * r
                        byDot += radiusPower * order * bDot * r
                        bz -= degreeFactor * a * p
                        bzDot -= degreeFactor * aDot * p
                    }
                    p2 = p1
                    p1 = p
                    dp2 = dp1
                    dp1 = dp
                    r2 = r1
                    r1 = r
                    radiusPower *= ratio
                }
                // Step the diagonal from m to m + 1.
                rDiagonal = pDiagonal
                dpDiagonal = sinTheta * dpDiagonal + cosTheta * pDiagonal
                pDiagonal = sinTheta * pDiagonal
                (cosM, sinM) = (cosM * cosLambda - sinM * sinLambda, sinM * cosLambda + cosM * sinLambda)
                ratioPowerM *= ratio
            }
        }
        return FieldVector(
            north: bx, east: by, down: bz, northRate: bxDot, eastRate: byDot, downRate: bzDot)
    }
}
