import Foundation
import GRDB
import RideBooking

/// The SQLite store's idempotency keys (`RideBackend`'s idempotency requirements), under
/// SQLite's write lock: of two claims at once, the second sees the first's row.
extension RideStore {
    public func claimIdempotencyKey(_ key: IdempotencyKey, at date: Date) async throws(RideStoreError) -> IdempotencyClaim {
        let now = date.timeIntervalSince1970
        return try await transaction { tx in
            try tx.db.execute(sql: "DELETE FROM idempotency_key WHERE created_at < ?", arguments: [now - IdempotencyKey.lifetime])
            guard
                let row = try Row.fetchOne(
                    tx.db,
                    sql: "SELECT fingerprint, status, response, created_at FROM idempotency_key WHERE principal = ? AND key = ?",
                    arguments: [key.principal, key.key])
            else {
                try tx.db.execute(
                    sql: "INSERT INTO idempotency_key (principal, key, fingerprint, created_at) VALUES (?, ?, ?, ?)",
                    arguments: [key.principal, key.key, key.fingerprint, now])
                return IdempotencyClaim.claimed
            }
            guard row["fingerprint"] as String? == key.fingerprint else { return .mismatch }
            if let status: Int = row["status"] { return .completed(status: status, response: row["response"] ?? "") }
            guard (row["created_at"] as Double? ?? now) < now - IdempotencyKey.abandonedAfter else { return .inFlight }
            try tx.db.execute(
                sql: "UPDATE idempotency_key SET created_at = ? WHERE principal = ? AND key = ?",
                arguments: [now, key.principal, key.key])
            return .claimed
        }
    }

    public func completeIdempotencyKey(_ key: IdempotencyKey, status: Int, response: String) async throws(RideStoreError) {
        _ = try await transaction { tx in
            try tx.db.execute(
                sql: "UPDATE idempotency_key SET status = ?, response = ? WHERE principal = ? AND key = ? AND fingerprint = ?",
                arguments: [status, response, key.principal, key.key, key.fingerprint])
        }
    }

    public func releaseIdempotencyKey(_ key: IdempotencyKey) async throws(RideStoreError) {
        _ = try await transaction { tx in
            try tx.db.execute(
                sql: "DELETE FROM idempotency_key WHERE principal = ? AND key = ? AND fingerprint = ? AND status IS NULL",
                arguments: [key.principal, key.key, key.fingerprint])
        }
    }
}
