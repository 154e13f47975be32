// A ride booked in process, in SiriKit's resolve → confirm → handle model: the rider's current
// location from a replayed walk, the London demo fleet, and a new SQLite store.
// `swift run BookRide [Examples/fleet.json] [Traces/walk-to-pickup.nmea]`.
import Foundation
import Lodestar
import RideBooking
import RideStoreSQLite

let arguments = CommandLine.arguments.dropFirst()
let fleetPath = arguments.first ?? "Examples/fleet.json"
let tracePath = arguments.dropFirst().first ?? "Traces/walk-to-pickup.nmea"
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lodestar-book-ride-\(UUID())")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }

// snippet.service
// The service holds the fleet, the store and the place rules; the handlers hold only the service.
// The fleet is registered in the store, and its simulated vehicles report where they stand.
let store = try RideStore(path: directory.appendingPathComponent("rides.sqlite").path)
let service = RideService(
    store: store, databaseKind: "sqlite", fleet: try Fleet.load(contentsOf: fleetPath),
    places: PlaceResolver(gazetteer: .london))
try await service.registerFleet()
do {
    var fleet = SimulatedFleet(service: service)
    try await fleet.report(at: service.now)
}
let handler = RideRequestHandler(service: service)
// snippet.end

// snippet.resolve
// Where the rider is: the last location of a walk replayed to its end (live: `.requesting(from:)`).
let walk = LocationManager(source: try NMEATraceSource(path: tracePath), clock: .virtual)
let current = await CurrentLocation.lastLocation(replaying: walk)

// No pickup given: the current location is proposed, snapped to the nearest pickup point,
// and the rider confirms it. The drop-off is a name from the gazetteer.
var request = RideRequest(dropOffLocation: Placemark(name: "British Museum"), partySize: 2)
if case .confirmationRequired(let place) = handler.resolvePickupLocation(for: request, current: current) {
    print("pickup: \(place)")
    request.pickupLocation = place  // the rider said yes
}
if case .success(let place) = handler.resolveDropOffLocation(for: request, current: current) {
    print("drop-off: \(place)")
    request.dropOffLocation = place
}
// snippet.end

// snippet.book
// Confirm quotes the nearest free vehicle; handle books it, atomically, in the store.
let quote = try await handler.confirm(request)
print("confirm: \(quote.code), vehicle \(quote.quote?.vehicle.identifier ?? "none"), \(quote.quote?.distance ?? .nan) m away")
let booked = try await handler.handle(request)
guard booked.code == .success, let ride = booked.rideStatus else {
    print("handle: \(booked.code) \(booked.failureReason ?? "")")
    exit(1)
}
print("handle: \(booked.code), ride \(ride.rideIdentifier), vehicle \(ride.vehicle?.identifier ?? "none"), phase \(ride.phase)")

let status = try await RideStatusHandler(service: service).handle(rideIdentifier: ride.rideIdentifier)
print("status: \(status.code), phase \(status.rideStatus.map { "\($0.phase)" } ?? "unknown")")
let cancelled = try await CancelRideHandler(service: service).handle(rideIdentifier: ride.rideIdentifier)
print("cancel: \(cancelled.code), completion \(cancelled.rideStatus?.completionStatus?.description ?? "none")")
// snippet.end
