import Foundation
import Testing

/// Issue 14, "Errors in one voice": every message is one line starting with the command as typed,
/// and the exit statuses follow one table (`lodestar help`, docs/cli.md).
@Suite("errors in one voice")
struct ErrorVoiceTests {
    /// Runs `lodestar ARGS` and expects status `status` and exactly `message` on standard error.
    private func expectRefusal(
        _ arguments: [String], _ status: Int32, _ message: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let r = try await CLIRunner.run(arguments)
        #expect(r.status == status, "\(arguments): \(r.stderr)", sourceLocation: sourceLocation)
        #expect(r.stderr == message + "\n", "\(arguments)", sourceLocation: sourceLocation)
        #expect(r.stdout.isEmpty, "\(arguments)", sourceLocation: sourceLocation)
    }

    @Test("a latitude or longitude out of range is named with its range, never wrapped")
    func coordinateRanges() async throws {
        try await expectRefusal(
            ["guide", "--to", "91,0", "--trace", "x.nmea"], 64,
            "lodestar guide: The value '91,0' is invalid for '--to <lat,lon>': latitude 91.0 is outside [-90, 90]")
        try await expectRefusal(
            ["ride", "request", "--pickup", "91,0", "--party", "1"], 64,
            "lodestar ride request: The value '91,0' is invalid for '--pickup <lat,lon>': latitude 91.0 is outside [-90, 90]")
        try await expectRefusal(
            ["ride", "request", "--pickup", "51.5,181", "--party", "1"], 64,
            "lodestar ride request: The value '51.5,181' is invalid for '--pickup <lat,lon>': longitude 181.0 is outside [-180, 180]"
        )
        try await expectRefusal(
            ["ride", "options", "--pickup", "51.5,west"], 64,
            "lodestar ride options: The value '51.5,west' is invalid for '--pickup <lat,lon>': give LAT,LON in decimal degrees, such as 51.5,-0.12"
        )
        try await expectRefusal(
            ["declination", "0", "181", "--year", "2026"], 64, "lodestar declination: longitude 181.0 is outside [-180, 180]")
        try await expectRefusal(
            ["declination", "95", "0", "--year", "2026"], 64, "lodestar declination: latitude 95.0 is outside [-90, 90]")
        try await expectRefusal(
            ["geodesic", "inverse", "0", "181", "1", "1"], 64, "lodestar geodesic inverse: longitude 181.0 is outside [-180, 180]"
        )
        // The ends of the range are accepted.
        let edge = try await CLIRunner.run(["declination", "0", "180", "--year", "2026"])
        #expect(edge.status == 0, "\(edge.stderr)")
    }

    @Test("unknown options are unknown options; arguments of geodesic and declination are usage errors (64)")
    func unknownOptions() async throws {
        try await expectRefusal(
            ["geodesic", "inverse", "--bogus", "0", "0", "1", "1"], 64, "lodestar geodesic inverse: unknown option '--bogus'")
        try await expectRefusal(
            ["geodesic", "direct", "1", "2", "3"], 64,
            "lodestar geodesic direct: expected 4 numbers (lat1 lon1 azi1 s12), found 3")
        try await expectRefusal(["declination", "51", "0", "--bogus"], 64, "lodestar declination: unknown option '--bogus'")
        try await expectRefusal(["ride", "list", "--bogus"], 64, "lodestar ride list: Unknown option '--bogus'")
        // Bad lines of a batch are not usage errors: status 1 after every line is answered.
        let batch = try await CLIRunner.run(["geodesic", "inverse"], stdin: "95 0 0 0\n")
        #expect(batch.status == 1)
        #expect(batch.stdout == "nan nan nan\n")
    }

    @Test("negative numbers are values, refused with the option's range")
    func negativeNumbers() async throws {
        try await expectRefusal(
            ["ride", "list", "--limit", "-1"], 64, "lodestar ride list: --limit must be from 1 to 1000000 rides (got -1)")
        try await expectRefusal(
            ["ride", "list", "--limit", "0"], 64, "lodestar ride list: --limit must be from 1 to 1000000 rides (got 0)")
        try await expectRefusal(
            ["ride", "request", "--wait", "-3", "--party", "1"], 64,
            "lodestar ride request: --wait must be from 0.1 to 3600 seconds (got -3)")
        try await expectRefusal(
            ["guide", "--to", "51.5,0", "--trace", "x.nmea", "--arrive-within", "-5"], 64,
            "lodestar guide: --arrive-within must be from 0.1 to 100000 metres (got -5)")
        for (option, value) in [("--desired-accuracy", "-5"), ("--distance-filter", "-1"), ("--max-reports", "-1")] {
            let r = try await CLIRunner.run(["replay", "x.nmea", option, value])
            #expect(r.status == 64)
            #expect(r.stderr.hasPrefix("lodestar replay: \(option) must be from "), "\(r.stderr)")
        }
        let noise = try await CLIRunner.run([
            "trace", "synthesize", "--route", "51,0;51.01,0", "--start", "2026-01-01T00:00:00Z", "--output",
            "/nonexistent/x.nmea", "--noise", "-1",
        ])
        #expect(noise.status == 64)
        #expect(noise.stderr == "lodestar trace synthesize: --noise -1.0 is out of range: give 0…100 metres\n")
    }

