/// Why a request body was refused: a line for the problem document's `detail`, and one line per
/// problem (`request.pickupLocation.coordinate.latitude: must be a number from -90 to 90`) for its
/// `errors`.
public struct APIBodyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong with the body as a whole.
    public var detail: String
    /// Each problem with a member, with its path.
    public var errors: [String]

    public init(detail: String, errors: [String] = []) {
        self.detail = detail
        self.errors = errors
    }

    /// The error `JSONDecoder` reported, in the API's words.
    init(_ error: DecodingError) {
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            let reason = context.underlyingError.map { "\($0)" } ?? context.debugDescription
            self.init(detail: "the body is not valid JSON: \(reason)")
        case .typeMismatch(_, let context) where context.codingPath.isEmpty:
            self.init(detail: "the body must be a JSON object")
        case .typeMismatch(let type, let context):
            self.init(context, "must be \(Self.expected(type))")
        case .valueNotFound(let type, let context):
            self.init(context, "must be \(Self.expected(type)), not null")
        case .keyNotFound(let key, let context):
            self.init(detail: Self.schema, errors: [Self.line(context.codingPath, "'\(key.stringValue)' is required")])
        case .dataCorrupted(let context):
            self.init(context, context.debugDescription)
        @unknown default:
            self.init(detail: Self.schema, errors: ["\(error)"])
        }
    }

    private init(_ context: DecodingError.Context, _ message: String) {
        self.init(detail: Self.schema, errors: [Self.line(context.codingPath, message)])
    }

    public var description: String { ([detail] + errors).joined(separator: "; ") }

    public static let schema = "the body does not match the API's schema"

    /// `request.pickupLocation.coordinate: message`, or the message alone at the top.
    static func line(_ path: [any CodingKey], _ message: String) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue, key.stringValue.hasPrefix("Index") || key.stringValue == "\(index)" {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text.isEmpty ? message : "\(text): \(message)"
    }

    /// "an integer", "a number" ... for a type `JSONDecoder` expected.
    static func expected(_ type: Any.Type) -> String {
        switch type {
        case is Bool.Type: "true or false"
        case is any BinaryInteger.Type: "an integer"
        case is any BinaryFloatingPoint.Type: "a number"
        case is String.Type: "a string"
        case is [Any].Type: "an array"
        default: String(describing: type).hasPrefix("Array") ? "an array" : "an object"
        }
    }
}
