import Foundation
import Logging
import PostgresNIO
import RideBooking
import Synchronization

/// The ride store on PostgreSQL 15 + PostGIS 3, through postgres-nio's connection pool: a
/// `RideBackend` that any number of processes on any number of hosts share.
///
/// ```swift
/// let store = try PostgresRideStore(url: "postgres://lodestar@db.example:5432/rides")
/// try await store.migrate()
/// defer { Task { await store.close() } }
/// let outcome = try await store.book(order) { vehicle in makeRide(vehicle) }
/// ```
///
/// - A booking is one transaction: `SELECT … FOR UPDATE OF v SKIP LOCKED` takes the nearest
///   free vehicle (by the KNN operator `<->` on its reported position, within `ST_DWithin` of the
///   range on the spheroid) that no other booking holds, inserts the ride and marks the vehicle's
///   `active_ride_id`; a booking that meets a vehicle taken meanwhile sees the new row (READ
///   COMMITTED re-checks a locked row that changed) and passes to the next. A unique partial index
///   on the vehicle of every active ride refuses a second assignment whatever happens.
/// - Every statement is parameterised (postgres-nio's `PostgresQuery` interpolation binds every
///   value); migrations are the only statements without values.
/// - The pool runs in a task of its own from `init(configuration:database:maximumConnections:logger:)`
///   until ``close()``.
/// - Errors are `RideStoreError`s naming the URL without its password:
///   `RideStoreError/postgres(path:sqlState:message:)` for the server's, `cannotOpen` when it
///   cannot be reached, `cancelled` for a cancelled task.
/// - Fail fast: a call that has no connection from the pool within ``connectionWait`` (0.8 s)
///   asks whether the database answers at all (one connection outside the pool, at most
///   ``probeTimeout``, 0.9 s; the answer is kept for 1 s; "too many connections" is an answer). When it does not, the call fails with
///   `cannotOpen` (the service's 503) rather than waiting the minute the pool retries for; when
///   it does, the pool is only busy and the call goes on waiting. The pool keeps connecting in
///   the background, and the first call after the database is back succeeds.
public final class PostgresRideStore: Sendable {
    /// The URL without its password.
    public let database: String
    let client: PostgresClient
    let logger: Logger
    private let running: Task<Void, Never>
    /// How ``checkConnection()`` connects (outside the pool); nil when made from a client
    /// configuration, or when TLS is required.
    private let direct: PostgresConnection.Configuration?
    /// How long a call waits for a connection of the pool before it asks whether the database
    /// answers: 0.8 s. With ``probeTimeout``, a service answers 503 within 1.7 s (plus the
    /// machine's delays) while the database is down.
    public static let connectionWait: Duration = .milliseconds(800)
    /// The longest the question "does the database answer?" takes: 0.9 s to connect.
    public static let probeTimeout: Duration = .milliseconds(900)
    /// The last answer to that question, and when it was found; kept for 1 s.
    private let reachability = Mutex<(at: ContinuousClock.Instant, reachable: Bool)?>(nil)
    /// ``connectionWait`` in seconds, for messages.
    static var connectionWaitSeconds: Double {
        Double(connectionWait.components.seconds) + Double(connectionWait.components.attoseconds) / 1e18
    }

    /// Connects to the database of a `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE` URL.
    /// - Throws: `RideStoreError/cannotOpen(path:reason:)` for a URL that is not one.
    public convenience init(url: String, maximumConnections: Int = 20, logger: Logger? = nil) throws(RideStoreError) {
        guard case .postgres(let parts) = try RideDatabaseURL(parsing: url) else {
            throw .cannotOpen(path: url, reason: "not a postgres:// URL")
        }
        self.init(parts, maximumConnections: maximumConnections, logger: logger)
    }

