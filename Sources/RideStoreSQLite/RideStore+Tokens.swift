import Foundation
import GRDB
import RideBooking

/// The SQLite store's bearer tokens (`RideBackend`'s token requirements): hashes only.
extension RideStore {
    public func storeToken(hash: String, principal: RidePrincipal, at date: Date, expires: Date?) async throws(RideStoreError) {
        _ = try await transaction { tx in
            try tx.db.execute(
                sql: """
                    INSERT INTO token (hash, kind, subject, created_at, expires_at, revoked_at) VALUES (?, ?, ?, ?, ?, NULL)
                    ON CONFLICT (hash) DO UPDATE SET kind = excluded.kind, subject = excluded.subject,
                        created_at = excluded.created_at, expires_at = excluded.expires_at, revoked_at = NULL
                    """,
                arguments: [hash, principal.kind, principal.subject, date.timeIntervalSince1970, expires?.timeIntervalSince1970])
        }
    }

    public func token(hash: String) async throws(RideStoreError) -> RideTokenRecord? {
        let path = path
        return try await read(empty: nil) { db in
            try Row.fetchOne(db, sql: "\(Self.tokenColumns) WHERE hash = ?", arguments: [hash]).map {
                try Self.token($0, path: path)
            }
        }
    }

    public func tokens() async throws(RideStoreError) -> [RideTokenRecord] {
        let path = path
        return try await read(empty: []) { db in
            try Row.fetchAll(
                db, sql: "\(Self.tokenColumns) ORDER BY created_at, hash LIMIT \(RideBackendSchema.maximumListLimit)"
            )
            .map { try Self.token($0, path: path) }
        }
    }

    public func revokeToken(hashPrefix: String, at date: Date) async throws(RideStoreError) -> RideTokenRevocation {
        guard RideTokenPrefix.isValid(hashPrefix) else { return .notFound }
        let path = path
        return try await transaction { tx in
            let rows = try Row.fetchAll(
                tx.db, sql: "\(Self.tokenColumns) WHERE substr(hash, 1, ?) = ? LIMIT 2",
                arguments: [hashPrefix.utf8.count, hashPrefix])
            guard rows.count == 1, var token = try rows.first.map({ try Self.token($0, path: path) }) else {
                return rows.isEmpty ? RideTokenRevocation.notFound : .ambiguous
            }
            if token.revoked == nil {
                try tx.db.execute(
                    sql: "UPDATE token SET revoked_at = ? WHERE hash = ?", arguments: [date.timeIntervalSince1970, token.hash])
                token.revoked = date
            }
            return .revoked(token)
        }
    }

    private static let tokenColumns = "SELECT hash, kind, subject, created_at, expires_at, revoked_at FROM token"

    private static func token(_ row: Row, path: String) throws -> RideTokenRecord {
        let hash: String = row["hash"] ?? ""
        guard let principal = RidePrincipal(kind: row["kind"] ?? "", subject: row["subject"]) else {
            throw RideStoreError.corrupt(
                path: path, reason: "token \(hash.prefix(RideTokenRecord.identifierLength)) has no principal")
        }
        let expires: Double? = row["expires_at"]
        let revoked: Double? = row["revoked_at"]
        return RideTokenRecord(
            hash: hash, principal: principal, created: Date(timeIntervalSince1970: row["created_at"] ?? 0),
            expires: expires.map(Date.init(timeIntervalSince1970:)), revoked: revoked.map(Date.init(timeIntervalSince1970:)))
    }
}
