import Hummingbird
import HummingbirdAuth
import Logging
import RideBooking
import ServiceLifecycle
import UnixSignals

/// The ride service over HTTP: a Hummingbird router of small handlers that call `RideBooking`
/// through RideBooking's `RideService`, with middleware for what cuts across (metrics and logs,
/// problem documents, bearer tokens), run under swift-service-lifecycle.
///
/// ```swift
/// let service = RideHTTPService(backend: backend, configuration: .init(host: "127.0.0.1", port: 0))
/// try await service.run(gracefulShutdownSignals: [.sigterm, .sigint]) { host, port in
///     print("listening on http://\(host):\(port)")
/// }
/// ```
/// On SIGTERM, SIGINT or SIGHUP (or when the task is cancelled) the server stops accepting connections,
/// ends open event streams, finishes the requests in flight and returns.
public struct RideHTTPService: Sendable {
    /// The rides, vehicles and tokens.
    public let backend: RideService
    /// Where it listens and how it streams.
    public let configuration: RideServerConfiguration
    /// The metrics `/metrics` shows.
    public let metrics: ServerMetrics
    /// Where requests and lifecycle events are logged.
    public let logger: Logger
    /// The operator's regions and the vehicles' crossings of them (`/regions`).
    public let regions: OperatorRegions
    private let writeLimiter: WriteRateLimiter
    private let streamQuota: EventStreamQuota
    private let tokens: TokenCache
    private let changes: RideChangeHub
    private let statuses: StatusCache

    public init(backend: RideService, configuration: RideServerConfiguration, logger: Logger = Logger(label: "lodestar.serve")) {
        self.backend = backend
        self.configuration = configuration
        self.metrics = ServerMetrics()
        self.logger = logger
        self.regions = OperatorRegions()
        self.writeLimiter = WriteRateLimiter(limit: configuration.writeLimit)
        self.streamQuota = EventStreamQuota(limit: configuration.eventStreams)
        self.tokens = TokenCache(store: backend.store, now: { backend.now })
        self.statuses = StatusCache(lifetime: configuration.statusLifetime)
        self.changes = RideChangeHub(
            store: backend.store, pollInterval: configuration.pollInterval, heartbeatInterval: configuration.heartbeatInterval,
            statuses: statuses)
    }

    /// The router with every route and middleware.
    public func router() -> Router<RideRequestContext> {
        let router = Router(context: RideRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: AccessMiddleware(metrics: metrics))
        router.add(middleware: HeadMiddleware<RideRequestContext>())
        router.add(middleware: ProblemMiddleware<RideRequestContext>())
        router.add(middleware: BearerTokenAuthenticator(tokens: tokens))
        router.add(middleware: WriteLimitMiddleware(limiter: writeLimiter))
        ServiceRoutes(backend: backend, metrics: metrics).add(to: router)
        IntentRoutes(backend: backend, metrics: metrics, statuses: statuses).add(to: router)
        VehicleRoutes(backend: backend, metrics: metrics, regions: regions, statuses: statuses).add(to: router)
        RegionRoutes(regions: regions, metrics: metrics, heartbeatInterval: configuration.heartbeatInterval).add(to: router)
        let events = RideEventStream(backend: backend, metrics: metrics, hub: changes)
        let quota = streamQuota
        router.get("rides/:rideIdentifier/events") { request, context in
            let status = try await IntentRoutes(backend: backend, metrics: metrics, statuses: statuses).ownRide(context)
            guard let ticket = quota.acquire(try context.principal().description) else {
                throw ProblemDocument.tooManyRideStreams(quota.limit)
            }
            return events.response(
                for: status, lastEventID: RideEventStream.lastEventID(request.headers), ticket: ticket, logger: context.logger)
        }
        Self.refuseOtherMethods(router)
        return router
    }

