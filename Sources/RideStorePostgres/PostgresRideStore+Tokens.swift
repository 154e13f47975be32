import Foundation
import PostgresNIO
import RideBooking

/// The PostgreSQL store's bearer tokens (`RideBackend`'s token requirements): hashes only.
extension PostgresRideStore {
    /// Stores a bearer token's SHA-256 (never the token) with the principal it speaks for and its
    /// expiry; storing a hash again replaces them and clears a revocation.
    public func storeToken(hash: String, principal: RidePrincipal, at date: Date, expires: Date?) async throws(RideStoreError) {
        try await transaction { connection in
            _ = try await connection.query(
                """
                INSERT INTO token (hash, kind, subject, created_at, expires_at, revoked_at)
                VALUES (\(hash), \(principal.kind), \(principal.subject), \(date.timeIntervalSince1970),
                        \(expires?.timeIntervalSince1970), NULL)
                ON CONFLICT (hash) DO UPDATE SET kind = excluded.kind, subject = excluded.subject,
                    created_at = excluded.created_at, expires_at = excluded.expires_at, revoked_at = NULL
                """, logger: self.logger)
        }
    }

    /// The token with this SHA-256, expired or revoked too; nil for an unknown one.
    public func token(hash: String) async throws(RideStoreError) -> RideTokenRecord? {
        try await read { client in
            try await self.tokens(
                client.query(
                    "SELECT hash, kind, subject, created_at, expires_at, revoked_at FROM token WHERE hash = \(hash)",
                    logger: self.logger)
            ).first
        }
    }

    /// Every token, oldest first (hashes only), at most `RideBackendSchema.maximumListLimit`.
    public func tokens() async throws(RideStoreError) -> [RideTokenRecord] {
        try await read { client in
            try await self.tokens(
                client.query(
                    """
                    SELECT hash, kind, subject, created_at, expires_at, revoked_at FROM token
                    ORDER BY created_at, hash LIMIT \(RideBackendSchema.maximumListLimit)
                    """, logger: self.logger))
        }
    }

    /// Revokes the one token whose hash starts with `hashPrefix`; nothing when it is ambiguous.
    public func revokeToken(hashPrefix: String, at date: Date) async throws(RideStoreError) -> RideTokenRevocation {
        guard RideTokenPrefix.isValid(hashPrefix) else { return .notFound }
        return try await transaction { connection in
            let found = try await self.tokens(
                connection.query(
                    """
                    SELECT hash, kind, subject, created_at, expires_at, revoked_at FROM token
                    WHERE left(hash, \(Int32(hashPrefix.utf8.count))::int4) = \(hashPrefix) LIMIT 2 FOR UPDATE
                    """, logger: self.logger))
            guard found.count == 1, var token = found.first else {
                return found.isEmpty ? RideTokenRevocation.notFound : .ambiguous
            }
            if token.revoked == nil {
                _ = try await connection.query(
                    "UPDATE token SET revoked_at = \(date.timeIntervalSince1970) WHERE hash = \(token.hash)", logger: self.logger)
                token.revoked = date
            }
            return .revoked(token)
        }
    }

    private func tokens(_ rows: PostgresRowSequence) async throws -> [RideTokenRecord] {
        var tokens: [RideTokenRecord] = []
        for try await (hash, kind, subject, created, expires, revoked) in rows.decode(
            (String, String, String?, Double, Double?, Double?).self)
        {
            guard let principal = RidePrincipal(kind: kind, subject: subject) else {
                throw RideStoreError.corrupt(
                    path: database, reason: "token \(hash.prefix(RideTokenRecord.identifierLength)) has no principal")
            }
            tokens.append(
                RideTokenRecord(
                    hash: hash, principal: principal, created: Date(timeIntervalSince1970: created),
                    expires: expires.map(Date.init(timeIntervalSince1970:)),
                    revoked: revoked.map(Date.init(timeIntervalSince1970:))))
        }
        return tokens
    }
}
