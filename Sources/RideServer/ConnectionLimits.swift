/// How many connections `lodestar serve` holds and for how long, so that slow or idle clients
/// cannot take every descriptor and a stop always ends.
///
/// | limit | default | range | what happens |
/// |---|---|---|---|
/// | ``maximumConnections`` | 512 | 1...100,000 | a connection beyond it is closed at once; `connection limit reached` is logged |
/// | ``headerTimeout`` | 10 s | 1...300 s | a new connection without a complete request head by then is closed |
/// | ``idleTimeout`` | 30 s | 1...3,600 s | a kept-alive connection without a new request by then is closed |
/// | ``bodyTimeout`` | 30 s | 1...3,600 s | a request whose body has not all arrived by then (from its head) is closed |
/// | ``shutdownGrace`` | 10 s | 1...300 s | after SIGTERM, requests still running by then are cancelled and serve exits |
///
/// Keep ``maximumConnections`` below the process's descriptor limit (`ulimit -n`), less what
/// the store needs (an SQLite file's few, a PostgreSQL pool's 20).
public struct ConnectionLimits: Sendable, Equatable {
    /// Connections open at once, ``connectionCounts``.
    public var maximumConnections: Int
    /// From a new connection to its first complete request head, ``timeouts``.
    public var headerTimeout: Duration
    /// Between two requests on one connection, ``timeouts``.
    public var idleTimeout: Duration
    /// From a request's head to the end of its body, ``timeouts``.
    public var bodyTimeout: Duration
    /// From a stop signal to the cancellation of what still runs, ``graces``.
    public var shutdownGrace: Duration

    /// The connection counts allowed.
    public static let connectionCounts = 1...100_000
    /// The timeouts allowed, seconds (the header timeout's at most 300).
    public static let timeouts = 1...3_600.0
    /// The shutdown graces allowed, seconds.
    public static let graces = 1...300.0

    /// Every value clamped to its range.
    public init(
        maximumConnections: Int = 512, headerTimeout: Duration = .seconds(10), idleTimeout: Duration = .seconds(30),
        bodyTimeout: Duration = .seconds(30), shutdownGrace: Duration = .seconds(10)
    ) {
        func clamp(_ d: Duration, _ range: ClosedRange<Double>) -> Duration {
            min(max(d, .seconds(range.lowerBound)), .seconds(range.upperBound))
        }
        self.maximumConnections = min(max(maximumConnections, Self.connectionCounts.lowerBound), Self.connectionCounts.upperBound)
        self.headerTimeout = clamp(headerTimeout, 1...300)
        self.idleTimeout = clamp(idleTimeout, Self.timeouts)
        self.bodyTimeout = clamp(bodyTimeout, Self.timeouts)
        self.shutdownGrace = clamp(shutdownGrace, Self.graces)
    }
}