    /// Connects to a PostgreSQL server.
    /// - Parameters:
    ///   - url: the server, user, password and database, parsed.
    ///   - maximumConnections: the pool's most connections, ≥ 1 (clamped).
    ///   - logger: where postgres-nio logs; nothing is logged when nil.
    public convenience init(_ url: RideDatabaseURL.Postgres, maximumConnections: Int = 20, logger: Logger? = nil) {
        var configuration = PostgresClient.Configuration(
            host: url.host, port: url.port, username: url.user, password: url.password, database: url.database,
            tls: url.requiresTLS ? .require(.makeClientConfiguration()) : .disable)
        configuration.options.maximumConnections = max(1, maximumConnections)
        configuration.options.minimumConnections = 0
        let direct =
            url.requiresTLS
            ? nil
            : PostgresConnection.Configuration(
                host: url.host, port: url.port, username: url.user, password: url.password, database: url.database,
                tls: .disable)
        self.init(configuration: configuration, database: url.description, logger: logger, direct: direct)
    }

    /// Connects with a postgres-nio configuration; `database` names it in errors.
    public convenience init(configuration: PostgresClient.Configuration, database: String, logger: Logger? = nil) {
        self.init(configuration: configuration, database: database, logger: logger, direct: nil)
    }

    private init(
        configuration: PostgresClient.Configuration, database: String, logger: Logger?, direct: PostgresConnection.Configuration?
    ) {
        self.direct = direct
        let logger = logger ?? Logger(label: "lodestar.ride-store", factory: { _ in SwiftLogNoOpLogHandler() })
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.client = client
        self.logger = logger
        self.database = database
        running = Task { await client.run() }
    }

    /// Closes the pool's connections and waits for them; calls after it fail.
    public func close() async {
        running.cancel()
        await running.value
    }

    /// Connects once outside the pool and closes again, so that a database that cannot be
    /// reached is a clear error at once (the pool keeps retrying for 60 s before it gives up).
    /// `RideBackend/migrate()` calls it first. Does nothing for a store made from a client
    /// configuration or over TLS.
    /// - Throws: `RideStoreError/cannotOpen(path:reason:)` (refused, unreachable, timed out) or
    ///   `RideStoreError/postgres(path:sqlState:message:)` (no such database, authentication
    ///   failed: SQLSTATE 3D000, 28P01…).
    public func checkConnection() async throws(RideStoreError) {
        guard let direct else { return }
        do {
            let connection = try await PostgresConnection.connect(
                configuration: direct, id: 0, logger: logger)
            try await connection.close()
        } catch {
            throw map(error)
        }
    }

    /// Whether the database answers: false only when a connection outside the pool is refused
    /// (nothing listens) or the server rejects it for a reason other than having too many
    /// (SQLSTATE 53300: the pool is busy, not the database down). A connection that takes longer
    /// than ``probeTimeout`` counts as an answer (a loaded machine is slow, not down): such an
    /// outage still waits for the pool. True for a store made from a client configuration or
    /// over TLS, which has none to try. One answer serves every call for 1 s.
    func isReachable() async -> Bool {
        guard var direct else { return true }
        let now = ContinuousClock.now
        if let known = reachability.withLock({ $0 }), now - known.at < .seconds(1) { return known.reachable }
        let timeout = Self.probeTimeout.components
        direct.options.connectTimeout = .nanoseconds(timeout.seconds * 1_000_000_000 + timeout.attoseconds / 1_000_000_000)
        let reachable: Bool
        do {
            let connection = try await PostgresConnection.connect(configuration: direct, id: 0, logger: logger)
            try await connection.close()
            reachable = true
        } catch let error as PSQLError {
            if let state = error.serverInfo?[.sqlState] {
                // The server answered: down only when it refuses connections for itself, not for
                // having too many (53300).
                reachable = state == "53300"
            } else if let underlying = error.underlying as? ChannelError, case .connectTimeout = underlying {
                // No answer in time proves nothing on a loaded machine: keep waiting, as before.
                reachable = true
            } else {
                reachable = false
            }
        } catch {
            reachable = false
        }
        reachability.withLock { $0 = (ContinuousClock.now, reachable) }
        return reachable
    }

    /// `body` in one transaction (`BEGIN` … `COMMIT`, rolled back if it throws), every error a
    /// ``RideStoreError`` naming the database.
    func transaction<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws(RideStoreError)
        -> T
    {
        do {
            try Task.checkCancellation()
            let (client, logger) = (client, logger)
            return try await withConnectionWait { leased in
                try await client.withTransaction(logger: logger) { connection in
                    leased.set()
                    return try await body(connection)
                }
            }
        } catch {
            throw map(error)
        }
    }

