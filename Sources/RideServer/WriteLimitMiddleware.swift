import Hummingbird
import RideBooking

/// Refuses a rider's or vehicle's write beyond its ``WriteRateLimit`` with a 429 problem document
/// and `Retry-After`, before the body is read. Runs after the authenticator: a request without a
/// known token is not counted (it gets its 401).
struct WriteLimitMiddleware: RouterMiddleware {
    typealias Context = RideRequestContext
    let limiter: WriteRateLimiter

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response
    {
        if request.method != .get, request.method != .head, let principal = context.identity, principal != .operator,
            let wait = limiter.take(principal.description)
        {
            throw ProblemDocument.tooManyWrites(retryAfter: wait, limit: limiter.limit)
        }
        return try await next(request, context)
    }
}