    @Test("lodestar alone, a group alone and help of an unknown command are usage errors")
    func helpAndUsage() async throws {
        let bare = try await CLIRunner.run([])
        #expect(bare.status == 64)
        #expect(bare.stdout.isEmpty)
        #expect(
            bare.stderr
                == "lodestar: give a subcommand: geodesic, declination, replay, nmea, track, guide, monitor, ride, serve, trace, vehicle (see 'lodestar --help')\n"
        )
        let group = try await CLIRunner.run(["ride"])
        #expect(group.status == 64)
        #expect(group.stderr.hasPrefix("lodestar ride: give a subcommand: "))
        try await expectRefusal(
            ["help", "nonexistent"], 64,
            "lodestar help: no command 'lodestar nonexistent'; the commands of 'lodestar' are geodesic, declination, replay, nmea, track, guide, monitor, ride, serve, trace, vehicle"
        )
        try await expectRefusal(
            ["help", "ride", "nope"], 64,
            "lodestar help: no command 'lodestar ride nope'; the commands of 'lodestar ride' are request, status, cancel, list, options, places"
        )
        let known = try await CLIRunner.run(["help", "ride", "list"])
        #expect(known.status == 0)
        #expect(known.stdout.contains("USAGE: lodestar ride list"))
    }

    @Test("lodestar --version prints the one version")
    func version() async throws {
        let r = try await CLIRunner.run(["--version"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("0.14.0 (commit "), "\(r.stdout)")
    }

    @Test("lodestar help shows the exit-status table")
    func exitStatusTable() async throws {
        let r = try await CLIRunner.run(["help"])
        #expect(r.status == 0)
        for row in ["EXIT STATUS (every command):", "  0   done", "  64  usage: ", "  65  bad data: ", "  66  no input: "] {
            #expect(r.stdout.contains(row), "\(row)")
        }
    }

    @Test("one is singular: 1 line, 1 epoch, 1 number")
    func singular() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lodestar-singular-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = dir.appendingPathComponent("one.nmea").path
        let wrote = try await CLIRunner.run([
            "trace", "synthesize", "--route", "51.5,-0.1", "--start", "2026-01-01T00:00:00Z", "--output", trace,
        ])
        #expect(wrote.status == 0, "\(wrote.stderr)")
        #expect(
            wrote.stderr.contains("(1 epoch, 1 with a fix)") || wrote.stdout.contains("(1 epoch, 1 with a fix)"),
            "\(wrote.stdout)\(wrote.stderr)")
        let one = dir.appendingPathComponent("gga.nmea").path
        try Data("$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47\r\n".utf8).write(
            to: URL(fileURLWithPath: one))
        let replay = try await CLIRunner.run(["replay", one])
        #expect(replay.stderr.hasPrefix("replay \(one): 1 line, 1 epoch (1 with a position)\n"), "\(replay.stderr)")
        let short = try await CLIRunner.run(["nmea", "decode"], stdin: "$GPGGA,1*4B\n")
        #expect(short.stdout == #"{"error":"truncated","line":1,"detail":"GGA has 1 field, needs at least 9"}"# + "\n")
        let line = try await CLIRunner.run(["geodesic", "direct", "-L", "0", "0", "0"], stdin: "1 2\n")
        #expect(line.stderr == "lodestar geodesic direct: line 1: expected 1 number (s12), found 2\n")
    }

    @Test("--gpsd ::1 is the IPv6 host, and the message says what was parsed: [::1]:2947")
    func bareIPv6() async throws {
        let store = FileManager.default.temporaryDirectory.appendingPathComponent("lodestar-v6-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: store) }
        let r = try await CLIRunner.run(["ride", "request", "--gpsd", "::1", "--wait", "0.5", "--party", "1", "--store", store])
        #expect(r.status == 3)
        #expect(
            r.stderr.hasPrefix("lodestar ride request: no location from gpsd: gpsd at [::1]:2947 is not reachable ("),
            "\(r.stderr)")
    }
}
