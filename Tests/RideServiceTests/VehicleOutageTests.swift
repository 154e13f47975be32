import Foundation
import Geodesy
import TestSupport
import Testing

/// `lodestar vehicle` when the ride service is not there yet: it says so once, keeps only the
/// latest position, and when the service answers says so once, with how many positions the
/// latest replaced; then it reports to the end of its trace.
@Suite("lodestar vehicle through a ride service outage", .serialized)
struct VehicleOutageTests {
    @Test("one 'unreachable' line, one 'answers again' line, every later position sent, status 0")
    func serviceComesLate() async throws {
        let harness = try ServiceHarness(sqlite: ())
        defer { harness.remove() }
        try await harness.registerVehicle(RideAcceptanceTests.vehicle)
        let token = try await harness.token(["--vehicle", RideAcceptanceTests.vehicle])
        let port = try Sandbox.freeLoopbackPort()
        // 406 s of trace at 20 times real time: about 20 s.
        let vehicle = try ChildProcess(
            ServiceHarness.lodestar,
            [
                "vehicle", "--trace", RideAcceptanceTests.trace, "--speed", "20", "--server", "http://127.0.0.1:\(port)",
                "--id", RideAcceptanceTests.vehicle, "--token", token,
            ],
            environment: ProcessInfo.processInfo.environment, stdout: harness.path("vehicle.out"),
            stderr: harness.path("vehicle.err"))
        defer { vehicle.stop() }
        #expect(await waitUntil(upTo: .seconds(15)) { vehicle.stderr.contains("unreachable") }, "\(vehicle.stderr)")
        try await Task.sleep(for: .seconds(3))
        let server = try await harness.startServer(name: "serve", port: port)
        defer { server.process.stop() }
        let status = await vehicle.exited(within: .seconds(60))
        #expect(status == 0, "\(vehicle.stderr)")
        let lines = vehicle.stderr.split(separator: "\n")
        #expect(lines.filter { $0.contains("unreachable") }.count == 1, "\(vehicle.stderr)")
        let back = lines.filter { $0.contains("answers again") }
        #expect(back.count == 1, "\(vehicle.stderr)")
        // While it was away, newer positions replaced older ones (reported every 5 s of trace
        // time at least: more than one in the seconds it was away).
        let replaced = back.first.flatMap { $0.split(separator: ";").last?.split(separator: " ").first }.flatMap { Int($0) }
        #expect((replaced ?? 0) >= 1, "\(back)")
        // After the outage, the trace's end was reported: its last line is the drop-off.
        let sent = vehicle.stdout.split(separator: "\n").filter { $0.hasSuffix("sent") }
        let last = try #require(sent.last?.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first)
        let parts = last.split(separator: ",").compactMap { Double($0) }
        let end = try Coordinate(latitude: try #require(parts.first), longitude: try #require(parts.last))
        #expect(Geodesic.wgs84.inverse(from: end, to: RideAcceptanceTests.dropOff).distance < 10, "\(sent.suffix(3))")
    }
}
