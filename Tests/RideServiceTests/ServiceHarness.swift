import Foundation
import RideClient
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Real `lodestar serve` processes for a test: each on a free loopback port, on one database
/// (a PostgreSQL database of the shared test server, or an SQLite file), with its output in a
/// temporary directory, stopped by pid when the test ends.
final class ServiceHarness: Sendable {
    /// The temporary directory: the servers' and the vehicles' output, SQLite files.
    let directory: String
    /// The `--database` URL every server of the harness shares.
    let database: String

    /// The built `lodestar` (beside the test bundle, or .build/debug).
    static var lodestar: String { TestData.productsDirectory(holding: "lodestar").appendingPathComponent("lodestar").path }

    /// A harness on a new database of the shared PostgreSQL test server.
    static func postgres() async throws -> ServiceHarness {
        let server = try await PostgresServer.shared()
        let name = try await server.createDatabase()
        return try ServiceHarness(database: name.hasPrefix("postgres://") ? name : server.url(database: name))
    }

    /// A harness on a new SQLite file in its directory.
    convenience init(sqlite: Void) throws {
        try self.init(database: nil)
    }

    init(database: String?) throws {
        var template = Array("\(NSTemporaryDirectory())/lodestar-service-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else {
            throw SpawnError(command: "mkdtemp", reason: String(cString: strerror(errno)))
        }
        directory = String(cString: made)
        self.database = database ?? "sqlite://\(directory)/rides.sqlite"
    }

    func path(_ name: String) -> String { "\(directory)/\(name)" }

    /// Runs `lodestar ARGS` to its end (at most 60 s) off the cooperative pool; its standard output.
    /// - Throws: when it fails, with what it said on standard error.
    func lodestar(_ arguments: [String], name: String) async throws -> String {
        let child = try ChildProcess(
            Self.lodestar, arguments, environment: ProcessInfo.processInfo.environment, stdout: path("\(name).out"),
            stderr: path("\(name).err"))
        let status = await child.exited(within: .seconds(60))
        guard status == 0 else {
            child.stop()
            throw SpawnError(
                command: "lodestar \(arguments.joined(separator: " "))",
                reason: "status \(status.map(String.init) ?? "timeout"): \(child.stderr)")
        }
        return child.stdout
    }

    /// What a finished `lodestar` said.
    struct Result: Sendable {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `lodestar ARGS` to its end (at most 60 s) with `environment` added to this process's
    /// (without LODESTAR_SERVER / LODESTAR_TOKEN unless given); its exit status and output.
    func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> Result {
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "LODESTAR_SERVER")
        env.removeValue(forKey: "LODESTAR_TOKEN")
        env.merge(environment) { $1 }
        let name = "run-\(UUID().uuidString)"
        let child = try ChildProcess(
            Self.lodestar, arguments, environment: env, stdout: path("\(name).out"), stderr: path("\(name).err"))
        guard let status = await child.exited(within: .seconds(60)) else {
            child.stop()
            throw SpawnError(command: "lodestar \(arguments.joined(separator: " "))", reason: "still running after 60 s")
        }
        // A wait status: the exit code is its second byte (WEXITSTATUS).
        return Result(status: (status >> 8) & 0xFF, stdout: child.stdout, stderr: child.stderr)
    }

    /// `lodestar serve token create --database DB ROLE...` (with `--fleet` once the servers'
    /// fleet file is written: a vehicle's token needs its vehicle there or registered): the
    /// token it printed.
    func token(_ role: [String]) async throws -> String {
        let fleet = FileManager.default.fileExists(atPath: fleetPath) ? ["--fleet", fleetPath] : []
        let out = try await lodestar(
            ["serve", "token", "create", "--database", database] + role + fleet, name: "token-\(role.joined(separator: "-"))")
        guard let token = out.split(whereSeparator: \.isNewline).last.map(String.init), !token.isEmpty else {
            throw SpawnError(command: "token create", reason: "printed no token")
        }
        return token.trimmingCharacters(in: .whitespaces)
    }

    /// One running `lodestar serve`.
    struct Server: Sendable {
        let process: ChildProcess
        let url: String
    }

    /// Starts `lodestar serve --listen 127.0.0.1:PORT --database DB EXTRA...` and waits (up to
    /// 30 s) until `/health` answers 200.
    func startServer(name: String, port chosen: UInt16? = nil, _ extra: [String] = []) async throws -> Server {
        let port = try chosen ?? Sandbox.freeLoopbackPort()
        let process = try ChildProcess(
            Self.lodestar,
            ["serve", "--listen", "127.0.0.1:\(port)", "--database", database]
                + (FileManager.default.fileExists(atPath: fleetPath) ? ["--fleet", fleetPath] : []) + extra,
            environment: ProcessInfo.processInfo.environment, stdout: path("\(name).out"), stderr: path("\(name).err"))
        let url = "http://127.0.0.1:\(port)"
        let client = RideServiceClient(endpoint: try RideServiceEndpoint(url: url, token: nil))
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            if let response = try? await client.send(.GET, "/health", timeout: .seconds(2)), response.status == 200 {
                return Server(process: process, url: url)
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        process.stop()
        throw SpawnError(command: "lodestar serve", reason: "no /health within 30 s: \(process.stderr.suffix(2000))")
    }

    /// Where the fleet file of ``registerVehicle(_:)`` is.
    var fleetPath: String { path("fleet.json") }

    /// Makes the fleet the servers register at start (`--fleet`) this one vehicle: a Standard car
    /// for 1 to 4 riders, its stand at the start of Traces/ride-vehicle.nmea.
    func registerVehicle(_ identifier: String) async throws {
        let fleet = """
            {"name": "acceptance", "rideOptions": [{"name": "Standard",
              "priceRange": {"minimumPrice": 12, "maximumPrice": 18, "currencyCode": "GBP"},
              "availablePartySizeOptions": [{"partySizeRange": [1, 4], "sizeDescription": "1–4 riders"}]}],
             "vehicles": [{"identifier": "\(identifier)", "position": {"latitude": 51.515, "longitude": -0.135},
              "capacity": 4, "rideOptionName": "Standard", "speed": 10, "registrationPlate": "LD26 ACC",
              "manufacturer": "Toyota", "model": "Prius"}]}
            """
        try Data(fleet.utf8).write(to: URL(fileURLWithPath: fleetPath))
    }

    /// Removes the directory (after the children are stopped).
    func remove() {
        try? FileManager.default.removeItem(atPath: directory)
    }
}
