// The magnetic declination at London Heathrow from the World Magnetic Model 2025, a compass
// heading turned into a true heading, and one of NOAA's published test points.
// `swift run MagneticDeclination`.
import GeoMagnetism
import Geodesy

// snippet.field
// WMM2025's coefficients are compiled into the module: no data file to find.
let model = try WorldMagneticModel.wmm2025
let heathrow = try Coordinate(latitude: 51.4700, longitude: -0.4543)
let june2026 = try DecimalYear.from(year: 2026, month: 6, day: 1)
let field = try model.field(at: heathrow, heightAboveEllipsoid: 0, decimalYear: june2026)
// Degrees, east positive, with NOAA's one-sigma uncertainty; and whether a compass can be trusted here.
print("declination \(field.declination)° ± \(field.declinationUncertainty)°, compass zone \(field.zone)")
// snippet.end

// snippet.heading
// A compass reads magnetic north: true heading = magnetic heading + declination.
let magneticHeading = 90.0
let trueHeading = Angle.normalizedBearing(magneticHeading + field.declination)
print("magnetic heading \(magneticHeading)° is true heading \(trueHeading)°")
// snippet.end

// snippet.noaa
// A test point of the WMM2025 Technical Report: 80° N 0° E at sea level, 2025.0 (D = 1.28°).
let test = try model.field(at: Coordinate(latitude: 80, longitude: 0), heightAboveEllipsoid: 0, decimalYear: 2025.0)
print(
    "NOAA test point, 2025.0 at 80° N 0° E: declination \(test.declination)°, inclination \(test.inclination)°,",
    "total intensity \(test.totalIntensity) nT")
// snippet.end

// snippet.validity
// The model is valid from 2025.0 to 2030.0: a date outside it is an error, not an extrapolation.
do {
    _ = try model.field(at: heathrow, decimalYear: 2031.0)
} catch {
    print("2031.0: \(error)")
}
// snippet.end
