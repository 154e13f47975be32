/// What went wrong talking to a ride service.
public enum RideServiceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No answer: the connection was refused or lost, the name did not resolve, or it timed out.
    case unreachable(String)
    /// The service answered with an error status; `detail` is the problem document's `detail`
    /// (RFC 9457), else its `title`, else the body's first 200 bytes.
    case status(Int, detail: String)
    /// The answer was not what the API promises (not JSON, a missing member, over the size limit).
    case badResponse(String)
    /// An event stream sent nothing, not even a heartbeat, for this long: the service stopped
    /// sending without closing the connection.
    case silent(Duration)
    /// The request could not be written (a body JSON cannot hold); nothing was sent.
    case badRequest(String)

    public var description: String {
        switch self {
        case .unreachable(let reason): "ride service unreachable: \(reason)"
        case .status(let code, let detail):
            detail.isEmpty ? "ride service answered \(code)" : "ride service answered \(code): \(detail)"
        case .badResponse(let reason): "unexpected answer from the ride service: \(reason)"
        case .silent(let limit): "the ride service sent nothing, not even a heartbeat, for \(limit.components.seconds) s"
        case .badRequest(let reason): "request not sent: \(reason)"
        }
    }

    /// True for a failure that a retry may cure: no answer at all, or a 5xx / 429 / 408.
    public var isTransient: Bool {
        switch self {
        case .unreachable: true
        case .status(let code, _): code >= 500 || code == 429 || code == 408
        case .badResponse: false
        case .silent: true
        case .badRequest: false
        }
    }
}
