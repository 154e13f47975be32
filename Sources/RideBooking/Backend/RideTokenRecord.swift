import Foundation

/// A bearer token as the store holds it: its SHA-256, never the token, with whom it speaks for,
/// when it was made, when it expires and when it was revoked. `lodestar serve token list` shows
/// these, naming each token by ``identifier``.
public struct RideTokenRecord: Sendable, Hashable {
    /// The token's SHA-256, 64 lowercase hexadecimal digits (`RideToken.hash(_:)`, module RideServer).
    public var hash: String
    /// Whom the token speaks for.
    public var principal: RidePrincipal
    /// When it was made.
    public var created: Date
    /// When it stops being accepted; nil for never.
    public var expires: Date?
    /// When it was revoked; nil while it is not.
    public var revoked: Date?

    public init(hash: String, principal: RidePrincipal, created: Date, expires: Date? = nil, revoked: Date? = nil) {
        self.hash = hash
        self.principal = principal
        self.created = created
        self.expires = expires
        self.revoked = revoked
    }

    /// The first ``identifierLength`` digits of the hash: how `serve token list` names the token
    /// and `serve token revoke` finds it. Not a secret: the hash cannot be turned back into the token.
    public var identifier: String { String(hash.prefix(Self.identifierLength)) }

    /// The digits of ``identifier``.
    public static let identifierLength = 12

    /// Whether the token is accepted at `date`: not revoked (at or before it) and not expired.
    public func isValid(at date: Date) -> Bool {
        if let revoked, revoked <= date { return false }
        if let expires, expires <= date { return false }
        return true
    }
}

/// What `RideBackend.revokeToken(hashPrefix:at:)` did.
public enum RideTokenRevocation: Sendable, Hashable {
    /// The one token whose hash starts with the prefix is revoked (or was already: its first
    /// revocation time is kept).
    case revoked(RideTokenRecord)
    /// No token's hash starts with the prefix.
    case notFound
    /// More than one token's hash starts with the prefix; none was revoked.
    case ambiguous
}

/// The hash prefixes `revokeToken(hashPrefix:at:)` takes: ``RideTokenRecord/identifierLength``
/// to 64 lowercase hexadecimal digits.
public enum RideTokenPrefix {
    /// Whether `prefix` is one.
    public static func isValid(_ prefix: String) -> Bool {
        (RideTokenRecord.identifierLength...64).contains(prefix.utf8.count)
            && prefix.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
