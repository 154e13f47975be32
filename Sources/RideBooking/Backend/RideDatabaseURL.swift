import Foundation

/// Where a ride service keeps its rides, as given to `--database`:
///
/// - `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE` (or `postgresql://`): PostgreSQL + PostGIS
///   (`PostgresRideStore`, module `RideStorePostgres`). Port 5432 when not given. A query
///   `?sslmode=disable|prefer|require` is accepted; this backend connects without TLS unless
///   `require` is given.
/// - `sqlite:///ABSOLUTE/PATH`, `sqlite:RELATIVE/PATH`, or a plain path: the SQLite file
///   (`RideStore`).
public enum RideDatabaseURL: Sendable, Hashable {
    /// An SQLite file.
    case sqlite(path: String)
    /// A PostgreSQL server.
    case postgres(Postgres)

    /// The parts of a PostgreSQL URL.
    public struct Postgres: Sendable, Hashable, CustomStringConvertible {
        public var host: String
        /// 1...65535; default 5432.
        public var port: Int
        public var user: String
        public var password: String?
        public var database: String
        /// Whether TLS is required (`sslmode=require`).
        public var requiresTLS: Bool

        public init(
            host: String, port: Int = 5432, user: String, password: String? = nil, database: String, requiresTLS: Bool = false
        ) {
            self.host = host
            self.port = port
            self.user = user
            self.password = password
            self.database = database
            self.requiresTLS = requiresTLS
        }

        /// The URL without its password, as errors and logs name the database.
        public var description: String {
            "postgres://\(user)\(password == nil ? "" : ":***")@\(host.contains(":") ? "[\(host)]" : host):\(port)/\(database)"
        }
    }

    /// Parses a `--database` value.
    /// - Throws: ``RideStoreError/cannotOpen(path:reason:)`` naming what is wrong.
    public init(parsing text: String) throws(RideStoreError) {
        let lower = text.lowercased()
        if lower.hasPrefix("postgres://") || lower.hasPrefix("postgresql://") {
            self = .postgres(try Self.postgres(text))
        } else if lower.hasPrefix("sqlite://") {
            let path = String(text.dropFirst("sqlite://".count))
            guard path.hasPrefix("/") else {
                throw .cannotOpen(path: text, reason: "sqlite:// needs an absolute path (sqlite:///PATH)")
            }
            self = .sqlite(path: path)
        } else if lower.hasPrefix("sqlite:") {
            let path = String(text.dropFirst("sqlite:".count))
            guard !path.isEmpty else { throw .cannotOpen(path: text, reason: "no path after sqlite:") }
            self = .sqlite(path: path)
        } else if text.isEmpty {
            throw .cannotOpen(path: text, reason: "an empty database name")
        } else if text.contains("://") {
            throw .cannotOpen(path: text, reason: "unknown scheme (postgres:// or sqlite:// or a path)")
        } else {
            self = .sqlite(path: text)
        }
    }

    private static func postgres(_ text: String) throws(RideStoreError) -> Postgres {
        guard let parts = URLComponents(string: text), let host = parts.host, !host.isEmpty else {
            throw .cannotOpen(path: text, reason: "not a URL postgres://USER@HOST[:PORT]/DATABASE")
        }
        guard let user = parts.user, !user.isEmpty else {
            throw .cannotOpen(path: text, reason: "no user (postgres://USER@HOST/DATABASE)")
        }
        let database = String(parts.path.drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else {
            throw .cannotOpen(path: text, reason: "no database name (postgres://USER@HOST/DATABASE)")
        }
        let port = parts.port ?? 5432
        guard (1...65_535).contains(port) else { throw .cannotOpen(path: text, reason: "port \(port) is not in 1...65535") }
        var tls = false
        for item in parts.queryItems ?? [] {
            switch (item.name, item.value) {
            case ("sslmode", "require"): tls = true
            case ("sslmode", "disable"), ("sslmode", "prefer"), ("sslmode", "allow"): tls = false
            default: throw .cannotOpen(path: text, reason: "unsupported parameter \(item.name)=\(item.value ?? "")")
            }
        }
        let trimmedHost = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        return Postgres(
            host: trimmedHost, port: port, user: user.removingPercentEncoding ?? user,
            password: parts.password.map { $0.removingPercentEncoding ?? $0 },
            database: database.removingPercentEncoding ?? database,
            requiresTLS: tls)
    }
}
