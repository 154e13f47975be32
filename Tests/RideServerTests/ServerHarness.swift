import Foundation
import Geodesy
import Logging
import RideBooking
import RideServer
import RideStorePostgres
import RideStoreSQLite
import ServiceLifecycle
import Synchronization
import TestSupport

/// The store backends the service is tested against.
enum StoreKind: String, CaseIterable, Sendable, CustomStringConvertible {
    /// A new SQLite file in a temporary directory.
    case sqlite
    /// A new database on the test process's PostgreSQL + PostGIS server (``PostgresServer``).
    case postgres

    var description: String { rawValue }
}

/// A real `lodestar serve` in this process: a new, migrated store, a small fleet registered in
/// it, tokens for two riders, two vehicles and the operator, and the HTTP service on a free
/// loopback port. ``stop()`` shuts it down gracefully and removes the store.
final class ServerHarness: Sendable {
    /// Near Charing Cross: the fleet's centre and the riders' pickups.
    static let centre = Coordinate(uncheckedLatitude: 51.5074, longitude: -0.1278)

    let port: UInt16
    let backend: RideService
    let fleet: Fleet
    let riderToken: String
    let otherRiderToken: String
    let vehicleToken: String
    let otherVehicleToken: String
    let operatorToken: String
    /// The vehicles the two vehicle tokens speak for.
    let vehicle: Vehicle
    let otherVehicle: Vehicle
    let kind: StoreKind
    /// The store's SQLite path or PostgreSQL URL.
    let location: String
    private let group: ServiceGroup
    private let task: Task<Void, any Error>
    private let directory: String?
    private let postgres: PostgresRideStore?

    var probe: HTTPProbe { HTTPProbe(port: port) }
    var events: EventStreamProbe { EventStreamProbe(port: port) }

    /// Starts a server on a new store of `kind`.
    /// - Parameters:
    ///   - heartbeat: the longest silence on an event stream.
    ///   - configure: changes to the server's configuration (write limits and so on).
    ///   - maximumActiveRides: the most active rides of one rider (the service's default, 1).
    ///   - logger: the server's logger (default: warnings and above to standard error).
    ///   - postgresServer: the PostgreSQL server for `.postgres` (default: the shared one).
    ///   - sharing: another harness whose store this server shares (a second server on the same
    ///     SQLite file or PostgreSQL database, as a second process would be); nil for a new store.
    static func start(
        _ kind: StoreKind, heartbeat: Duration = .seconds(1), configure: (inout RideServerConfiguration) -> Void = { _ in },
        maximumActiveRides: Int = 1, logger: Logger? = nil, postgresServer: PostgresServer? = nil, sharing: ServerHarness? = nil
    ) async throws -> ServerHarness {
        let store: any RideBackend
        var directory: String?
        var postgres: PostgresRideStore?
        let location: String
        switch kind {
        case .sqlite:
            if let sharing {
                location = sharing.location
            } else {
                let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lodestar-serve-\(UUID().uuidString)")
                    .path
                try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
                directory = dir
                location = dir + "/rides.sqlite"
            }
            store = try RideStore(path: location)
        case .postgres:
            let server = if let postgresServer { postgresServer } else { try await PostgresServer.shared() }
            location = if let sharing { sharing.location } else { try await server.createDatabase() }
            let pg = try PostgresRideStore(url: location, maximumConnections: 8)
            postgres = pg
            store = pg
        }
        try await store.migrate()
        let fleet = Fleet.simulated(center: centre, count: 6, radius: 3_000, seed: 15, identifierPrefix: "T")
        let backend = RideService(
            store: store, databaseKind: kind == .sqlite ? "sqlite" : "postgresql", fleet: fleet,
            maximumActiveRides: maximumActiveRides)
        try await backend.registerFleet()
        func token(_ principal: RidePrincipal) async throws -> String {
            let token = RideToken.generate()
            try await store.storeToken(hash: RideToken.hash(token), principal: principal, at: Date())
            return token
        }
        let vehicles = fleet.vehicles
        var configuration = RideServerConfiguration(host: "127.0.0.1", port: 0, heartbeatInterval: heartbeat)
        configure(&configuration)
        let service = RideHTTPService(
            backend: backend, configuration: configuration,
            logger: logger
                ?? {
                    var logger = Logger(label: "lodestar.serve.test")
                    logger.logLevel = .warning
                    return logger
                }())
        let bound = AsyncStream<Int>.makeStream()
        let group = service.serviceGroup(gracefulShutdownSignals: []) { _, port in
            bound.continuation.yield(port)
            bound.continuation.finish()
        }
        // On threads of its own, as a server process has (see ServerExecutor).
        let task = Task { try await withTaskExecutorPreference(ServerExecutor.shared) { try await group.run() } }
        var port = 0
        for await p in bound.stream { port = p }
        guard port > 0, let p = UInt16(exactly: port) else {
            await group.triggerGracefulShutdown()
            throw HTTPProbe.Failure(description: "the server did not report its port")
        }
        return ServerHarness(
            port: p, backend: backend, fleet: fleet, riderToken: try await token(.rider("ada")),
            otherRiderToken: try await token(.rider("grace")), vehicleToken: try await token(.vehicle(vehicles[0].identifier)),
            otherVehicleToken: try await token(.vehicle(vehicles[1].identifier)), operatorToken: try await token(.operator),
            vehicle: vehicles[0], otherVehicle: vehicles[1], kind: kind, location: location, group: group, task: task,
            directory: directory, postgres: postgres)
    }

