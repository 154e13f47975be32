import Hummingbird
import HummingbirdAuth
import NIOCore
import RideBooking
import Synchronization

/// The context of one request: Hummingbird's core storage, who the bearer token speaks for, and
/// the client's address.
public struct RideRequestContext: AuthRequestContext, RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// Who the token speaks for; nil without a token the service knows.
    public var identity: RidePrincipal?
    /// The client's address (IP and port); nil when the channel has none.
    public let remoteAddress: SocketAddress?
    /// What the request log says of the request: shared by every copy of the context, so that
    /// the access log (the outermost middleware) sees the principal the authenticator found.
    let audit = RequestAudit()

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        identity = nil
        remoteAddress = source.channel.remoteAddress
    }

    /// Bodies are read up to ``RequestBodyLimit/bytes`` (``RequestBodyLimit/regionBytes`` for
    /// `POST /regions`; each route reads its own bound).
    public var maxUploadSize: Int { RequestBodyLimit.regionBytes }

    /// The principal, or a 401 problem document.
    func principal() throws(ProblemDocument) -> RidePrincipal {
        guard let identity else { throw .unauthorized }
        return identity
    }
}

/// The largest request body the service reads: 64 KiB, 1 MiB for a GeoJSON of regions. A larger
/// one is a 400 problem document.
public enum RequestBodyLimit {
    public static let bytes = 65_536
    /// `POST /regions`: 1 MiB.
    public static let regionBytes = 1 << 20

    /// The body, read up to the limit.
    /// - Throws: ``ProblemDocument/bodyTooLarge(limit:)`` when the body (or its declared length)
    ///   is larger; a 400 when it does not arrive whole.
    static func read(_ request: Request, limit bytes: Int = bytes) async throws -> [UInt8] {
        if let declared = request.headers[.contentLength].flatMap({ Int($0) }), declared > bytes {
            throw ProblemDocument.bodyTooLarge(limit: bytes)
        }
        var collected: [UInt8] = []
        do {
            for try await buffer in request.body {
                guard collected.count + buffer.readableBytes <= bytes else { throw ProblemDocument.bodyTooLarge(limit: bytes) }
                collected.append(contentsOf: buffer.readableBytesView)
            }
        } catch let problem as ProblemDocument {
            throw problem
        } catch {
            // The connection ended, or was closed at the body timeout (ConnectionLimits): the
            // client's doing, not a failure of the service.
            throw ProblemDocument.badRequest("the request body did not arrive whole: the connection ended or timed out")
        }
        return collected
    }
}

/// Who a request spoke for, as the request log shows it: set by the authenticator, read by the
/// access log. Never the token.
final class RequestAudit: Sendable {
    private let value = Mutex<RidePrincipal?>(nil)

    /// The principal of the request's token; nil without a known token.
    var principal: RidePrincipal? {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }
}
