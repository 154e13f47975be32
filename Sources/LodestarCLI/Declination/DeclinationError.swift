import GeoMagnetism
import Geodesy

/// A bad argument or input line of `lodestar declination`; its description is one line.
enum DeclinationError: Error, CustomStringConvertible {
    /// A word where a number goes.
    case notANumber(what: String, text: String)
    /// The wrong number of positional arguments or input fields.
    case wrongCount(what: String, expected: Int, got: Int)
    /// An argument that does not belong, such as a mistyped option.
    case unexpectedArgument(String)
    /// Options that cannot be used together.
    case conflictingOptions(String)
    /// A date that is not YYYY-MM-DD.
    case badDate(String)
    /// A height outside the model's range, in kilometres.
    case heightOutOfRange(kilometres: Double)
    /// An invalid coordinate.
    case coordinate(CoordinateInputError)
    /// The model refused the request.
    case model(MagneticModelError)
    /// A number outside the range its field accepts (`range` as text: `1900 to 2100`).
    case outOfRange(what: String, value: Double, range: String)
    /// Standard input could not be read, or a line is too long: the whole message.
    case unreadable(String)

    var description: String {
        switch self {
        case .notANumber(let what, let text):
            "\(what) '\(text)' is not a number"
        case .wrongCount(let what, let expected, let got):
            "expected \(expected) \(what), got \(got)"
        case .unexpectedArgument(let text):
            text.hasPrefix("-") ? "unknown option '\(text)'" : "unexpected argument '\(text)'"
        case .conflictingOptions(let text), .unreadable(let text):
            text
        case .outOfRange(let what, let value, let range):
            "\(what) must be from \(range) (got \(value))"
        case .badDate(let text):
            "date '\(text)' is not a calendar date in the form YYYY-MM-DD"
        case .heightOutOfRange(let km):
            "height \(km) km is outside the model's validity [-1, 850] km"
        case .coordinate(let error):
            error.description
        case .model(.dateOutsideValidity(let year, let range)):
            "year \(year) is outside the validity of the model [\(range.lowerBound), \(range.upperBound)); "
                + "use --allow-extrapolation to compute anyway"
        case .model(let error):
            error.description
        }
    }
}