    private init(
        port: UInt16, backend: RideService, fleet: Fleet, riderToken: String, otherRiderToken: String, vehicleToken: String,
        otherVehicleToken: String, operatorToken: String, vehicle: Vehicle, otherVehicle: Vehicle, kind: StoreKind,
        location: String,
        group: ServiceGroup, task: Task<Void, any Error>, directory: String?, postgres: PostgresRideStore?
    ) {
        self.group = group
        self.port = port
        self.backend = backend
        self.fleet = fleet
        self.riderToken = riderToken
        self.otherRiderToken = otherRiderToken
        self.vehicleToken = vehicleToken
        self.otherVehicleToken = otherVehicleToken
        self.operatorToken = operatorToken
        self.vehicle = vehicle
        self.otherVehicle = otherVehicle
        self.kind = kind
        self.location = location
        self.task = task
        self.directory = directory
        self.postgres = postgres
    }

    /// Begins the graceful shutdown, as SIGTERM does, and waits up to `limit` for the server to
    /// end: how long it took, or nil when it had not ended (then ``stop()`` still waits for it).
    func shutdown(within limit: Duration) async -> Duration? {
        let start = ContinuousClock.now
        await group.triggerGracefulShutdown()
        let ended = Ended()
        let watcher = Task { [task] in
            _ = await task.result
            ended.set()
        }
        defer { watcher.cancel() }
        guard await waitUntil(upTo: limit, poll: .milliseconds(10), { ended.isSet }) else { return nil }
        return ContinuousClock.now - start
    }

    /// Set once the server's task has ended.
    private final class Ended: Sendable {
        private let flag = Mutex(false)
        var isSet: Bool { flag.withLock { $0 } }
        func set() { flag.withLock { $0 = true } }
    }

    /// Shuts the server down gracefully, as SIGTERM does, and removes the store.
    func stop() async {
        await group.triggerGracefulShutdown()
        _ = await task.result
        await postgres?.close()
        if let directory { try? FileManager.default.removeItem(atPath: directory) }
    }

    /// Runs SQL on the store behind the server's back, as another program would: `sqlite3` on
    /// the file, `psql` on the PostgreSQL database.
    func execute(_ sql: String) async throws {
        let (program, arguments): (String, [String]) =
            kind == .sqlite
            ? ("/usr/bin/sqlite3", [location, sql])
            : ("/usr/bin/psql", ["-X", "-q", "-v", "ON_ERROR_STOP=1", location, "-c", sql])
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("lodestar-sql-\(UUID().uuidString)").path
        defer {
            try? FileManager.default.removeItem(atPath: out + ".out")
            try? FileManager.default.removeItem(atPath: out + ".err")
        }
        let child = try ChildProcess(
            program, arguments, environment: ProcessInfo.processInfo.environment, stdout: out + ".out", stderr: out + ".err")
        guard let status = await child.exited(within: .seconds(60)), status == 0 else {
            child.stop()
            throw HTTPProbe.Failure(description: "\(program) \(sql): \(child.stderr)")
        }
    }

