import Hummingbird
import RideAPI
import RideBooking

/// `/health`, `/metrics` and `/openapi.json`: no token needed, and none is looked up (a token
/// sent with them is ignored), so `/metrics` answers while the store does not.
struct ServiceRoutes {
    let backend: RideService
    let metrics: ServerMetrics

    /// The paths that take no token.
    static let publicPaths: Set<String> = ["/health", "/metrics", "/openapi.json"]

    func add(to router: Router<RideRequestContext>) {
        router.get("health") { _, _ in
            do {
                try await backend.checkHealth()
            } catch {
                throw ProblemDocument.storeUnavailable(cause: error)
            }
            return try JSONResponse.make(HealthBody(database: backend.databaseKind, version: OpenAPIDocument.version))
        }
        router.get("metrics") { _, _ in
            var headers = HTTPFields()
            headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
            headers[.cacheControl] = "no-store"
            return Response(
                status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: metrics.exposition())))
        }
        router.get("openapi.json") { _, _ in
            var headers = HTTPFields()
            headers[.contentType] = "application/json"
            return Response(
                status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: OpenAPIDocument.bytes)))
        }
    }
}

/// The committed OpenAPI 3.1 document (`Sources/RideServer/Resources/openapi.json`), compiled
/// into the binary and served as it is.
public enum OpenAPIDocument {
    /// The document's bytes.
    public static var bytes: [UInt8] { PackageResources.openapi_json }
    /// The API's version, `info.version`.
    public static let version = "1.0.0"
}
