import Foundation
import Geodesy

/// The World Magnetic Model (WMM): the Earth's main magnetic field, and its yearly change, as a
/// degree-12 spherical-harmonic expansion (NOAA NCEI and the British Geological Survey).
///
/// Use ``wmm2025`` — the WMM2025 coefficients are compiled into the binary — and ask for the
/// field at a point, height and date:
///
/// ```swift
/// let model = try WorldMagneticModel.wmm2025
/// let field = try model.field(at: try Coordinate(latitude: 51.47, longitude: -0.4543),
///                             heightAboveEllipsoid: 0, decimalYear: 2026.5)
/// print(field.declination, field.declinationUncertainty, field.zone)
/// ```
///
/// The computation follows the WMM2025 Technical Report §1.2 (geodetic to geocentric conversion,
/// Schmidt semi-normalised Legendre functions, secular variation from the epoch, rotation back to
/// the geodetic frame). It is reproduced to within 0.01 nT and 0.01° on NOAA's 100 official test
/// points. A call does no heap allocation and takes on the order of a microsecond.
///
/// **Validity.** The model is valid for decimal years in ``validity`` (WMM2025: 2025.0 ≤ t <
/// 2030.0) and heights from −1 km to 850 km above the WGS84 ellipsoid. Outside the time window the
/// call throws, unless the caller passes `allowExtrapolation: true`, in which case the result
/// carries a ``ValidityWarning``. Heights outside the range always throw.
public struct WorldMagneticModel: Sendable {
    /// The model name from the coefficient file, such as `"WMM-2025"`.
    public let name: String
    /// The model epoch t₀, decimal year (2025.0 for WMM2025).
    public let epoch: Double
    /// The release date as written in the coefficient file, such as `"11/13/2024"`.
    public let releaseDate: String
    /// The decimal years for which the model is valid: five years from the epoch,
    /// `epoch ..< epoch + 5` (WMM2025: 2025.0 ≤ t < 2030.0).
    public let validity: Range<Double>
    /// Heights above the WGS84 ellipsoid for which the model is valid, metres: −1 km to 850 km.
    public static let heightValidity: ClosedRange<Double> = -1_000...850_000

    let synthesis: SphericalHarmonicSynthesis

    /// Loads a model from the bytes of a WMM coefficient file (`WMM.COF`).
    /// - Throws: ``MagneticModelError/malformedCoefficientFile(line:reason:)`` when the file is not a
    ///   complete degree-12 WMM coefficient file.
    public init(coefficientFile bytes: some Collection<UInt8>) throws(MagneticModelError) {
        let file = try CoefficientFile(bytes: bytes)
        name = file.modelName
        epoch = file.epoch
        releaseDate = file.releaseDate
        validity = file.epoch..<(file.epoch + 5)
        synthesis = SphericalHarmonicSynthesis(file)
    }

    /// WMM2025, from the NOAA coefficient file compiled into this module.
    ///
    /// The file is parsed once, on first use, and shared; reading this property again is cheap.
    /// - Throws: ``MagneticModelError/malformedCoefficientFile(line:reason:)`` if the embedded
    ///   file cannot be parsed (a build defect; the tests prove it loads).
    public static var wmm2025: WorldMagneticModel {
        get throws(MagneticModelError) { try embeddedWMM2025.get() }
    }

    private static let embeddedWMM2025: Result<WorldMagneticModel, MagneticModelError> = {
        do throws(MagneticModelError) {
            return .success(try WorldMagneticModel(coefficientFile: PackageResources.WMM2025_COF))
        } catch {
            return .failure(error)
        }
    }()

    /// The magnetic field at a point, height and decimal year.
    ///
    /// - Parameters:
    ///   - coordinate: geodetic (WGS84) latitude and longitude, degrees.
    ///   - heightAboveEllipsoid: height above the WGS84 ellipsoid, metres, in
    ///     ``heightValidity`` (−1000…850 000). Not height above sea level: add the geoid separation.
    ///   - decimalYear: the date as a decimal year (see ``DecimalYear``), in ``validity``.
    ///   - allowExtrapolation: when true, a year outside ``validity`` gives a field with a
    ///     ``MagneticField/warning`` instead of an error. The year must still be finite.
    /// - Throws: ``MagneticModelError/dateOutsideValidity(year:validRange:)`` or
    ///   ``MagneticModelError/heightOutsideValidity(metres:validRange:)``.
    /// - Complexity: O(1): 90 terms, no heap allocation.
    public func field(
        at coordinate: Coordinate, heightAboveEllipsoid: Double = 0, decimalYear: Double,
        allowExtrapolation: Bool = false
    ) throws(MagneticModelError) -> MagneticField {
        guard Self.heightValidity.contains(heightAboveEllipsoid) else {
            throw .heightOutsideValidity(metres: heightAboveEllipsoid, validRange: Self.heightValidity)
        }
        var warning: ValidityWarning?
        if !validity.contains(decimalYear) {
            guard allowExtrapolation, decimalYear.isFinite else {
                throw .dateOutsideValidity(year: decimalYear, validRange: validity)
            }
            warning = .extrapolatedDate(year: decimalYear, validRange: validity)
        }
        let position = GeocentricPosition(coordinate, heightKilometres: heightAboveEllipsoid / 1000)
        let spherical = synthesis.evaluate(at: position, yearsSinceEpoch: decimalYear - epoch)
        let v = position.geodetic(spherical)
        return MagneticField(
            coordinate: coordinate, heightAboveEllipsoid: heightAboveEllipsoid,
            decimalYear: decimalYear, modelName: name, vector: v, warning: warning)
    }

    /// The magnetic field at a point, height and instant; the instant is turned into a decimal
    /// year in UTC with ``DecimalYear/from(_:)``.
    ///
    /// - Parameters:
    ///   - coordinate: geodetic (WGS84) latitude and longitude, degrees.
    ///   - heightAboveEllipsoid: height above the WGS84 ellipsoid, metres, −1000…850 000.
    ///   - date: the instant; its decimal year must lie in ``validity``.
    ///   - allowExtrapolation: see ``field(at:heightAboveEllipsoid:decimalYear:allowExtrapolation:)``.
    /// - Throws: ``MagneticModelError``, as the decimal-year form does.
    public func field(
        at coordinate: Coordinate, heightAboveEllipsoid: Double = 0, date: Date,
        allowExtrapolation: Bool = false
    ) throws(MagneticModelError) -> MagneticField {
        try field(
            at: coordinate, heightAboveEllipsoid: heightAboveEllipsoid,
            decimalYear: DecimalYear.from(date), allowExtrapolation: allowExtrapolation)
    }

    /// The declination at a point, height and instant: degrees in (−180, 180], east positive.
    /// True heading = magnetic heading + declination.
    ///
    /// Shorthand for `field(at:heightAboveEllipsoid:date:).declination`; see
    /// ``MagneticField/declinationUncertainty`` and ``MagneticField/zone`` for how far to trust it.
    /// - Throws: ``MagneticModelError`` outside the model's validity.
    public func declination(
        at coordinate: Coordinate, heightAboveEllipsoid: Double = 0, date: Date
    ) throws(MagneticModelError) -> Double {
        try field(at: coordinate, heightAboveEllipsoid: heightAboveEllipsoid, date: date).declination
    }
}