    /// Answers every method a route does not declare with 405 and `Allow` (rather than the 404
    /// of a path that does not exist). A route with `GET` also takes `HEAD` (the router generates it).
    private static func refuseOtherMethods(_ router: Router<RideRequestContext>) {
        var declared: [String: (path: RouterPath, methods: [HTTPRequest.Method])] = [:]
        var order: [String] = []
        for route in router.routes {
            let key = route.path.description
            if declared[key] == nil { order.append(key) }
            declared[key, default: (route.path, [])].methods.append(route.method)
            if route.method == .get { declared[key, default: (route.path, [])].methods.append(.head) }
        }
        let methods: [HTTPRequest.Method] = [.get, .head, .post, .put, .delete, .patch, .options, .trace]
        for key in order {
            guard let (path, allowed) = declared[key] else { continue }
            let allow = allowed.map(\.rawValue).joined(separator: ", ")
            for method in methods where !allowed.contains(method) {
                router.on(path, method: method) { _, _ -> Response in
                    throw ProblemDocument.methodNotAllowed(allow: allow)
                }
            }
        }
    }

    /// The signals that stop the server gracefully: SIGTERM, SIGINT and SIGHUP (a closed
    /// terminal or a supervisor's "reload": the configuration is read only at start, so a
    /// restart is what reloads it).
    public static let stopSignals: [UnixSignal] = [.sigterm, .sigint, .sighup]

    /// Runs the server (and `services`, such as the simulated fleet) until one of
    /// `gracefulShutdownSignals` arrives or the task is cancelled, then shuts down gracefully.
    /// SIGUSR1 logs a status line (`StatusSignalService`) and never ends the process.
    /// - Parameters:
    ///   - services: more services to run beside the server, such as the simulated fleet.
    ///   - gracefulShutdownSignals: the signals that stop it gracefully; default ``stopSignals``.
    ///   - onBound: called once the socket is bound, with the host and the real port
    ///     (the one the system picked when the configuration's port is 0).
    public func run(
        services: [any Service] = [], gracefulShutdownSignals: [UnixSignal] = Self.stopSignals,
        onBound: @escaping @Sendable (_ host: String, _ port: Int) async -> Void
    ) async throws {
        // Trapped before the socket is bound, so that no SIGUSR1 can find its default action.
        let status = StatusSignalService(signals: await UnixSignalsSequence(trapping: .sigusr1), metrics: metrics, logger: logger)
        try await serviceGroup(services: services + [status], gracefulShutdownSignals: gracefulShutdownSignals, onBound: onBound)
            .run()
    }

    /// The server and `services` as a service group to run; its `triggerGracefulShutdown()`
    /// stops it as SIGTERM would.
    public func serviceGroup(
        services: [any Service] = [], gracefulShutdownSignals: [UnixSignal] = Self.stopSignals,
        onBound: @escaping @Sendable (_ host: String, _ port: Int) async -> Void
    ) -> ServiceGroup {
        let host = configuration.host
        let limits = configuration.connections
        let counter = ConnectionCounter(limits: limits, logger: logger)
        let idle = limits.idleTimeout.components
        let app = Application(
            router: router(),
            server: .http1(
                configuration: .init(
                    additionalChannelHandlers: [ConnectionGuard(counter: counter)],
                    idleTimeout: .nanoseconds(idle.seconds * 1_000_000_000 + idle.attoseconds / 1_000_000_000))),
            configuration: .init(address: .hostname(host, port: configuration.port), serverName: "lodestar"),
            onServerRunning: { channel in await onBound(host, channel.localAddress?.port ?? 0) },
            logger: logger)
        var group = ServiceGroupConfiguration(
            services: [app, changes] + services, gracefulShutdownSignals: gracefulShutdownSignals, logger: logger)
        // A request that never ends (a body that stalls, a client that stops reading) is cancelled
        // after the grace period: a stop always ends.
        group.maximumGracefulShutdownDuration = limits.shutdownGrace
        return ServiceGroup(configuration: group)
    }
}
