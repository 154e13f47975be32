/// A warning attached to a ``MagneticField`` computed outside the model's validity window.
///
/// It is produced only when the caller asked for extrapolation explicitly
/// (`allowExtrapolation: true`); without that flag the same input is a
/// ``MagneticModelError/dateOutsideValidity(year:validRange:)`` error. Lodestar never extrapolates
/// silently: a field with a warning says so.
public enum ValidityWarning: Sendable, Hashable, CustomStringConvertible {
    /// The decimal year lies outside the validity window; the secular variation was extrapolated
    /// linearly from the model epoch, and the field may be badly wrong.
    case extrapolatedDate(year: Double, validRange: Range<Double>)

    public var description: String {
        switch self {
        case .extrapolatedDate(let year, let range):
            "decimal year \(year) is outside the model's validity [\(range.lowerBound), \(range.upperBound)); "
                + "the field is extrapolated"
        }
    }
}
