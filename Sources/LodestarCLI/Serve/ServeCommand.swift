import ArgumentParser
import Foundation
import Geodesy
import Logging
import RideBooking
import RideServer

/// `lodestar serve`: the ride service over HTTP (`serve run`, the default) and its tokens
/// (`serve token create`).
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the ride flow over HTTP: intents, ride events, vehicle positions.",
        subcommands: [ServeRunCommand.self, ServeTokenCommand.self],
        defaultSubcommand: ServeRunCommand.self
    )
}

/// `lodestar serve [run]`: runs the service.
struct ServeRunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the service (the default: 'lodestar serve --listen ...' is 'lodestar serve run --listen ...').",
        discussion: """
            A JSON API that mirrors SiriKit's ride intents (OpenAPI 3.1 at /openapi.json), live \
            ride status as Server-Sent Events, vehicles' reported positions, /health and \
            Prometheus /metrics. Requests need a bearer token from 'lodestar serve token create'. \
            Rides, positions and tokens are in --database: an SQLite file (default: the file \
            'lodestar ride' uses) or PostgreSQL + PostGIS (postgres://USER@HOST[:PORT]/DATABASE), \
            which any number of 'lodestar serve' processes may share. The bound address is \
            printed on standard output ('listening on http://HOST:PORT'); logs go to standard \
            error. SIGTERM, SIGINT or SIGHUP stops it gracefully; SIGUSR1 logs a status line. \
            Each rider holds at most --max-active-rides rides at once; each rider and vehicle \
            writes at most --write-burst requests at once, then --write-rate a second (429 with \
            Retry-After beyond). See docs/cli.md, "Ride service".

            Files: /etc/default/lodestar, the environment of the lodestar-serve systemd service \
            (LODESTAR_LISTEN, LODESTAR_DATABASE, LODESTAR_SERVE_OPTIONS); \
            /var/lib/lodestar/rides.sqlite, its database. The service binds --listen itself: \
            it does not take a socket from systemd (no socket activation).

            See also: lodestar.serve.token.create(1), lodestar.vehicle(1), lodestar.ride(1).
            """
    )

    @Option(help: ArgumentHelp("Where to listen: HOST:PORT; port 0 picks a free one.", valueName: "host:port"))
    var listen = "127.0.0.1:8080"

    @Option(
        help: ArgumentHelp(
            "The store: sqlite:///PATH, a path, or postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE (default: the 'lodestar ride' file).",
            valueName: "url"))
    var database: String?

    @Option(
        help: ArgumentHelp(
            "A fleet file (JSON, see Examples/fleet.json). Default: 400 simulated vehicles around central London.",
            valueName: "file"))
    var fleet: String?

    @Flag(help: "Drive the fleet's vehicles along their rides and report their positions, for demos.")
    var simulateFleet = false

    @Option(
        help: ArgumentHelp("A vehicle whose last report is older than this is not booked (1 to 86400).", valueName: "seconds"))
    var maximumReportAge: Double = 300

    @Option(help: ArgumentHelp("Longest silence on a ride's event stream (1 to 20).", valueName: "seconds"))
    var heartbeat: Double = 15

    @Option(help: ArgumentHelp("Rides one rider may hold at once, not yet completed (1 to 100).", valueName: "count"))
    var maxActiveRides = 1

    @Option(
        help: ArgumentHelp(
            "Writes (POST, PUT, DELETE) a second for each rider and vehicle once the burst is spent (0.1 to 10000).",
            valueName: "per-second"))
    var writeRate: Double = 10

    @Option(help: ArgumentHelp("Writes each rider and vehicle may send at once (1 to 100000).", valueName: "count"))
    var writeBurst = 40

    @Option(
        help: ArgumentHelp(
            "Connections open at once; more are closed and logged (1 to 100000; keep it below 'ulimit -n').", valueName: "count"))
    var maxConnections = 512

    @Option(help: ArgumentHelp("A new connection's first request head must arrive within this (1 to 300).", valueName: "seconds"))
    var headerTimeout: Double = 10

    @Option(
        help: ArgumentHelp(
            "A kept-alive connection is closed after this long without a request (1 to 3600).", valueName: "seconds"))
    var idleTimeout: Double = 30

    @Option(help: ArgumentHelp("A request's body must arrive within this of its head (1 to 3600).", valueName: "seconds"))
    var bodyTimeout: Double = 30

    @Option(
        help: ArgumentHelp(
            "After SIGTERM, SIGINT or SIGHUP, requests still running after this are cancelled (1 to 300).", valueName: "seconds"))
    var shutdownGrace: Double = 10

    @Option(help: ArgumentHelp("Ride event streams one rider (or the operator) may hold open (1 to 10000).", valueName: "count"))
    var maxStreamsPerToken = 8

    @Option(help: ArgumentHelp("Ride event streams open on this server at once (1 to 100000).", valueName: "count"))
    var maxStreams = 256

    static let reportAgeRange = OptionRange("--maximum-report-age", 1...86_400.0, unit: "seconds")
    static let heartbeatRange = OptionRange("--heartbeat", 1...20.0, unit: "seconds")
    static let activeRidesRange = OptionRange("--max-active-rides", RideService.activeRideLimits)
    static let writeRateRange = OptionRange("--write-rate", WriteRateLimit.rates, unit: "a second")
    static let writeBurstRange = OptionRange("--write-burst", WriteRateLimit.bursts)
    static let connectionsRange = OptionRange("--max-connections", ConnectionLimits.connectionCounts)
    static let headerTimeoutRange = OptionRange("--header-timeout", 1...300.0, unit: "seconds")
    static let idleTimeoutRange = OptionRange("--idle-timeout", ConnectionLimits.timeouts, unit: "seconds")
    static let bodyTimeoutRange = OptionRange("--body-timeout", ConnectionLimits.timeouts, unit: "seconds")
    static let shutdownGraceRange = OptionRange("--shutdown-grace", ConnectionLimits.graces, unit: "seconds")
    static let streamsPerTokenRange = OptionRange("--max-streams-per-token", EventStreamLimit.perPrincipalCounts)
    static let streamsRange = OptionRange("--max-streams", EventStreamLimit.totals)

    func validate() throws {
        guard RideServerConfiguration.parseListen(listen) != nil else {
            throw ValidationError("--listen must be HOST:PORT with a port from 0 to 65535 (got \(listen))")
        }
        try Self.reportAgeRange.check(maximumReportAge)
        try Self.heartbeatRange.check(heartbeat)
        try Self.activeRidesRange.check(maxActiveRides)
        try Self.writeRateRange.check(writeRate)
        try Self.writeBurstRange.check(writeBurst)
        try Self.connectionsRange.check(maxConnections)
        try Self.headerTimeoutRange.check(headerTimeout)
        try Self.idleTimeoutRange.check(idleTimeout)
        try Self.bodyTimeoutRange.check(bodyTimeout)
        try Self.shutdownGraceRange.check(shutdownGrace)
        try Self.streamsPerTokenRange.check(maxStreamsPerToken)
        try Self.streamsRange.check(maxStreams)
    }

    func run() async throws {
        do throws(ServeExit) {
            try await serve()
        } catch {
            Diagnostics.error("\(error.description)")
            throw error.status
        }
    }

    private func serve() async throws(ServeExit) {
        guard let (host, port) = RideServerConfiguration.parseListen(listen),
            let heartbeatInterval = Duration(checkedSeconds: heartbeat)
        else { throw .error("--listen must be HOST:PORT") }
        let fleet = try Self.loadFleet(self.fleet)
        let logger = Logger(label: "lodestar.serve", factory: { ServeLogHandler(label: $0) })
        let database = try await ServeDatabase.open(self.database)
        let backend = RideService(
            store: database.store, databaseKind: database.kind, fleet: fleet, maximumReportAge: maximumReportAge,
            maximumActiveRides: maxActiveRides)
        do {
            try await backend.registerFleet()
        } catch {
            await database.close()
            throw .error("cannot register the fleet in \(database.name): \(error)")
        }
        let service = RideHTTPService(
            backend: backend,
            configuration: RideServerConfiguration(
                host: host, port: port, heartbeatInterval: heartbeatInterval,
                writeLimit: WriteRateLimit(perSecond: writeRate, burst: writeBurst),
                connections: ConnectionLimits(
                    maximumConnections: maxConnections, headerTimeout: .seconds(headerTimeout),
                    idleTimeout: .seconds(idleTimeout),
                    bodyTimeout: .seconds(bodyTimeout), shutdownGrace: .seconds(shutdownGrace)),
                eventStreams: EventStreamLimit(perPrincipal: maxStreamsPerToken, total: maxStreams)),
            logger: logger)
        let simulator = simulateFleet ? [FleetSimulator(backend: backend, logger: logger)] : []
        let databaseName = database.name
        do {
            try await service.run(services: simulator) { host, port in
                let shown = host.contains(":") ? "[\(host)]" : host
                // The line tests and scripts wait for; a failed write ends the server.
                if !StandardOutput.line("listening on http://\(shown):\(port)") {
                    logger.error("cannot write standard output")
                }
                logger.info(
                    "serving",
                    metadata: [
                        "address": "\(shown):\(port)", "database": "\(databaseName)", "vehicles": "\(fleet.vehicles.count)",
                    ])
            }
        } catch {
            await database.close()
            throw .error("\(error)")
        }
        await database.close()
        logger.info("stopped")
    }

    /// The fleet file, or (nil) 400 simulated vehicles around Charing Cross.
    static func loadFleet(_ fleet: String?) throws(ServeExit) -> Fleet {
        guard let fleet else { return .defaultSimulated(near: Self.centralLondon) }
        do {
            return try Fleet.load(contentsOf: fleet)
        } catch {
            throw .error(error.description)
        }
    }

    /// Charing Cross, the gazetteer's centre.
    static let centralLondon = Coordinate(uncheckedLatitude: 51.5074, longitude: -0.1278)
}
