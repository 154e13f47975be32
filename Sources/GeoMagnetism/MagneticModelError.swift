/// Why the World Magnetic Model could not be loaded or could not give a field.
///
/// Every failure of ``WorldMagneticModel`` is one of these cases; nothing in the module traps on
/// bad input. The ``description`` is a single line fit for a command-line error message.
public enum MagneticModelError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The coefficient file could not be read. `line` is 1-based; `reason` says what was wrong.
    case malformedCoefficientFile(line: Int, reason: String)
    /// The decimal year lies outside the model's validity window (for WMM2025, 2025.0 ≤ t < 2030.0)
    /// and extrapolation was not allowed, or the year is not a finite number.
    case dateOutsideValidity(year: Double, validRange: Range<Double>)
    /// The height above the WGS84 ellipsoid, in metres, lies outside the model's validity
    /// (−1000 m to 850 000 m), or is not a finite number.
    case heightOutsideValidity(metres: Double, validRange: ClosedRange<Double>)
    /// A calendar date that does not exist (such as 2025-02-30), given as year, month and day.
    case invalidCalendarDate(year: Int, month: Int, day: Int)

    public var description: String {
        switch self {
        case .malformedCoefficientFile(let line, let reason):
            "coefficient file, line \(line): \(reason)"
        case .dateOutsideValidity(let year, let range):
            "decimal year \(year) is outside the model's validity [\(range.lowerBound), \(range.upperBound))"
        case .heightOutsideValidity(let metres, let range):
            "height \(metres) m is outside the model's validity [\(range.lowerBound), \(range.upperBound)] m"
        case .invalidCalendarDate(let year, let month, let day):
            "\(year)-\(month)-\(day) is not a calendar date"
        }
    }
}
