import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `lodestar track` and `guide --gpsd` against a peer that accepts every connection and closes it
/// at once (issue 12): one message for the outage, and retries that back off (0.5, 1, 2 ... s)
/// instead of one every 0.5 s. The peer is a fake in this process; no gpsd runs.
@Suite("lodestar against a gpsd that accepts and closes at once")
struct HostileGPSDCLITests {
    /// Runs lodestar with `arguments` for `duration` of the default backoff, then Ctrl-C: its
    /// standard error lines, exit status, and how many connections its retries allow in the time
    /// it actually ran (a loaded machine sleeps longer than asked).
    private static func run(
        _ arguments: [String], for duration: Duration
    ) async throws -> (stderr: [String], status: Int32?, allowed: Int) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lodestar-hostile-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "GPSD_HOST")
        environment.removeValue(forKey: "GPSD_PORT")
        let process = try ChildProcess(
            CLIRunner.productsDirectory.appendingPathComponent("lodestar").path, arguments, environment: environment,
            stdout: "\(directory)/out", stderr: "\(directory)/err")
        let started = ContinuousClock.now
        // The scenario, not a wait for something: the retries of `duration`.
        try await Task.sleep(for: duration)
        process.send(SIGINT)
        let ran = (ContinuousClock.now - started) / .seconds(1)
        let status = await process.exited(within: .seconds(5))
        process.stop()
        // The first connection, then one after each wait: 0.5, 1, 2, 4, 8, 16, 30 s ...
        let attempts = [0, 0.5, 1.5, 3.5, 7.5, 15.5, 31.5, 61.5].filter { $0 <= ran + 0.1 }.count
        return (process.stderrLines, status, attempts)
    }

    @Test("track: 'not reachable' once, never 'connection lost'; connections as the backoff allows (4 in 4 s, not 9)")
    func track() async throws {
        let gpsd = try AcceptAndCloseGPSD()
        defer { gpsd.close() }
        let (messages, status, allowed) = try await Self.run(["track", "--gpsd", "127.0.0.1:\(gpsd.port)"], for: .seconds(4))
        #expect(status == 0)
        #expect(
            Array(messages.prefix(2)) == [
                "lodestar track: connecting to gpsd at 127.0.0.1:\(gpsd.port)",
                "lodestar track: gpsd at 127.0.0.1:\(gpsd.port) is not reachable (gpsd closed the connection before sending anything); retrying until it is",
            ])
        #expect(messages.count == 3)
        #expect(messages.last?.contains("connection lost 0 times") == true)
        // Attempts at 0, 0.5, 1.5 and 3.5 s (4 in 4 s); a fixed 0.5 s would make 9.
        #expect((2...allowed).contains(gpsd.connections), "\(gpsd.connections) connections, at most \(allowed)")
    }

    @Test("guide --gpsd: 'source unavailable' once")
    func guide() async throws {
        let gpsd = try AcceptAndCloseGPSD()
        defer { gpsd.close() }
        let (messages, _, allowed) = try await Self.run(
            ["guide", "--to", "51.5,-0.12", "--gpsd", "127.0.0.1:\(gpsd.port)"], for: .seconds(4))
        #expect(
            messages.filter { $0.contains("source unavailable") } == [
                "lodestar guide: source unavailable: gpsd closed the connection before sending anything"
            ])
        #expect((2...allowed).contains(gpsd.connections), "\(gpsd.connections) connections, at most \(allowed)")
    }
}
