import Hummingbird
import LodestarInternals
import Logging

/// Counts and times every request (``ServerMetrics``) and logs it with structured metadata:
/// method, route, path, status, milliseconds, the principal (`rider NAME`, `vehicle ID`,
/// `operator`, or `none`: never the token) and the client's address (`IP:PORT`).
struct AccessMiddleware: RouterMiddleware {
    typealias Context = RideRequestContext
    let metrics: ServerMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response
    {
        let start = ContinuousClock.now
        let response: Response
        do {
            response = try await next(request, context)
        } catch {
            // ProblemMiddleware, inside this one, turns every error into a response.
            context.logger.error("unanswered error", metadata: ["error": "\(error)"])
            throw error
        }
        let elapsed = ContinuousClock.now - start
        let route = context.coreContext.endpointPath.value ?? "unmatched"
        metrics.request(method: request.method.rawValue, route: route, status: response.status.code, duration: elapsed)
        if route != "/metrics", route != "/health" {
            context.logger.info(
                "request",
                metadata: [
                    "method": "\(request.method.rawValue)", "route": "\(route)", "path": "\(request.uri.path)",
                    "status": "\(response.status.code)",
                    "ms": "\(DecimalText.string(elapsed.seconds * 1000, decimals: 1))",
                    "principal": "\(context.audit.principal?.description ?? "none")",
                    "client": "\(Self.client(context))",
                ])
        }
        return response
    }

    /// `IP:PORT` (`[IPv6]:PORT`) of the client, or `unknown`.
    static func client(_ context: Context) -> String {
        guard let address = context.remoteAddress, let ip = address.ipAddress else { return "unknown" }
        let port = address.port.map { ":\($0)" } ?? ""
        return ip.contains(":") ? "[\(ip)]\(port)" : ip + port
    }
}
