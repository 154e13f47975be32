/// Yearly rates of change (secular variation) of the field elements at one point and date.
///
/// Computed from the model's secular-variation coefficients (ġ, ḣ) as NOAA's WMM software does:
/// the time derivatives of X, Y, Z are summed like the field itself, and the derived elements
/// follow by differentiation (WMM2025 Technical Report §1.2: eq. 13–15 and 17 for the vector,
/// then Ḣ = (XẊ + YẎ)/H, Ḟ = (XẊ + YẎ + ZŻ)/F, Ḋ = (XẎ − YẊ)/H², İ = (HŻ − ZḢ)/F²).
public struct MagneticFieldRates: Sendable, Hashable {
    /// dD/dt, degrees per year.
    public let declination: Double
    /// dI/dt, degrees per year.
    public let inclination: Double
    /// dH/dt, nT per year.
    public let horizontalIntensity: Double
    /// dX/dt, nT per year.
    public let north: Double
    /// dY/dt, nT per year.
    public let east: Double
    /// dZ/dt, nT per year.
    public let down: Double
    /// dF/dt, nT per year.
    public let totalIntensity: Double
    /// d(GV)/dt, degrees per year: equal to dD/dt where grid variation is defined
    /// (|latitude| > 55°), nil elsewhere.
    public let gridVariation: Double?
}
