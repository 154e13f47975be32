import Foundation
import TestSupport
import Testing

/// `lodestar ride request --gpsd`: the pickup from a real gpsd, fed by gpsfake replaying the walk.
@Suite("lodestar ride --gpsd")
struct RideGPSDTests {
    @Test("the pickup is the first location gpsd delivers, snapped to the pickup point at the walk's start", .tags(.liveGPSD))
    func pickupFromGPSD() async throws {
        let h = try await Sandbox.acquire()
        defer { h.release() }
        let walk = TestData.packageRoot.appendingPathComponent("Traces/walk-to-pickup.nmea").path
        let gpsd = try FakeGPS(log: walk, sandbox: h, cycle: 0.05)
        defer { gpsd.stop() }
        let store = h.path("rides.sqlite")
        let request = try h.startLodestar([
            "ride", "request", "--gpsd", "localhost:\(h.port)", "--dropoff", "51.4700,-0.4543", "--party", "2", "--yes",
            "--store", store,
        ])
        defer { request.stop() }
        let status = await request.exited(within: .seconds(40))
        #expect(status == 0, "\(request.stderr)")
        let lines = request.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("location     gpsd localhost:\(h.port): 51.51") == true)
        // The walk starts at Covent Garden piazza, a designated pickup point.
        #expect(lines.contains("pickup       confirmationRequired  Covent Garden Piazza (51.51190,-0.12280)"))
        #expect(lines.contains { $0.hasPrefix("handle       success  ride ") })
        let shown = try await CLIRunner.run(["ride", "list", "--store", store])
        #expect(shown.stdout.contains("Covent Garden Piazza (51.51190,-0.12280) → 51.47000,-0.45430"))
    }

    @Test("no gpsd: the pickup needs a value, exit 3, after the wait")
    func noGPSD() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lodestar-ride-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let port = try Sandbox.freeLoopbackPort()
        let r = try await CLIRunner.run([
            "ride", "request", "--gpsd", "localhost:\(port)", "--wait", "1", "--party", "1",
            "--store", directory.appendingPathComponent("rides.sqlite").path,
        ])
        #expect(r.status == 3)
        #expect(r.stdout.contains("pickup       needsValue  (no current location)"))
        // And why (issue 12): the source's own account.
        #expect(r.stderr.contains("lodestar ride request: no location from gpsd: gpsd at localhost:\(port) is not reachable ("))
    }
}