    /// Every other vehicle reports 20 km north, out of the service range, so that only
    /// ``vehicle`` can be booked near ``centre``; ``vehicle`` reports at `coordinate`.
    func placeVehicles(_ coordinate: Coordinate) async throws {
        var locations: [String] = []
        for v in fleet.vehicles where v.identifier != vehicle.identifier {
            let far = try Geodesic.wgs84.destination(from: Self.centre, azimuth: 0, distance: 60_000)
            locations.append(
                #"{"vehicleIdentifier":"\#(v.identifier)","coordinate":{"latitude":\#(far.latitude),"longitude":\#(far.longitude)}}"#
            )
        }
        let batch = try await probe.send(
            "POST", "/vehicles/locations", token: operatorToken, json: #"{"locations":[\#(locations.joined(separator: ","))]}"#)
        guard batch.status == 200 else { throw HTTPProbe.Failure(description: "batch report: \(batch)") }
        let own = try await report(coordinate)
        guard own.status == 200 else { throw HTTPProbe.Failure(description: "report: \(own)") }
    }

    /// ``vehicle`` reports a position with its own token.
    func report(_ coordinate: Coordinate, speed: Double = 8) async throws -> HTTPProbe.Reply {
        try await probe.send(
            "PUT", "/vehicles/\(vehicle.identifier)/location", token: vehicleToken,
            json: #"{"coordinate":{"latitude":\#(coordinate.latitude),"longitude":\#(coordinate.longitude)},"speed":\#(speed)}"#)
    }

    /// A ride request body with a pickup (and a drop-off) at coordinates, for a party of `party`.
    static func rideRequest(pickup: Coordinate, dropOff: Coordinate?, party: Int = 2) -> String {
        var body =
            #"{"pickupLocation":{"name":"Pickup","coordinate":{"latitude":\#(pickup.latitude),"longitude":\#(pickup.longitude)}},"partySize":\#(party)"#
        if let dropOff {
            body += #","dropOffLocation":{"coordinate":{"latitude":\#(dropOff.latitude),"longitude":\#(dropOff.longitude)}}"#
        }
        return body + "}"
    }
}

extension StoreKind {
    /// Runs `body` with a server on a new store of this kind, stopping it afterwards.
    func withServer(
        heartbeat: Duration = .seconds(1), configure: (inout RideServerConfiguration) -> Void = { _ in },
        maximumActiveRides: Int = 1,
        logger: Logger? = nil, _ body: (ServerHarness) async throws -> Void
    ) async throws {
        let server = try await ServerHarness.start(
            self, heartbeat: heartbeat, configure: configure, maximumActiveRides: maximumActiveRides, logger: logger)
        do {
            try await body(server)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }
}

extension StoreKind {
    /// Runs `body` with two servers sharing one new store of this kind (as two processes would:
    /// their own pools, tokens and change feeds), stopping both afterwards.
    func withTwoServers(heartbeat: Duration = .seconds(1), _ body: (ServerHarness, ServerHarness) async throws -> Void)
        async throws
    {
        let a = try await ServerHarness.start(self, heartbeat: heartbeat)
        do {
            let b = try await ServerHarness.start(self, heartbeat: heartbeat, sharing: a)
            do {
                try await body(a, b)
            } catch {
                await b.stop()
                throw error
            }
            await b.stop()
        } catch {
            await a.stop()
            throw error
        }
        await a.stop()
    }
}

extension ServerHarness {
    /// Sends a request and records the response for the OpenAPI check under the operation's
    /// path template.
    func call(
        _ method: String, _ path: String, _ template: String, token: String?, json: String? = nil, body: [UInt8]? = nil,
        into api: OpenAPIConformance
    ) async throws -> HTTPProbe.Reply {
        let reply = try await probe.send(method, path, token: token, json: json, body: body)
        api.record(method, template, reply)
        return reply
    }

    /// Books a ride for the rider of `token`: the reply's ride identifier, or a failure.
    func book(_ body: String, token: String, into api: OpenAPIConformance) async throws -> String {
        let reply = try await call("POST", "/rides", "/rides", token: token, json: body, into: api)
        guard reply.status == 201, let status = reply.json["rideStatus"] as? [String: Any],
            let id = status["rideIdentifier"] as? String
        else {
            throw HTTPProbe.Failure(description: "booking failed: \(reply)")
        }
        return id
    }
}

/// A point `distance` metres from `origin` towards `azimuth` degrees.
func point(from origin: Coordinate, azimuth: Double, distance: Double) -> Coordinate {
    (try? Geodesic.wgs84.destination(from: origin, azimuth: azimuth, distance: distance)) ?? origin
}
