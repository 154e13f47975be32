// Rides kept in PostgreSQL + PostGIS, where any number of `lodestar serve` processes share them.
// `swift run PostgresRides postgres://USER@HOST:PORT/DATABASE [Examples/fleet.json]`
// (or LODESTAR_DATABASE): the database must exist, with PostGIS available to it.
import Foundation
import Geodesy
import RideBooking
import RideServer
import RideStorePostgres

let arguments = CommandLine.arguments.dropFirst()
guard let url = arguments.first ?? ProcessInfo.processInfo.environment["LODESTAR_DATABASE"] else {
    print("usage: PostgresRides postgres://USER@HOST:PORT/DATABASE [FLEET.json]")
    exit(64)
}
let fleet = try Fleet.load(contentsOf: arguments.dropFirst().first ?? "Examples/fleet.json")

// snippet.store
// A connection pool; migrate() creates or updates the schema (PostGIS geography columns, the
// indexes the nearest-vehicle query uses) and is safe to run from every server at start.
let store = try PostgresRideStore(url: url, maximumConnections: 4)
try await store.migrate()
print("schema version \(try await store.schemaVersion()) on \(store.database)")
// snippet.end

// snippet.book
// The store is a RideBackend: the ride service's backend runs on it as on SQLite's RideStore.
let backend = RideService(store: store, databaseKind: "postgresql", fleet: fleet)
try await backend.registerFleet()
// Vehicles are booked from the positions they report; here each reports its stand.
_ = try await store.reportPositions(
    fleet.vehicles.map {
        VehicleReport(vehicleIdentifier: $0.identifier, coordinate: $0.position, date: Date())
    })
let request = RideRequest(
    pickupLocation: Placemark(name: "Charing Cross", coordinate: try Coordinate(latitude: 51.5085, longitude: -0.1247)),
    dropOffLocation: Placemark(name: "British Museum", coordinate: try Coordinate(latitude: 51.5194, longitude: -0.1270)),
    partySize: 2)
let booked = try await backend.book(request, rider: "ada")
print(
    "book: \(booked.code), ride \(booked.rideStatus?.rideIdentifier ?? "none"), vehicle \(booked.rideStatus?.vehicle?.identifier ?? "none")"
)
if let ride = booked.rideStatus?.rideIdentifier, let stored = try await backend.ride(ride) {
    print("stored: ride \(ride) of \(stored.rider ?? "nobody"), phase \(stored.status.phase)")
}
// snippet.end

// snippet.close
// Close the pool before the process ends.
await store.close()
// snippet.end
