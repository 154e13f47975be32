import Hummingbird
import HummingbirdAuth
import RideBooking

/// Finds who a request's bearer token speaks for, by the token's SHA-256 in the store (the store
/// never holds a token itself), through the server's ``TokenCache``. A request without a token,
/// or with one the store does not know or that is expired or revoked, goes on without an
/// identity: the routes that need one answer 401. The routes that need no
/// token (``ServiceRoutes/publicPaths``: `/health`, `/metrics`, `/openapi.json`) never look a
/// token up, so they answer whatever the store does.
struct BearerTokenAuthenticator: AuthenticatorMiddleware {
    typealias Context = RideRequestContext
    let tokens: TokenCache

    /// The longest token looked up, bytes.
    static let maximumTokenBytes = 512

    func authenticate(request: Request, context: Context) async throws -> RidePrincipal? {
        guard !ServiceRoutes.publicPaths.contains(request.uri.path) else { return nil }
        guard let token = Self.token(request.headers), token.utf8.count <= Self.maximumTokenBytes else { return nil }
        let principal: RidePrincipal?
        do {
            principal = try await tokens.principal(token: token)
        } catch {
            throw ProblemDocument.storeUnavailable(cause: error)
        }
        context.audit.principal = principal
        return principal
    }

    /// The token of `Authorization: Bearer TOKEN` (RFC 6750 §2.1), the scheme compared without
    /// regard to case (RFC 9110 §11.1: `bearer` and `BEARER` are `Bearer`), one or more spaces
    /// after it; nil for another scheme, no header or an empty token.
    static func token(_ headers: HTTPFields) -> String? {
        guard let value = headers[.authorization] else { return nil }
        let bytes = Array(value.utf8)
        guard let space = bytes.firstIndex(of: 0x20), space == 6 else { return nil }
        let scheme = bytes[0..<space].map { $0 | 0x20 }  // ASCII letters to lower case
        guard scheme == Array("bearer".utf8) else { return nil }
        let token = bytes[space...].drop { $0 == 0x20 }
        guard !token.isEmpty, !token.contains(0x20) else { return nil }
        return String(decoding: token, as: UTF8.self)
    }
}
