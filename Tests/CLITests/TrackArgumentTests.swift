import Testing

/// `lodestar track` arguments rejected before anything connects: no gpsd needed, so these are
/// not tagged `liveGPSD` and run with the rest of the suite.
@Suite("lodestar track arguments")
struct TrackArgumentTests {
    @Test("a malformed --gpsd is a one-line error and a non-zero exit")
    func badAddress() async throws {
        let r = try await CLIRunner.run(["track", "--gpsd", "localhost:99999"])
        #expect(r.status != 0)
        #expect(r.stderr.contains("invalid gpsd port '99999'"))
        #expect(r.stdout.isEmpty)
    }

    @Test("a --record file that cannot be created is a one-line error and a non-zero exit")
    func unwritableRecording() async throws {
        let r = try await CLIRunner.run(["track", "--record", "/nonexistent-dir/out.nmea"])
        #expect(r.status != 0)
        #expect(
            r.stderr.split(separator: "\n").first
                == "lodestar track: cannot create the recording '/nonexistent-dir/out.nmea': No such file or directory")
    }

    /// Issue 14: `--gpsd ::1` was read as device "1" on localhost. The first line says what was
    /// parsed; --duration ends the run (nothing listens there, or a gpsd with no fix).
    @Test(
        "--gpsd takes an IPv6 address alone or in brackets, and says what it parsed",
        arguments: [
            ("::1", "lodestar track: connecting to gpsd at [::1]:2947"),
            ("[::1]:2950", "lodestar track: connecting to gpsd at [::1]:2950"),
            ("[::1]:2950:/dev/ttyUSB0", "lodestar track: connecting to gpsd at [::1]:2950:/dev/ttyUSB0"),
            ("127.0.0.1:2950", "lodestar track: connecting to gpsd at 127.0.0.1:2950"),
        ])
    func ipv6Address(spec: String, said: String) async throws {
        let r = try await CLIRunner.run(["track", "--gpsd", spec, "--duration", "0.3"])
        #expect(r.status == 0)
        #expect(r.stderr.split(separator: "\n").first.map(String.init) == said, "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").last?.hasSuffix("; connection lost 0 times") == true, "\(r.stderr)")
    }

    @Test("guide --gpsd parses an address as track does (one parser: GPSDAddress)", arguments: ["[::1", "[::1]:99999", "gps:0"])
    func guideParsesTheSame(spec: String) async throws {
        let track = try await CLIRunner.run(["track", "--gpsd", spec])
        let guide = try await CLIRunner.run(["guide", "--to", "51.5,-0.12", "--gpsd", spec])
        #expect(track.status != 0 && guide.status != 0)
        // The same words after each command's own prefix.
        let message = { (s: String) -> String? in
            guard let line = s.split(separator: "\n").first(where: { $0.contains("--gpsd: ") }),
                let at = line.range(of: "--gpsd: ")
            else { return nil }
            return String(line[at.lowerBound...])
        }
        #expect(
            message(track.stderr) != nil && message(track.stderr) == message(guide.stderr), "\(track.stderr) / \(guide.stderr)")
    }

    @Test("-n, --duration, --nmea, --json, --satellites: ranges and combinations")
    func newOptions() async throws {
        for (arguments, said) in [
            (["-n", "0"], "--count must be from 1 to 1000000000 records (got 0)"),
            (["--count=1000000001"], "--count must be from 1 to 1000000000 records (got 1000000001)"),
            (["--duration=0"], "--duration must be from 0.001 to 1000000000 seconds (got 0)"),
            (["--duration=nan"], "--duration must be from 0.001 to 1000000000 seconds (got nan)"),
            (["--json", "--nmea"], "--json and --nmea cannot be used together."),
            (["--satellites", "--json"], "--satellites goes with the text output (--json always has gpsd's SKY objects)."),
        ] {
            let r = try await CLIRunner.run(["track"] + arguments)
            #expect(r.status != 0)
            #expect(r.stderr.contains(said), "\(arguments): \(r.stderr)")
        }
    }
}
