/// A client's `Idempotency-Key` for one write (IETF httpapi draft "The Idempotency-Key HTTP
/// Header Field"): the same key from the same principal with the same request gets the first
/// response, on any server sharing the store, for ``lifetime`` seconds.
public struct IdempotencyKey: Sendable, Hashable {
    /// Whom the key belongs to (`RidePrincipal.description`): keys of different principals never meet.
    public var principal: String
    /// The key as the client sent it, 1...255 bytes.
    public var key: String
    /// What identifies the request: a hash of its method, path and body. The same key with
    /// another fingerprint is refused (``IdempotencyClaim/mismatch``).
    public var fingerprint: String

    public init(principal: String, key: String, fingerprint: String) {
        self.principal = principal
        self.key = key
        self.fingerprint = fingerprint
    }

    /// How long a key is kept, seconds: 24 h.
    public static let lifetime = 86_400.0
    /// How long a claimed key may wait for its response before another request may take it
    /// over (its server died mid-request), seconds: 60.
    public static let abandonedAfter = 60.0
}

/// What `RideBackend.claimIdempotencyKey(_:at:)` found.
public enum IdempotencyClaim: Sendable, Hashable {
    /// The key is new (or expired, or abandoned): this request runs, then completes or releases it.
    case claimed
    /// The same request with this key is running now (on this server or another).
    case inFlight
    /// The request with this key has its response: HTTP status and stored text.
    case completed(status: Int, response: String)
    /// The key was used for another request (another fingerprint).
    case mismatch
}
