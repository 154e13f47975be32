import Foundation
import Geodesy
import RideAPI
import RideBooking
import RideClient
import TestSupport
import Testing

/// Issue 15's first acceptance test: one PostgreSQL, two `lodestar serve` on it; the rider books
/// through server A, the vehicle reports through `lodestar vehicle --trace` to server B, and the
/// rider's Server-Sent Events on A show every phase the vehicle's reported positions cause, with
/// the same ride identifier throughout.
@Suite("Ride service acceptance: a rider on one server, the vehicle on another, one PostgreSQL", .serialized)
struct RideAcceptanceTests {
    /// Traces/ride-vehicle.nmea: 120 s waiting 1,017 m from the pickup, the drive, 40 s at the
    /// pickup, 835 m to the drop-off, 60 s there (Traces/README.md).
    static let trace = TestData.package("Traces/ride-vehicle.nmea").path
    static let pickup = Coordinate(uncheckedLatitude: 51.50850, longitude: -0.12470)
    static let dropOff = Coordinate(uncheckedLatitude: 51.50100, longitude: -0.12500)
    static let vehicle = "RIDE-TEST-1"

    @Test("booked on A, reported to B: approachingPickup, pickup, ongoing, completed on A's event stream, one ride id")
    func riderOnOneServerVehicleOnAnother() async throws {
        let harness = try await ServiceHarness.postgres()
        defer { harness.remove() }
        try await harness.registerVehicle(Self.vehicle)
        let riderToken = try await harness.token(["--rider", "alice"])
        let vehicleToken = try await harness.token(["--vehicle", Self.vehicle])
        let a = try await harness.startServer(name: "serve-a")
        defer { a.process.stop() }
        let b = try await harness.startServer(name: "serve-b")
        defer { b.process.stop() }

        // The vehicle reports to B, the trace replayed 15 times faster than it was recorded: its
        // 120 s wait at the start is 8 s here, in which the rider books.
        let vehicleProcess = try ChildProcess(
            ServiceHarness.lodestar,
            [
                "vehicle", "--trace", Self.trace, "--speed", "15", "--server", b.url, "--id", Self.vehicle, "--token",
                vehicleToken,
            ],
            environment: ProcessInfo.processInfo.environment, stdout: harness.path("vehicle.out"),
            stderr: harness.path("vehicle.err"))
        defer { vehicleProcess.stop() }

        // The rider books on A as soon as A sees the vehicle (B stored its first position). The
        // vehicle's 8 s at the pickup begin with its first report, whenever the process gets that
        // far: under a full suite's load its start alone has taken more than 8 s, so the bound
        // is on the whole wait, not on the window.
        let rider = RideServiceClient(endpoint: try RideServiceEndpoint(url: a.url, token: riderToken))
        let request = RideRequestBody(pickup: Self.pickup, dropOff: Self.dropOff, partySize: 1)
        var booked: RideStatus?
        var last = ""
        let deadline = ContinuousClock.now + .seconds(60)
        while booked == nil, ContinuousClock.now < deadline {
            let answer = try await rider.requestRide(request).decode(RequestRideBody.self)
            if answer.code == .success {
                booked = answer.rideStatus?.status
            } else {
                last = "\(answer.code) \(answer.failureReason ?? "")"
            }
            if booked == nil { try await Task.sleep(for: .milliseconds(100)) }
        }
        let ride = try #require(booked, "not booked within 60 s: \(last); vehicle said: \(vehicleProcess.stderr)")
        #expect(ride.vehicle?.identifier == Self.vehicle)
        #expect(ride.phase == .confirmed)

        // The rider follows the ride on A until it is completed (the trace lasts 27 s here).
        let seen = try await withThrowingTaskGroup(of: ([String], Set<String>)?.self) { group in
            group.addTask {
                try await Task.sleep(for: .seconds(90))
                return nil
            }
            group.addTask {
                var phases: [String] = []
                var identifiers: Set<String> = []
                for try await event in rider.rideEvents(ride.rideIdentifier) where event.event == "status" {
                    let status = try APICoding.decode(RideStatusBody.self, from: event.data.utf8).status
                    identifiers.insert(status.rideIdentifier)
                    if phases.last != "\(status.phase)" { phases.append("\(status.phase)") }
                    if status.phase == .completed { break }
                }
                return (phases, identifiers)
            }
            let first = try await group.next() ?? nil
            group.cancelAll()
            return first
        }
        let (phases, identifiers) = try #require(seen, "not completed within 90 s; vehicle said: \(vehicleProcess.stderr)")
        #expect(identifiers == [ride.rideIdentifier])
        // Each phase once, in order (the stream starts with the status at the time it is opened).
        let expected = ["approachingPickup", "pickup", "ongoing", "completed"]
        #expect(phases.filter(expected.contains) == expected, "phases seen: \(phases)")

        // The vehicle replayed its whole trace and ended well, reporting only to B.
        let status = await vehicleProcess.exited(within: .seconds(60))
        #expect(status == 0, "vehicle: \(vehicleProcess.stderr)")
        let sent = vehicleProcess.stdout.split(separator: "\n").filter { $0.hasSuffix("sent") }
        // 406 epochs: at least one report per 5 s of trace time (82), and far fewer than one per epoch.
        #expect(sent.count >= 82 && sent.count < 300, "\(sent.count) reports")
    }
}
