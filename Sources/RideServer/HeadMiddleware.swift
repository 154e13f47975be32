import Hummingbird

/// Sends no content in the answer to a `HEAD` (RFC 9110 §9.3.2), whatever answered it: every
/// `GET` route's `HEAD` twin (the router's `autoGenerateHeadEndpoints`: the `GET` handler, its
/// body dropped, its `Content-Length` kept; an event stream's body never starts), and the 405 of
/// a route without `GET`.
struct HeadMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response
    {
        let response = try await next(request, context)
        return request.method == .head ? response.createHeadResponse() : response
    }
}
