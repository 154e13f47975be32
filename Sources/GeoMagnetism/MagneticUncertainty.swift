/// One-sigma uncertainties of the World Magnetic Model 2025, from NOAA's error model.
///
/// These describe how far the real field may be from the model (crustal fields, magnetic
/// activity, unmodelled secular variation), not the arithmetic error of the code, which is far
/// smaller. Only the declination term depends on position: δD = √(0.26² + (5417 / H)²) degrees,
/// with H in nT (WMM2025 Technical Report, error model; the same constants are used by
/// CIRES-Geomagnetism/wmm `uncertainty.py` and pygeomag's `_error_model_wmm_2025`). Near the
/// magnetic poles, where H is small, δD grows without bound.
public struct MagneticUncertainty: Sendable, Hashable {
    /// Declination, degrees (1σ).
    public let declination: Double
    /// Inclination, degrees (1σ).
    public let inclination: Double
    /// North component X, nT (1σ).
    public let north: Double
    /// East component Y, nT (1σ).
    public let east: Double
    /// Down component Z, nT (1σ).
    public let down: Double
    /// Horizontal intensity H, nT (1σ).
    public let horizontalIntensity: Double
    /// Total intensity F, nT (1σ).
    public let totalIntensity: Double

    /// WMM2025's error model at a point whose horizontal intensity is `h` nT (h > 0).
    ///
    /// X 137 nT, Y 89 nT, Z 141 nT, H 133 nT, F 138 nT, I 0.20°, and
    /// D √(0.26² + (5417 / H)²)°. For H = 0 the declination uncertainty is infinite.
    public static func wmm2025(horizontalIntensity h: Double) -> MagneticUncertainty {
        let ratio = 5417 / h
        return MagneticUncertainty(
            declination: (0.26 * 0.26 + ratio * ratio).squareRoot(),
            inclination: 0.20,
            north: 137, east: 89, down: 141,
            horizontalIntensity: 133, totalIntensity: 138)
    }
}
