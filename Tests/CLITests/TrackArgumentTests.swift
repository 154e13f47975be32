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
        #expect(r.stderr.split(separator: "\n").first == "lodestar track: cannot create the recording '/nonexistent-dir/out.nmea': No such file or directory")
    }
}
