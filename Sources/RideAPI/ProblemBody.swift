/// An RFC 9457 problem document as the API writes it (`application/problem+json`): `type`,
/// `title`, `status`, `detail`, `instance`, and `errors` (one line per problem in the input).
public struct ProblemBody: Sendable, Hashable, Codable {
    /// A URI under `https://lodestar.invalid/problems/`.
    public var type: String
    public var title: String
    /// The HTTP status, 400...599.
    public var status: Int
    public var detail: String?
    /// The request's path.
    public var instance: String?
    public var errors: [String]?

    public init(type: String, title: String, status: Int, detail: String? = nil, instance: String? = nil, errors: [String]? = nil)
    {
        self.type = type
        self.title = title
        self.status = status
        self.detail = detail
        self.instance = instance
        self.errors = errors.flatMap { $0.isEmpty ? nil : $0 }
    }
}
