import Foundation
import Geodesy

extension MagneticField {
    /// Derives every element and rate from the geodetic field vector (WMM2025 Technical Report
    /// §1.2, the equations for H, F, I, D and their secular variation that follow the rotation of
    /// eq. 16–17; NOAA `MAG_CalculateGeoMagneticElements` and
    /// `MAG_CalculateSecularVariationElements`; grid variation as `MAG_CalculateGridVariation`).
    ///
    ///     H = √(X² + Y²)   F = √(H² + Z²)   D = atan2(Y, X)   I = atan2(Z, H)
    ///     Ḣ = (X Ẋ + Y Ẏ) / H   Ḟ = (X Ẋ + Y Ẏ + Z Ż) / F
    ///     Ḋ = (X Ẏ − Y Ẋ) / H²   İ = (H Ż − Z Ḣ) / F²   (radians per year, shown in degrees)
    init(
        coordinate: Coordinate, heightAboveEllipsoid: Double, decimalYear: Double,
        modelName: String, vector v: FieldVector, warning: ValidityWarning?
    ) {
        let x = v.north
        let y = v.east
        let z = v.down
        let h = (x * x + y * y).squareRoot()
        let f = (h * h + z * z).squareRoot()
        let d = Angle.degrees(atan2(y, x))
        let hDot = (x * v.northRate + y * v.eastRate) / h
        let fDot = (x * v.northRate + y * v.eastRate + z * v.downRate) / f
        let dDot = Angle.degrees((x * v.eastRate - y * v.northRate) / (h * h))
        let iDot = Angle.degrees((h * v.downRate - z * hDot) / (f * f))
        let gv = Self.gridVariation(declination: d, coordinate: coordinate)

        self.coordinate = coordinate
        self.heightAboveEllipsoid = heightAboveEllipsoid
        self.decimalYear = decimalYear
        self.modelName = modelName
        self.declination = d
        self.inclination = Angle.degrees(atan2(z, h))
        self.horizontalIntensity = h
        self.north = x
        self.east = y
        self.down = z
        self.totalIntensity = f
        self.gridVariation = gv
        self.rates = MagneticFieldRates(
            declination: dDot, inclination: iDot, horizontalIntensity: hDot,
            north: v.northRate, east: v.eastRate, down: v.downRate, totalIntensity: fDot,
            gridVariation: gv == nil ? nil : dDot)
        self.warning = warning
    }

    /// Latitude beyond which grid variation is defined, degrees (NOAA's polar-stereographic limit).
    static let gridVariationLatitude = 55.0

    /// GV = D − λ north of 55°N, D + λ south of 55°S, in (−180, 180]; nil elsewhere.
    static func gridVariation(declination d: Double, coordinate: Coordinate) -> Double? {
        if coordinate.latitude > gridVariationLatitude {
            return Angle.difference(from: 0, to: d - coordinate.longitude)
        }
        if coordinate.latitude < -gridVariationLatitude {
            return Angle.difference(from: 0, to: d + coordinate.longitude)
        }
        return nil
    }
}
