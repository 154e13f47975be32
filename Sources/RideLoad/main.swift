// ride-load: books rides in a loop against a ride store, printing a line for each answer the
// moment the store has committed it. The storage tests run it, kill it with SIGKILL in the
// middle of a request, and check that every ride it reported booked is in the store; and run two
// at once to check that no vehicle is assigned twice.
//
// `RideLoad http ...` loads a ride service over HTTP instead (HTTPLoad.swift, scripts/ride-load.sh);
// `RideLoad baseline ...` is the bare Hummingbird route the status reads are compared with.
//
// The rides are booked through the one RideService over the SQLite store, as `lodestar ride`
// books them: the fleet is registered and reports where it stands once, at the start.
//
// Usage: RideLoad STORE COUNT FLEET-SIZE SEED [START]
//   START (seconds since 1970) makes it wait until then, so that two processes begin together;
//   prints "booked RIDE-ID VEHICLE-ID" or "refused CODE" per request, "error MESSAGE" on a store
//   error (then exits 1). Pickups are random points within 3 km of Charing Cross; the fleet is
//   Fleet.simulated around the same centre with 5 km radius and seed 42, so every process sees
//   the same vehicles.
import Foundation
import Geodesy
import Lodestar
import LodestarInternals
import RideBooking
import RideStoreSQLite

let arguments = CommandLine.arguments
if arguments.count > 1, arguments[1] == "http" {
    exit(HTTPLoad.runBlocking(Array(arguments.dropFirst(2))))
}
if arguments.count > 1, arguments[1] == "baseline" {
    exit(BaselineServer.runBlocking(Array(arguments.dropFirst(2))))
}
guard arguments.count == 5 || arguments.count == 6, let count = Int(arguments[2]), let fleetSize = Int(arguments[3]),
    let seed = UInt64(arguments[4]), arguments.count == 5 || Double(arguments[5]) != nil
else {
    FileHandle.standardError.write(Data("usage: RideLoad STORE COUNT FLEET-SIZE SEED [START]\n".utf8))
    exit(2)
}

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let center = Coordinate(uncheckedLatitude: 51.5085, longitude: -0.1247)
do {
    let store = try RideStore(path: arguments[1])
    let fleet = Fleet.simulated(center: center, count: fleetSize, radius: 5_000, seed: 42, identifierPrefix: "LOAD")
    let service = RideService(store: store, databaseKind: "sqlite", fleet: fleet)
    try await service.registerFleet()
    var simulated = SimulatedFleet(service: service)
    try await simulated.report(at: service.now)
    let handler = RideRequestHandler(service: service)
    var random = SplitMix64(seed: seed)
    if arguments.count == 6, let start = Double(arguments[5]) {
        let wait = Date(timeIntervalSince1970: start).timeIntervalSinceNow
        if wait > 0 { try await Task.sleep(for: .seconds(wait)) }
    }
    for _ in 0..<count {
        let pickup =
            (try? Geodesic.wgs84.destination(
                from: center, azimuth: 360 * random.nextUnit(), distance: 3_000 * random.nextUnit())) ?? center
        let request = RideRequest(pickupLocation: Placemark(coordinate: pickup), partySize: 1)
        let response = try await handler.handle(request)
        if response.code == .success, let status = response.rideStatus {
            say("booked \(status.rideIdentifier) \(status.vehicle?.identifier ?? "?")")
        } else {
            say("refused \(response.code)")
        }
    }
} catch {
    say("error \(error)")
    exit(1)
}
