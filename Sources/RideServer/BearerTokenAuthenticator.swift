import Hummingbird
import HummingbirdAuth
import RideBooking

/// Finds who a request's bearer token speaks for, by the token's SHA-256 in the store (the store
/// never holds a token itself). A request without a token, or with one the store does not know,
/// goes on without an identity: the routes that need one answer 401.
struct BearerTokenAuthenticator: AuthenticatorMiddleware {
    typealias Context = RideRequestContext
    let backend: RideServerBackend

    func authenticate(request: Request, context: Context) async throws -> RidePrincipal? {
        guard let token = request.headers.bearer?.token, !token.isEmpty, token.utf8.count <= 512 else { return nil }
        do {
            return try await backend.principal(forToken: token)
        } catch {
            throw ProblemDocument.storeUnavailable("\(error)")
        }
    }
}
