import Foundation
import RideBooking
import RideServer
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `lodestar serve` and `lodestar serve token create` as a user runs them: a child process on a
/// free loopback port (port 0, the bound one printed), stopped with SIGTERM.
@Suite("lodestar serve", .serialized)
struct ServeCommandTests {
    /// The `lodestar` built beside this test bundle.
    static var lodestar: String {
        URL(fileURLWithPath: CommandLine.arguments.first ?? ".").deletingLastPathComponent().appendingPathComponent("lodestar")
            .path
    }

    /// A temporary directory, removed by the caller.
    static func directory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lodestar-serve-cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// This process's environment with `LODESTAR_RIDE_STORE` in `directory`, so that nothing a
    /// child does lands in the user's own ride store.
    static func environment(_ directory: String) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["LODESTAR_RIDE_STORE"] = "\(directory)/default-rides.sqlite"
        return environment
    }

    /// Runs `lodestar ARGUMENTS` to its end; its status, standard output and standard error.
    static func run(_ arguments: [String], in directory: String) async throws -> (status: Int32, stdout: String, stderr: String) {
        let name = UUID().uuidString
        let child = try ChildProcess(
            lodestar, arguments, environment: environment(directory), stdout: "\(directory)/\(name).out",
            stderr: "\(directory)/\(name).err")
        guard let status = await child.exited(within: .seconds(60)) else {
            child.stop()
            throw HTTPProbe.Failure(description: "lodestar \(arguments.joined(separator: " ")) did not end")
        }
        return ((status >> 8) & 0xff, child.stdout, child.stderr)
    }

    /// `lodestar serve --listen 127.0.0.1:0 ARGUMENTS` in `directory`, and the port its
    /// `listening on` line names (within 60 s). The caller stops it.
    static func startServe(_ arguments: [String], in directory: String) async throws -> (ChildProcess, UInt16) {
        let server = try ChildProcess(
            lodestar, ["serve", "--listen", "127.0.0.1:0"] + arguments, environment: environment(directory),
            stdout: "\(directory)/serve.out", stderr: "\(directory)/serve.err")
        var port: UInt16?
        _ = await waitUntil(upTo: .seconds(60), poll: .milliseconds(50)) {
            guard let line = server.stdout.split(separator: "\n").first, line.hasPrefix("listening on http://127.0.0.1:") else {
                return false
            }
            port = UInt16(line.split(separator: ":").last ?? "")
            return true
        }
        guard let port else {
            server.stop()
            throw HTTPProbe.Failure(description: "no 'listening on' line: \(server.stderr)")
        }
        return (server, port)
    }

    @Test(
        "token create prints a token once; serve prints its bound port, serves the simulated fleet with it, and stops on SIGTERM")
    func serveWithSimulatedFleet() async throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let database = "sqlite://\(dir)/rides.sqlite"
        let created = try await Self.run(["serve", "token", "create", "--database", database, "--rider", "ada"], in: dir)
        #expect(created.status == 0, "\(created.stderr)")
        let token = created.stdout.trimmingCharacters(in: .newlines)
        #expect(token.hasPrefix("ldst_") && token.count == 48)
        #expect(!created.stdout.dropLast().contains("\n"))
        // The database keeps its hash, not the token.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: "\(dir)/rides.sqlite"))
        #expect(bytes.range(of: Data(token.utf8)) == nil)

        let (server, bound) = try await Self.startServe(["--database", database, "--simulate-fleet"], in: dir)
        defer { server.stop() }
        #expect(bound > 0)
        let probe = HTTPProbe(port: bound)
        #expect(try await probe.send("GET", "/health").status == 200)
        // The simulated fleet has reported where it stands: a rider near Charing Cross is served.
        var booked: HTTPProbe.Reply?
        for _ in 0..<50 {
            let reply = try await probe.send(
                "POST", "/rides", token: token,
                json: ServerHarness.rideRequest(pickup: ServerHarness.centre, dropOff: nil, party: 1))
            if reply.status == 201 {
                booked = reply
                break
            }
            try await Task.sleep(for: .milliseconds(200))
        }
        let ride = try #require(booked, "no booking: \(server.stderr)")
        #expect(ride.json["codeName"] as? String == "success")

        server.send(SIGTERM)
        let status = await server.exited(within: .seconds(15))
        #expect(status == 0, "\(server.stderr)")
        #expect(server.stderr.contains("stopped"))
        #expect(!FileManager.default.fileExists(atPath: "\(dir)/default-rides.sqlite"))
    }

    @Test(
        "token create --expires, token list without secrets, token revoke by identifier or --token; bad durations and identifiers are usage errors"
    )
    func tokenListAndRevoke() async throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let database = "sqlite://\(dir)/rides.sqlite"
        let rider = try await Self.run(
            ["serve", "token", "create", "--database", database, "--rider", "ada", "--expires", "2h"], in: dir)
        let operatorToken = try await Self.run(["serve", "token", "create", "--database", database, "--operator"], in: dir)
        #expect(rider.status == 0 && operatorToken.status == 0, "\(rider.stderr)\(operatorToken.stderr)")
        let riderToken = rider.stdout.trimmingCharacters(in: .newlines)
        let riderID = String(RideToken.hash(riderToken).prefix(12))
        let operatorID = String(RideToken.hash(operatorToken.stdout.trimmingCharacters(in: .newlines)).prefix(12))

        let listed = try await Self.run(["serve", "token", "list", "--database", database], in: dir)
        #expect(listed.status == 0, "\(listed.stderr)")
        let lines = listed.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines.first?.hasPrefix("identifier") == true)
        let riderLine = try #require(lines.first { $0.hasPrefix(riderID) })
        #expect(riderLine.contains("rider ada") && riderLine.hasSuffix("active"))
        // Expires 2 h after it was made (the list shows whole seconds).
        let times = riderLine.split(separator: " ").filter { $0.hasSuffix("Z") }.compactMap {
            ISO8601DateFormatter().date(from: String($0))
        }
        #expect(times.count == 2 && abs(times[1].timeIntervalSince(times[0]) - 7_200) <= 1)
        #expect(lines.contains { $0.hasPrefix(operatorID) && $0.contains("never") })
        #expect(!listed.stdout.contains(riderToken) && !listed.stdout.contains("ldst_"))

        let revoked = try await Self.run(["serve", "token", "revoke", "--database", database, riderID.uppercased()], in: dir)
        #expect(revoked.status == 0, "\(revoked.stderr)")
        #expect(revoked.stdout == "revoked \(riderID) (rider ada)\n")
        let after = try await Self.run(["serve", "token", "list", "--database", database], in: dir)
        #expect(after.stdout.split(separator: "\n").contains { $0.hasPrefix(riderID) && $0.hasSuffix("revoked") })
        let byToken = try await Self.run(
            [
                "serve", "token", "revoke", "--database", database, "--token",
                operatorToken.stdout.trimmingCharacters(in: .newlines),
            ], in: dir)
        #expect(byToken.stdout == "revoked \(operatorID) (operator)\n", "\(byToken.stderr)")

        let missing = try await Self.run(["serve", "token", "revoke", "--database", database, "0123456789ab"], in: dir)
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("lodestar serve token revoke: no token 0123456789ab"), "\(missing.stderr)")
        for bad in [
            ["serve", "token", "create", "--database", database, "--operator", "--expires", "30s"],
            ["serve", "token", "create", "--database", database, "--operator", "--expires", "3651d"],
            ["serve", "token", "create", "--database", database, "--operator", "--expires", "1w"],
            ["serve", "token", "revoke", "--database", database, "abc"],
            ["serve", "token", "revoke", "--database", database],
        ] {
            let result = try await Self.run(bad, in: dir)
            #expect(result.status == 64, "\(bad): \(result.stderr)")
        }
    }

    @Test("Bad arguments are one line and status 64")
    func badArguments() async throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for arguments in [
            ["serve", "--listen", "127.0.0.1"], ["serve", "--listen", "127.0.0.1:70000"], ["serve", "--heartbeat", "0"],
            ["serve", "token", "create", "--rider", "ada", "--operator"], ["serve", "token", "create"],
            ["serve", "token", "create", "--vehicle", "no spaces"],
        ] {
            let result = try await Self.run(arguments, in: dir)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            // One line in the command line's one voice: `lodestar serve[ token create]: ...`.
            #expect(result.stderr.hasPrefix("lodestar serve"), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
        }
        let unreachable = try await Self.run(
            ["serve", "token", "create", "--database", "mysql://nowhere/db", "--operator"], in: dir)
        #expect(unreachable.status == 1)
        #expect(unreachable.stderr.contains("unknown scheme"))
    }

    @Test(
        "token create --vehicle refuses a vehicle that is neither registered nor in the fleet (status 64); a fleet's vehicle gets its token"
    )
    func tokenForUnknownVehicle() async throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let database = "sqlite://\(dir)/rides.sqlite"
        let unknown = try await Self.run(
            ["serve", "token", "create", "--database", database, "--vehicle", "NO-SUCH-CAB"], in: dir)
        #expect(unknown.status == 64, "\(unknown.stderr)")
        #expect(unknown.stdout.isEmpty)
        #expect(unknown.stderr.hasPrefix("lodestar serve token create: no vehicle NO-SUCH-CAB"), "\(unknown.stderr)")
        #expect(unknown.stderr.split(separator: "\n").count == 1)
        // A vehicle of the fleet file serve will register is known before serve ever ran.
        let known = try await Self.run(
            [
                "serve", "token", "create", "--database", database, "--vehicle", "LDN-001", "--fleet",
                TestData.package("Examples/fleet.json").path,
            ],
            in: dir)
        #expect(known.status == 0, "\(known.stderr)")
        #expect(known.stdout.hasPrefix("ldst_"))
    }

    @Test("--database in a directory that does not exist is an error naming it; nothing is created")
    func databaseInMissingDirectory() async throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for arguments in [
            ["serve", "token", "create", "--database", "\(dir)/missing/deeper/x.sqlite", "--operator"],
            ["serve", "--listen", "127.0.0.1:0", "--database", "sqlite://\(dir)/missing/deeper/x.sqlite"],
        ] {
            let result = try await Self.run(arguments, in: dir)
            #expect(result.status == 1, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("\(dir)/missing/deeper does not exist"), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: "\(dir)/missing"))
        }
    }

    @Test("SIGUSR1 logs a status line and serving goes on; SIGHUP stops serve gracefully, status 0")
    func signals() async throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (server, bound) = try await Self.startServe(["--database", "sqlite://\(dir)/rides.sqlite"], in: dir)
        defer { server.stop() }
        server.send(SIGUSR1)
        #expect(await waitUntil(upTo: .seconds(10)) { server.stderr.contains("status") }, "\(server.stderr)")
        #expect(try await HTTPProbe(port: bound).send("GET", "/health").status == 200)
        server.send(SIGHUP)
        let status = await server.exited(within: .seconds(15))
        #expect(status == 0, "\(server.stderr)")
        #expect(server.stderr.contains("stopped"))
    }
}
