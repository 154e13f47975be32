import Geodesy

/// The geomagnetic field given by the World Magnetic Model at one point, height and date.
///
/// Components are in the local geodetic (WGS84) frame: X points to geographic north, Y to east,
/// Z down along the ellipsoid normal. Intensities are in nanotesla (nT), angles in degrees.
public struct MagneticField: Sendable, Hashable {
    /// Where the field was computed.
    public let coordinate: Coordinate
    /// Height above the WGS84 ellipsoid, metres.
    public let heightAboveEllipsoid: Double
    /// The date, as a decimal year (see ``DecimalYear``).
    public let decimalYear: Double
    /// The model that gave the field, such as `"WMM-2025"`.
    public let modelName: String

    /// Declination D: angle from true north to magnetic north, degrees in (−180, 180], east
    /// positive. True heading = magnetic heading + declination. Undefined at the geographic poles,
    /// where it depends only on the longitude given.
    public let declination: Double
    /// Inclination (dip) I: angle of the field below the horizontal, degrees in [−90, 90],
    /// positive downward (northern magnetic hemisphere).
    public let inclination: Double
    /// Horizontal intensity H = √(X² + Y²), nT.
    public let horizontalIntensity: Double
    /// North component X, nT.
    public let north: Double
    /// East component Y, nT.
    public let east: Double
    /// Down component Z, nT (positive downward).
    public let down: Double
    /// Total intensity F = √(H² + Z²), nT.
    public let totalIntensity: Double
    /// Grid variation GV, degrees in (−180, 180]: the angle from grid north of a polar
    /// stereographic grid to magnetic north. Defined only where |latitude| > 55°, as NOAA does:
    /// GV = D − longitude in the north and GV = D + longitude in the south. Nil elsewhere.
    public let gridVariation: Double?
    /// Yearly rates of change of every element.
    public let rates: MagneticFieldRates

    /// Set when the field was computed outside the model's validity window because the caller
    /// passed `allowExtrapolation: true`; nil inside the window.
    public let warning: ValidityWarning?

    /// The compass zone at this point, from ``horizontalIntensity``.
    public var zone: CompassZone { CompassZone(horizontalIntensity: horizontalIntensity) }

    /// NOAA's one-sigma model uncertainties at this point (WMM2025 error model).
    public var uncertainty: MagneticUncertainty {
        MagneticUncertainty.wmm2025(horizontalIntensity: horizontalIntensity)
    }

    /// One-sigma uncertainty of ``declination``, degrees: √(0.26² + (5417 / H)²).
    public var declinationUncertainty: Double { uncertainty.declination }
}
