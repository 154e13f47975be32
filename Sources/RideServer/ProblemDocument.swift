import Hummingbird
import RideAPI
import RideBooking

/// An RFC 9457 problem document (`application/problem+json`), thrown by a handler and written by
/// `ProblemMiddleware`: every error the service answers with is one of these.
public struct ProblemDocument: Error, Sendable, Equatable, HTTPResponseError {
    /// The HTTP status, 400...599.
    public var status: HTTPResponse.Status
    /// The kind of problem: the last part of its type URI (`invalid-body`, `unauthorized`, ...).
    public var kind: String
    /// A short summary of the kind.
    public var title: String
    /// What went wrong with this request, one line.
    public var detail: String?
    /// Each problem found in the input, one line each.
    public var errors: [String]
    /// The methods the route takes, for the `Allow` header of a 405.
    public var allow: String?
    /// Seconds to wait before trying again, for the `Retry-After` header of a 429 or 503, ≥ 1.
    public var retryAfter: Int?
    /// What went wrong inside, for the server's log only: never in the document, since it may
    /// name the database (an SQLite path, a PostgreSQL user, host and port).
    public var cause: String?

    public init(
        _ status: HTTPResponse.Status, kind: String, title: String, detail: String? = nil, errors: [String] = [],
        allow: String? = nil,
        retryAfter: Int? = nil, cause: String? = nil
    ) {
        self.status = status
        self.kind = kind
        self.title = title
        self.detail = detail
        self.errors = errors
        self.allow = allow
        self.retryAfter = retryAfter.map { max(1, $0) }
        self.cause = cause
    }

    /// The type URI's prefix; `.invalid` is reserved (RFC 2606) and never resolves.
    public static let typePrefix = "https://lodestar.invalid/problems/"

    /// The document as JSON, with `instance` the request's path.
    public func json(instance: String?) -> String {
        let body = ProblemBody(
            type: Self.typePrefix + kind, title: title, status: status.code, detail: detail, instance: instance, errors: errors)
        // A problem body holds strings and an integer only, which always encode.
        return (try? APICoding.encode(body)).map { String(decoding: $0, as: UTF8.self) } ?? #"{"status":500}"#
    }

    /// The response, `application/problem+json`; 401 carries `WWW-Authenticate: Bearer`.
    public func response(instance: String?) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/problem+json"
        if status == .unauthorized { headers[.wwwAuthenticate] = #"Bearer realm="lodestar""# }
        if let allow { headers[.allow] = allow }
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        headers[.cacheControl] = "no-store"
        return Response(
            status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: json(instance: instance))))
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        response(instance: request.uri.path)
    }
}

extension ProblemDocument {
    /// 400: the input is not what the document describes.
    public static func badRequest(_ detail: String, errors: [String] = []) -> ProblemDocument {
        ProblemDocument(.badRequest, kind: "invalid-body", title: "The request is not valid", detail: detail, errors: errors)
    }

    /// 400: the body is larger than the service reads.
    public static func bodyTooLarge(limit: Int) -> ProblemDocument {
        ProblemDocument(
            .badRequest, kind: "body-too-large", title: "The request body is too large",
            detail: "a request body may hold at most \(limit) bytes")
    }

    /// 401: no token, or one the service does not know.
    public static let unauthorized = ProblemDocument(
        .unauthorized, kind: "unauthorized", title: "A valid bearer token is needed",
        detail: "send Authorization: Bearer TOKEN with a token from `lodestar serve token create`")

    /// 403: the token's role may not use the route.
    public static func forbidden(_ principal: RidePrincipal, _ what: String) -> ProblemDocument {
        ProblemDocument(
            .forbidden, kind: "forbidden", title: "This token may not do that",
            detail: "a \(principal.roleName) token cannot \(what)")
    }

    /// 404: nothing here, or nothing this token may see (the same answer).
    public static func notFound(_ detail: String) -> ProblemDocument {
        ProblemDocument(.notFound, kind: "not-found", title: "Not found", detail: detail)
    }

    /// 405: the route exists, but not with this method.
    public static func methodNotAllowed(allow: String) -> ProblemDocument {
        ProblemDocument(
            .methodNotAllowed, kind: "method-not-allowed", title: "Method not allowed", detail: "this route takes \(allow)",
            allow: allow)
    }

    /// 503: the store failed; nothing was changed. The document says only that: the error
    /// itself (which names the database) is the ``cause``, which `ProblemMiddleware` logs.
    public static func storeUnavailable(cause: any Error) -> ProblemDocument {
        ProblemDocument(
            .serviceUnavailable, kind: "store-unavailable", title: "The ride store cannot be reached",
            detail: "the ride store did not answer; nothing was changed; try again later", retryAfter: 1, cause: "\(cause)")
    }

    /// 429: the token's principal has sent more writes than its rate allows.
    public static func tooManyWrites(retryAfter seconds: Int, limit: WriteRateLimit) -> ProblemDocument {
        ProblemDocument(
            .tooManyRequests, kind: "too-many-requests", title: "Too many requests",
            detail:
                "at most \(limit.burst) writes at once, then \(limit.description), for each rider and vehicle; try again in \(max(1, seconds)) s",
            retryAfter: seconds)
    }

    /// 422: the `Idempotency-Key` was used for another request (another method, path or body).
    public static let idempotencyKeyReused = ProblemDocument(
        .unprocessableContent, kind: "idempotency-key-reused", title: "The idempotency key was used for another request",
        detail: "this Idempotency-Key was sent with another request in the last 24 h: use a new key for a new request")

    /// 409: the request with this `Idempotency-Key` is still running after the wait.
    public static func idempotencyKeyInFlight(waited seconds: Int) -> ProblemDocument {
        ProblemDocument(
            .conflict, kind: "idempotency-key-in-flight", title: "The request with this idempotency key is still running",
            detail: "the first request with this Idempotency-Key had no response after \(seconds) s; try again later",
            retryAfter: 1)
    }
}
