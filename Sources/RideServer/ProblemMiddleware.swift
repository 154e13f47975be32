import Hummingbird
import Logging

/// Turns every error a route or middleware throws into an RFC 9457 problem document: the
/// service's own ``ProblemDocument``s as they are, Hummingbird's errors (no route: 404; a body
/// over the limit) with their status, and anything else as a 500 that is logged (none is
/// expected: bad input is a 400 before it reaches the store).
struct ProblemMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch let problem as ProblemDocument {
            if let cause = problem.cause {
                context.logger.error(
                    "\(problem.kind)",
                    metadata: ["error": "\(cause)", "path": "\(request.uri.path)", "status": "\(problem.status.code)"])
            }
            return problem.response(instance: request.uri.path)
        } catch let error as HTTPError {
            return Self.problem(for: error.status, detail: error.body).response(instance: request.uri.path)
        } catch let error as any HTTPResponseError {
            if error.status == .contentTooLarge {
                return ProblemDocument.bodyTooLarge(limit: RequestBodyLimit.bytes).response(instance: request.uri.path)
            }
            return Self.problem(for: error.status, detail: nil).response(instance: request.uri.path)
        } catch {
            context.logger.error("request failed", metadata: ["error": "\(error)", "path": "\(request.uri.path)"])
            // The error stays in the log: its text may name the database.
            return ProblemDocument(
                .internalServerError, kind: "internal", title: "The service failed", detail: "see the server's log"
            )
            .response(instance: request.uri.path)
        }
    }

    /// The problem for one of Hummingbird's statuses.
    static func problem(for status: HTTPResponse.Status, detail: String?) -> ProblemDocument {
        switch status {
        case .notFound: .notFound(detail ?? "no such route")
        case .unauthorized: .unauthorized
        case .contentTooLarge: .bodyTooLarge(limit: RequestBodyLimit.bytes)
        case .methodNotAllowed:
            ProblemDocument(.methodNotAllowed, kind: "method-not-allowed", title: "Method not allowed", detail: detail)
        default:
            status.code < 500
                ? .badRequest(detail ?? status.reasonPhrase)
                : ProblemDocument(status, kind: "internal", title: status.reasonPhrase, detail: detail)
        }
    }
}
