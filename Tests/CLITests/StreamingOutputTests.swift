import Foundation
import Glibc
import TestSupport
import Testing

/// Issue 12: streaming output into a pipe or a file goes out as it comes (it used to sit in a
/// block buffer for minutes, and Ctrl-C discarded it): `ride status --watch`, and `replay -` fed
/// slowly from a pipe.
@Suite("lodestar streaming output")
struct StreamingOutputTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("lodestar-streaming-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    static var lodestar: String { CLIRunner.productsDirectory.appendingPathComponent("lodestar").path }

    @Test("ride status --watch into a file: the first update is there at once, and still there after Ctrl-C")
    func rideStatusWatch() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = path("rides.sqlite")
        let booked = try await CLIRunner.run(["ride", "request", "--pickup", "51.5085,-0.1247", "--party", "1", "--store", store])
        let id = try #require(RideCLITests.rideIdentifier(booked.stdout))
        let watch = try ChildProcess(
            Self.lodestar, ["ride", "status", id, "--watch", "--store", store], environment: ProcessInfo.processInfo.environment,
            stdout: path("watch.out"), stderr: path("watch.err"))
        defer { watch.stop() }
        let shown = await waitUntil(upTo: .seconds(5)) { !watch.stdout.isEmpty }
        watch.send(SIGINT)
        _ = await watch.exited(within: .seconds(5))
        #expect(shown, "nothing written within 5 s")
        // The first update of a ride just booked: its time, its phase, the vehicle on its way.
        let first = try #require(watch.stdoutLines.first)
        #expect(first.hasPrefix("20") && first.dropFirst(19).hasPrefix("Z  "), "\(first)")
        #expect(first.contains(" to the pickup  ") && first.contains("  vehicle at 51.5"), "\(first)")
    }

    @Test("replay - fed slowly from a pipe: each epoch is written as soon as it is decoded")
    func replayFromSlowPipe() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = path("trace.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let replay = try ChildProcess(
            "/bin/sh", ["-c", "exec \"$0\" replay - < '\(fifo)'", Self.lodestar],
            environment: ProcessInfo.processInfo.environment,
            stdout: path("replay.out"), stderr: path("replay.err"))
        defer { replay.stop() }
        // O_CLOEXEC: a child another test starts meanwhile must not hold the pipe open.
        let writer = open(fifo, O_WRONLY | O_CLOEXEC)
        #expect(writer >= 0)
        // The first 40 lines: a few epochs; the writer stays open, as a slow receiver's would.
        let trace = try String(contentsOfFile: HostileOutputTests.walk, encoding: .utf8)
        let head = trace.split(separator: "\n", omittingEmptySubsequences: false).prefix(40).joined(separator: "\n") + "\n"
        #expect(head.withCString { write(writer, $0, strlen($0)) } > 0)
        let written = await waitUntil(upTo: .seconds(5)) { replay.stdoutLines.count >= 2 }
        close(writer)
        let status = await replay.exited(within: .seconds(5))
        #expect(written, "no epoch written within 5 s while the pipe stayed open: \(replay.stdout)")
        #expect(status == 0)
    }
}
