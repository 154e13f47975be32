import Foundation
import GeoMagnetism

/// How `lodestar declination` prints a field.
enum DeclinationFormat {
    /// Two lines for a person:
    ///
    ///     declination 0.95° E ± 0.45° (WMM-2025, 2026.50, normal zone)
    ///     inclination 66.56°, horizontal intensity 19250.1 nT, total intensity 48260.3 nT, change +0.16°/yr
    static func summary(_ field: MagneticField) -> String {
        let d = field.declination
        let side = d < 0 ? "W" : "E"
        var first = "declination \(fixed(abs(d), 2))° \(side) ± \(fixed(field.declinationUncertainty, 2))° "
        first += "(\(field.modelName), \(fixed(field.decimalYear, 2)), \(field.zone) zone)"
        var second = "inclination \(fixed(field.inclination, 2))°, "
        second += "horizontal intensity \(fixed(field.horizontalIntensity, 1)) nT, "
        second += "total intensity \(fixed(field.totalIntensity, 1)) nT, "
        second += "declination change \(signed(field.rates.declination, 2))°/yr"
        if let gv = field.gridVariation { second += ", grid variation \(fixed(gv, 2))°" }
        return first + "\n" + second
    }

    /// One batch output line: `D I H X Y Z F`, degrees and nT, six decimals.
    static func batchLine(_ field: MagneticField) -> String {
        [
            field.declination, field.inclination, field.horizontalIntensity, field.north, field.east, field.down,
            field.totalIntensity,
        ].map { fixed($0, 6) }.joined(separator: " ")
    }

    /// The batch output line for a bad input line.
    static let badBatchLine = "nan nan nan nan nan nan nan"

    static func fixed(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }

    static func signed(_ value: Double, _ decimals: Int) -> String {
        String(format: "%+.\(decimals)f", value)
    }
}
