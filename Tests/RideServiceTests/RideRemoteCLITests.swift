import Foundation
import RideClient
import TestSupport
import Testing

/// `lodestar ride ... --server URL --token T` against a real `lodestar serve` (on an SQLite file):
/// the same commands, through RideClient; the environment variables stand for the options.
@Suite("lodestar ride --server: the ride commands against lodestar serve", .serialized)
struct RideRemoteCLITests {
    @Test("request, status, list, cancel and options through the service; 404 for a ride that is not the rider's")
    func wholeFlow() async throws {
        let harness = try ServiceHarness(sqlite: ())
        defer { harness.remove() }
        try await harness.registerVehicle(RideAcceptanceTests.vehicle)
        let alice = try await harness.token(["--rider", "alice"])
        let bob = try await harness.token(["--rider", "bob"])
        let vehicleToken = try await harness.token(["--vehicle", RideAcceptanceTests.vehicle])
        let server = try await harness.startServer(name: "serve")
        defer { server.process.stop() }
        // The vehicle is 1,017 m from the pickup, where the trace starts.
        let vehicle = RideServiceClient(endpoint: try RideServiceEndpoint(url: server.url, token: vehicleToken))
        _ = try await vehicle.reportLocation(
            PositionReport(
                vehicleID: RideAcceptanceTests.vehicle, coordinate: .init(uncheckedLatitude: 51.515, longitude: -0.135),
                timestamp: Date()))

        // Before the booking the vehicle is free: the option says when it could be at the pickup.
        let options = try await harness.run([
            "ride", "options", "--pickup", "51.50850,-0.12470", "--server", server.url, "--token", alice,
        ])
        #expect(options.stdout.hasPrefix("options  success  from 51.50850,-0.12470"), "\(options.stdout) \(options.stderr)")

        let booked = try await harness.run(
            [
                "ride", "request", "--pickup", "51.50850,-0.12470", "--dropoff", "51.50100,-0.12500", "--party", "1",
                "--server", server.url, "--token", alice,
            ])
        #expect(booked.status == 0, "\(booked.stderr)")
        let lines = booked.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("confirm      ready") == true, "\(booked.stdout)")
        let handle = try #require(lines.first { $0.hasPrefix("handle       success  ride ") })
        let ride = String(handle.split(separator: " ")[3])
        #expect(
            lines.last?.hasPrefix("ride \(ride)  confirmed  vehicle \(RideAcceptanceTests.vehicle)  ") == true, "\(booked.stdout)"
        )

        // LODESTAR_SERVER and LODESTAR_TOKEN stand for the options.
        let status = try await harness.run(
            ["ride", "status", ride], environment: ["LODESTAR_SERVER": server.url, "LODESTAR_TOKEN": alice])
        #expect(status.status == 0)
        #expect(status.stdout.hasPrefix("ride \(ride)  confirmed  vehicle \(RideAcceptanceTests.vehicle)"), "\(status.stdout)")
        let json = try await harness.run(["ride", "status", ride, "--json", "--server", server.url, "--token", alice])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["rideStatus"] as? [String: Any])?["rideIdentifier"] as? String == ride)

        // Bob may not see Alice's ride: the service answers 404, the command status 4.
        let other = try await harness.run(["ride", "status", ride, "--server", server.url, "--token", bob])
        #expect(other.status == 4)
        #expect(other.stderr.contains("404"), "\(other.stderr)")

        let list = try await harness.run(["ride", "list", "--server", server.url, "--token", alice])
        #expect(list.status == 0)
        #expect(
            list.stdout.split(separator: "\n").count == 1 && list.stdout.hasPrefix("ride \(ride)  confirmed"), "\(list.stdout)")
        let bobsList = try await harness.run(["ride", "list", "--server", server.url, "--token", bob])
        #expect(bobsList.stdout == "no rides on \(server.url)\n")

        let cancel = try await harness.run(["ride", "cancel", ride, "--server", server.url, "--token", alice])
        #expect(cancel.status == 0, "\(cancel.stderr)")
        #expect(cancel.stdout.hasPrefix("cancel       success\n"), "\(cancel.stdout)")
        #expect(cancel.stdout.contains("completed (canceledByUser)"), "\(cancel.stdout)")
    }

    @Test("a service that does not answer is status 1 with one line; a bad URL or a token without a server is status 64")
    func unreachableAndBadArguments() async throws {
        let harness = try ServiceHarness(sqlite: ())
        defer { harness.remove() }
        let port = try Sandbox.freeLoopbackPort()
        let down = try await harness.run(["ride", "list", "--server", "http://127.0.0.1:\(port)", "--token", "abc"])
        #expect(down.status == 1)
        #expect(down.stderr.hasPrefix("lodestar ride list: ride service unreachable: "), "\(down.stderr)")
        #expect(down.stderr.split(separator: "\n").count == 1)
        let badURL = try await harness.run(["ride", "list", "--server", "ftp://x"])
        #expect(badURL.status == 64)
        #expect(badURL.stderr == "lodestar ride list: --server: not an http:// or https:// URL with a host: 'ftp://x'\n")
        let lonelyToken = try await harness.run(["ride", "list", "--token", "abc"])
        #expect(lonelyToken.status == 64)
        #expect(lonelyToken.stderr == "lodestar ride list: --token needs --server (or LODESTAR_SERVER).\n")
    }
}
