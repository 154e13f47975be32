// The ride service over HTTP in one process: `lodestar serve`'s server (RideServer) on a free
// loopback port over a new SQLite store, and a rider booking through its client (RideClient).
// `swift run RideOverHTTP [Examples/fleet.json]`.
import Foundation
import Geodesy
import Logging
import RideAPI
import RideBooking
import RideClient
import RideServer
import RideStoreSQLite
import ServiceLifecycle

let fleetPath = CommandLine.arguments.dropFirst().first ?? "Examples/fleet.json"
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lodestar-ride-http-\(UUID())")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }

// snippet.server
// The store (SQLite here; PostgresRideStore for several servers), migrated; the fleet registered;
// a bearer token for one rider, of which the store keeps only the SHA-256.
let store = try RideStore(path: directory.appendingPathComponent("rides.sqlite").path)
try await store.migrate()
let fleet = try Fleet.load(contentsOf: fleetPath)
let backend = RideService(store: store, databaseKind: "sqlite", fleet: fleet)
try await backend.registerFleet()
// Vehicles are booked from the positions they report (`lodestar vehicle` sends them over HTTP);
// here each reports its stand.
_ = try await store.reportPositions(
    fleet.vehicles.map {
        VehicleReport(vehicleIdentifier: $0.identifier, coordinate: $0.position, date: Date())
    })
let token = RideToken.generate()
try await store.storeToken(hash: RideToken.hash(token), principal: .rider("ada"), at: Date())

// Port 0: the system picks a free port, and `onBound` says which.
var logger = Logger(label: "ride-server")
logger.logLevel = .warning
let http = RideHTTPService(backend: backend, configuration: RideServerConfiguration(host: "127.0.0.1", port: 0), logger: logger)
// The server runs as a swift-service-lifecycle ServiceGroup (`run` adds SIGTERM and SIGINT).
let bound = AsyncStream<Int>.makeStream()
let group = http.serviceGroup(gracefulShutdownSignals: []) { _, port in bound.continuation.yield(port) }
let server = Task { try await group.run() }
var port = 0
for await p in bound.stream {
    port = p
    break
}
print("serving on 127.0.0.1:\(port)")
// snippet.end

// snippet.client
// The rider's side: the same requests `lodestar ride --server` sends.
let client = RideServiceClient(endpoint: try RideServiceEndpoint(url: "http://127.0.0.1:\(port)", token: token))
let body = RideRequestBody(
    pickup: try Coordinate(latitude: 51.5085, longitude: -0.1247), dropOffName: "British Museum", partySize: 2)
// The answers are RideAPI's bodies, the types the server wrote them from: codes are SiriKit's enums.
let booked = try await client.requestRide(body).decode(RequestRideBody.self)
let ride = booked.rideStatus?.status
print("POST /rides: \(booked.code), ride \(ride?.rideIdentifier ?? "none"), vehicle \(ride?.vehicle?.identifier ?? "none")")
if booked.code == .success, let ride = ride?.rideIdentifier {
    let status = try await client.rideStatus(ride).decode(GetRideStatusBody.self)
    print("GET /rides/\(ride): \(status.code), phase \(status.rideStatus.map { "\($0.status.phase)" } ?? "unknown")")
    let cancelled = try await client.cancelRide(ride).decode(CancelRideBody.self)
    print(
        "POST /rides/\(ride)/cancel: \(cancelled.code), completion \(cancelled.rideStatus?.status.completionStatus?.rawValue ?? "none")"
    )
}
// snippet.end

// snippet.stop
// A graceful shutdown, as SIGTERM gives `lodestar serve`: requests in flight are answered first.
await group.triggerGracefulShutdown()
try await server.value
print("stopped")
// snippet.end