    /// Reads outside a transaction, on one connection of the pool, every error a
    /// ``RideStoreError`` naming the database.
    func read<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws(RideStoreError) -> T {
        do {
            try Task.checkCancellation()
            let client = client
            return try await withConnectionWait { leased in
                try await client.withConnection { connection in
                    leased.set()
                    return try await body(connection)
                }
            }
        } catch {
            throw map(error)
        }
    }

    /// Runs `operation`, which calls `set()` on its flag once it holds a connection; throws
    /// ``ConnectionWaitExceeded`` (and cancels it) when that has not happened within
    /// ``connectionWait`` and the database does not answer (``isReachable()``, asked again every
    /// second while the call waits). Once connected, the operation takes as long as it takes.
    private func withConnectionWait<T: Sendable>(
        _ operation: @escaping @Sendable (LeaseFlag) async throws -> T
    ) async throws -> T {
        let leased = LeaseFlag()
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await operation(leased) }
            group.addTask {
                // Asked again every second while the call still waits: a probe that timed out on
                // a loaded machine (no answer either way) does not leave the call to the pool's
                // minute; the first probe that gets an answer decides.
                try await Task.sleep(for: Self.connectionWait)
                while !leased.isSet {
                    if await !self.isReachable() { throw ConnectionWaitExceeded() }
                    try await Task.sleep(for: .seconds(1))
                }
                return nil
            }
            while let next = try await group.next() {
                if let value = next {
                    group.cancelAll()
                    return value
                }
            }
            throw CancellationError()
        }
    }

    /// A ``RideStoreError`` for any error postgres-nio or a body raised.
    func map(_ error: any Error) -> RideStoreError {
        switch error {
        case let error as RideStoreError:
            return error
        case is ConnectionWaitExceeded:
            return .cannotOpen(
                path: database,
                reason: "no connection within \(Self.connectionWaitSeconds) s, and the database does not answer")
        case is CancellationError:
            return .cancelled(path: database)
        case let error as PostgresTransactionError:
            return map(error.closureError ?? error.beginError ?? error.commitError ?? error.rollbackError ?? CancellationError())
        case let error as PSQLError where error.serverInfo?[.sqlState] == nil && error.code == .connectionError:
            let underlying = error.underlying.map { "\($0)" } ?? "\(error.code)"
            return .cannotOpen(path: database, reason: "cannot connect: \(underlying)")
        case let error as PSQLError:
            if let state = error.serverInfo?[.sqlState] {
                let message = error.serverInfo?[.message] ?? "\(error.code)"
                let detail = error.serverInfo?[.detail].map { " (\($0))" } ?? ""
                return .postgres(path: database, sqlState: state, message: message + detail)
            }
            switch error.code {
            case .queryCancelled: return .cancelled(path: database)
            case .connectionError, .serverClosedConnection, .clientClosedConnection, .poolClosed, .uncleanShutdown,
                .sslUnsupported, .unsupportedAuthMechanism, .authMechanismRequiresPassword, .saslError:
                let underlying = error.underlying.map { ": \($0)" } ?? ""
                return .cannotOpen(path: database, reason: "\(error.code)\(underlying)")
            default:
                return .postgres(path: database, sqlState: "", message: "\(error.code)")
            }
        default:
            // postgres-nio's pool gives up with ConnectionPoolError (its own module) after 60 s
            // of failed attempts to connect.
            if String(reflecting: type(of: error)).hasSuffix("ConnectionPoolError") {
                return .cannotOpen(path: database, reason: "no connection could be made (\(error))")
            }
            return .postgres(path: database, sqlState: "", message: String(describing: error))
        }
    }
}

/// Set once a call of ``PostgresRideStore`` holds a connection of the pool.
final class LeaseFlag: Sendable {
    private let flag = Mutex(false)

    var isSet: Bool { flag.withLock { $0 } }

    func set() { flag.withLock { $0 = true } }
}

/// No connection of the pool within ``PostgresRideStore/connectionWait``.
struct ConnectionWaitExceeded: Error {}
