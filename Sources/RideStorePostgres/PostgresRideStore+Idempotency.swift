import Foundation
import PostgresNIO
import RideBooking

/// The PostgreSQL store's idempotency keys: the primary key (principal, key) decides between
/// two servers claiming one key at once (`INSERT … ON CONFLICT DO NOTHING`), and the row of a
/// key already there is read under `FOR UPDATE`.
extension PostgresRideStore {
    public func claimIdempotencyKey(_ key: IdempotencyKey, at date: Date) async throws(RideStoreError) -> IdempotencyClaim {
        let now = date.timeIntervalSince1970
        return try await transaction { connection in
            try await connection.query(
                "DELETE FROM idempotency_key WHERE created_at < \(now - IdempotencyKey.lifetime)", logger: self.logger)
            let inserted = try await connection.query(
                """
                INSERT INTO idempotency_key (principal, key, fingerprint, created_at)
                VALUES (\(key.principal), \(key.key), \(key.fingerprint), \(now))
                ON CONFLICT (principal, key) DO NOTHING RETURNING 1
                """, logger: self.logger
            ).collect()
            if !inserted.isEmpty { return IdempotencyClaim.claimed }
            guard
                let row = try await connection.query(
                    """
                    SELECT fingerprint, status, response, created_at FROM idempotency_key
                    WHERE principal = \(key.principal) AND key = \(key.key) FOR UPDATE
                    """, logger: self.logger
                ).collect().first
            else { return .inFlight }
            let (fingerprint, status, response, created) = try row.decode((String, Int?, String?, Double).self)
            guard fingerprint == key.fingerprint else { return .mismatch }
            if let status { return .completed(status: status, response: response ?? "") }
            guard created < now - IdempotencyKey.abandonedAfter else { return .inFlight }
            try await connection.query(
                "UPDATE idempotency_key SET created_at = \(now) WHERE principal = \(key.principal) AND key = \(key.key)",
                logger: self.logger)
            return .claimed
        }
    }

    public func completeIdempotencyKey(_ key: IdempotencyKey, status: Int, response: String) async throws(RideStoreError) {
        try await transaction { connection in
            _ = try await connection.query(
                """
                UPDATE idempotency_key SET status = \(status), response = \(response)
                WHERE principal = \(key.principal) AND key = \(key.key) AND fingerprint = \(key.fingerprint)
                """, logger: self.logger)
        }
    }

    public func releaseIdempotencyKey(_ key: IdempotencyKey) async throws(RideStoreError) {
        try await transaction { connection in
            _ = try await connection.query(
                """
                DELETE FROM idempotency_key
                WHERE principal = \(key.principal) AND key = \(key.key) AND fingerprint = \(key.fingerprint) AND status IS NULL
                """, logger: self.logger)
        }
    }
}
