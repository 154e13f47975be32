import Foundation
import TestSupport
import Testing

/// Issue 26: `lodestar replay … | head -1` died by SIGPIPE (status 141, no word said). A reader
/// that closes the pipe has read what it wanted: every command that writes to standard output
/// stops and exits 0 quietly, as `gpspipe` does.
@Suite("lodestar into a pipe whose reader closes it")
struct ClosedPipeTests {
    static let cityDrive = TestData.packageRoot.appendingPathComponent("Traces/city-drive.nmea").path

    /// What `lodestar ARGUMENTS | head -1` gave: lodestar's status (bash's PIPESTATUS), whether
    /// a signal ended it, its standard error, and the line head printed.
    struct Piped {
        var status: Int32
        var stderr: String
        var firstLine: String
    }

    /// Runs `lodestar ARGUMENTS | head -1`, standard input from `stdin` when given (written to a
    /// file first, so that the shell's feeding cannot block).
    static func runIntoHead(_ arguments: [String], stdin: String? = nil) async throws -> Piped {
        try await offPool {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lodestar-pipe-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let input = directory.appendingPathComponent("stdin").path
            try Data((stdin ?? "").utf8).write(to: URL(fileURLWithPath: input))
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            let lodestar = CLIRunner.productsDirectory.appendingPathComponent("lodestar").path
            // lodestar's status is written last on standard error, after its own lines.
            process.arguments =
                ["-c", "\"$0\" \"$@\" < '\(input)' | head -n 1; echo \"status ${PIPESTATUS[0]}\" >&2", lodestar] + arguments
            let out = Pipe()
            let err = Pipe()
            process.standardOutput = out
            process.standardError = err
            try process.run()
            let errBox = DataBox()
            let errThread = Thread {
                errBox.data = err.fileHandleForReading.readDataToEndOfFile()
                errBox.done.signal()
            }
            errThread.start()
            let outData = out.fileHandleForReading.readDataToEndOfFile()
            errBox.done.wait()
            process.waitUntilExit()
            var lines = String(decoding: errBox.data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            if lines.last == "" { lines.removeLast() }
            let statusLine = lines.popLast() ?? ""
            return Piped(
                status: Int32(statusLine.dropFirst("status ".count)) ?? -1,
                stderr: lines.joined(separator: "\n"),
                firstLine: String(decoding: outData, as: UTF8.self).trimmingCharacters(in: .newlines))
        }
    }

    /// Commands that write far more than a pipe holds (64 KiB), so that they are still writing
    /// when head has gone.
    static let writers: [(arguments: [String], stdin: String?)] = [
        (["replay", cityDrive], nil),
        (["replay", "--json", cityDrive], nil),
        (["nmea", "decode", cityDrive], nil),
        (["geodesic", "inverse"], String(repeating: "51.47 -0.4543 22.308 113.9185\n", count: 20_000)),
        (["declination", "--batch"], String(repeating: "2026.5 0 51.47 -0.4543\n", count: 20_000)),
    ]

    @Test("replay, nmea decode, geodesic and declination batches | head -1: status 0, nothing on standard error")
    func batchWriters() async throws {
        for (arguments, stdin) in Self.writers {
            let r = try await Self.runIntoHead(arguments, stdin: stdin)
            #expect(r.status == 0, "\(arguments): status \(r.status) (141 is SIGPIPE); \(r.stderr)")
            #expect(!r.firstLine.isEmpty, "\(arguments)")
            if arguments.first != "replay" {
                #expect(r.stderr.isEmpty, "\(arguments): \(r.stderr)")
            } else {
                // replay's own summary, and nothing about standard output.
                #expect(!r.stderr.contains("cannot write standard output"), "\(arguments): \(r.stderr)")
            }
        }
    }

    @Test("track | head -1 against a gpsd that floods TPVs: status 0, the summary, no error")
    func track() async throws {
        var lines: [String] = []
        for i in 0..<3_000 {
            let time = String(format: "\"2026-03-14T09:%02d:%02d.%01dZ\"", (i / 10) / 60, (i / 10) % 60, i % 10)
            lines.append(ScriptedGPSD.tpv(["time": time]))
        }
        let gpsd = try ScriptedGPSD(lines: lines, interval: .microseconds(100))
        defer { gpsd.close() }
        let r = try await Self.runIntoHead(["track", "--gpsd", "127.0.0.1:\(gpsd.port)"])
        #expect(r.status == 0, "status \(r.status) (141 is SIGPIPE); \(r.stderr)")
        #expect(r.firstLine.hasPrefix("2026-03-14T09:00:00"), "\(r.firstLine)")
        #expect(!r.stderr.contains("cannot write standard output"), "\(r.stderr)")
        #expect(r.stderr.contains("fixes"), "the summary: \(r.stderr)")
    }
}
