import Foundation
import Glibc
import TestSupport
import Testing

/// Issue 12: nothing is destroyed, nothing is lost in silence. `guide --plot` writes through to
/// what it is given or refuses it; every command checks its writes to standard output; batch
/// input lines are bounded; streaming output goes out as it comes.
@Suite("lodestar hostile output and input")
final class HostileOutputTests: Sendable {
    /// Each test's own directory, removed after it.
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("lodestar-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    static let walk = TestData.packageRoot.appendingPathComponent("Traces/walk-to-pickup.nmea").path
    static let guide = ["guide", "--to", "51.50850,-0.12470", "--trace", walk, "--fast"]

    /// The kind of file at `path` (S_IFREG, S_IFLNK, ...), without following a link.
    static func kind(_ path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    // MARK: guide --plot

    @Test("guide --plot through a symbolic link writes the target; the link stays a link")
    func plotThroughSymlink() async throws {
        let target = path("target.svg")
        let link = path("link.svg")
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let r = try await CLIRunner.run(Self.guide + ["--plot", link])
        #expect(r.status == 0 || r.status == 3, "\(r.stderr)")
        #expect(Self.kind(link) == S_IFLNK)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        let svg = try String(contentsOfFile: target, encoding: .utf8)
        #expect(svg.hasPrefix("<?xml"))
        #expect(svg.hasSuffix("</svg>\n"))
    }

    @Test("guide --plot /dev/full is refused before the run; the device stays a device")
    func plotDevice() async throws {
        let r = try await CLIRunner.run(Self.guide + ["--plot", "/dev/full"])
        #expect(r.status == 1)
        #expect(
            r.stderr
                == "lodestar guide: --plot /dev/full is a character device, not a regular file; give a new file name or a regular file\n"
        )
        #expect(r.stdout.isEmpty, "refused before the run")
        #expect(Self.kind("/dev/full") == S_IFCHR)
    }

    @Test("guide --plot on a FIFO or a directory is refused before the run and left as it is")
    func plotFIFOAndDirectory() async throws {
        let fifo = path("fifo.svg")
        let folder = path("folder.svg")
        #expect(mkfifo(fifo, 0o600) == 0)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let refusedFIFO = try await CLIRunner.run(Self.guide + ["--plot", fifo])
        #expect(refusedFIFO.status == 1)
        #expect(
            refusedFIFO.stderr
                == "lodestar guide: --plot \(fifo) is a FIFO, not a regular file; give a new file name or a regular file\n")
        #expect(Self.kind(fifo) == S_IFIFO)
        let refusedFolder = try await CLIRunner.run(Self.guide + ["--plot", folder])
        #expect(refusedFolder.status == 1)
        #expect(refusedFolder.stderr.hasSuffix("is a directory, not a regular file; give a new file name or a regular file\n"))
        #expect(Self.kind(folder) == S_IFDIR)
        let unwritable = try await CLIRunner.run(Self.guide + ["--plot", path("no/such/dir/plot.svg")])
        #expect(unwritable.status == 1)
        #expect(unwritable.stdout.isEmpty, "checked before the run, not after it")
        #expect(unwritable.stderrLines.count == 1)
    }

    // MARK: standard output that fails

    /// Commands that write to standard output, with arguments that make them write.
    static let writers: [(name: String, arguments: [String], stdin: String?)] = [
        ("replay", ["replay", walk], nil),
        ("nmea decode", ["nmea", "decode", walk], nil),
        ("geodesic inverse", ["geodesic", "inverse"], String(repeating: "51.47 -0.4543 22.308 113.9185\n", count: 2000)),
        ("geodesic direct", ["geodesic", "direct", "40.64", "-73.78", "45", "10e6"], nil),
        ("declination", ["declination", "51.47", "-0.4543", "--year", "2026.5"], nil),
        ("declination", ["declination", "--batch"], String(repeating: "2026.5 0 51.47 -0.4543\n", count: 2000)),
        ("guide", guide, nil),
    ]

    @Test("standard output on /dev/full or closed: a non-zero exit and the reason on standard error")
    func outputFailures() async throws {
        for (name, arguments, stdin) in Self.writers {
            for (output, reason) in [
                (CLIRunner.Output.path("/dev/full"), "No space left on device"), (.closed, "Bad file descriptor"),
            ] {
                let r = try await CLIRunner.run(arguments, stdin: stdin, output: output)
                #expect(!r.signalled)
                #expect(r.status == 1, "\(arguments) \(output): \(r.stderr)")
                #expect(
                    r.stderrLines.last == "lodestar \(name): cannot write standard output: \(reason)"[...],
                    "\(arguments): \(r.stderr)")
                if name != "replay" {
                    // replay's summary stays on standard error; the others say only this.
                    #expect(r.stderrLines.count == 1, "\(arguments): \(r.stderr)")
                }
            }
        }
    }

    @Test("ride list on /dev/full or closed: a non-zero exit and one line")
    func rideListOutputFailure() async throws {
        let store = path("rides.sqlite")
        let booked = try await CLIRunner.run(["ride", "request", "--pickup", "51.5085,-0.1247", "--party", "1", "--store", store])
        #expect(booked.status == 0)
        for (output, reason) in [
            (CLIRunner.Output.path("/dev/full"), "No space left on device"), (.closed, "Bad file descriptor"),
        ] {
            let r = try await CLIRunner.run(["ride", "list", "--store", store], output: output)
            #expect(r.status == 1)
            #expect(r.stderr == "lodestar ride list: cannot write standard output: \(reason)\n")
        }
    }

    @Test("a failing command whose standard error is closed or full still exits with its status, not a trap")
    func errorOutputFailures() async throws {
        for redirection in ["2>&-", "2>/dev/full"] {
            for (arguments, status): ([String], Int32) in [
                (["ride", "list", "--store", "/dev/null/rides.sqlite"], 1), (["geodesic", "inverse", "91", "0", "0", "0"], 64),
                (["declination", "91", "0"], 64), (["replay", "/nonexistent.nmea"], 66),
                (["guide", "--to", "51.5,0", "--trace", "/nonexistent"], 66),
            ] {
                let r = try await CLIRunner.run(arguments, redirecting: redirection)
                #expect(!r.signalled, "\(arguments) \(redirection)")
                #expect(r.status == status, "\(arguments) \(redirection)")
            }
        }
    }

    // MARK: unbounded lines

    @Test("geodesic and declination --batch < /dev/zero stop at line 1 with one line and status 1")
    func unboundedBatchLines() async throws {
        for (arguments, prefix) in [
            (["geodesic", "inverse"], "lodestar geodesic inverse: "), (["geodesic", "direct"], "lodestar geodesic direct: "),
            (["declination", "--batch"], "lodestar declination: "),
        ] {
            let started = ContinuousClock.now
            let r = try await CLIRunner.run(arguments, input: "/dev/zero")
            #expect(r.status == 1)
            #expect(r.stderr == "\(prefix)line 1: longer than 4096 bytes; stopped reading\n")
            #expect(r.stdout.isEmpty)
            #expect(ContinuousClock.now - started < .seconds(60), "stops at the first line, instead of reading forever")
        }
    }

    @Test("a long line after good ones is reported with its number; the good ones are answered")
    func longLineNumbered() async throws {
        let input = "51.47 -0.4543 22.308 113.9185\n" + String(repeating: "1", count: 5000) + "\n51 0 52 1\n"
        let r = try await CLIRunner.run(["geodesic", "inverse"], stdin: input)
        #expect(r.status == 1)
        #expect(r.stdout == "57.50167120926607 145.33528004156443 9647423.4131637\n")
        #expect(r.stderr == "lodestar geodesic inverse: line 2: longer than 4096 bytes; stopped reading\n")
    }

    @Test("ride request --trace /dev/zero stops at the first unbounded line, at once")
    func rideTraceZero() async throws {
        let started = ContinuousClock.now
        let r = try await CLIRunner.run([
            "ride", "request", "--trace", "/dev/zero", "--party", "1", "--store", path("rides.sqlite"),
        ])
        #expect(r.status == 1)
        #expect(r.stderrLines.count == 1)
        #expect(
            r.stderr.hasPrefix(
                "lodestar ride request: trace /dev/zero: skipped line 1: line_too_long: line longer than 4096 bytes"))
        #expect(r.stderr.hasSuffix("; stopped reading\n"))
        #expect(ContinuousClock.now - started < .seconds(60), "stops at the first line, instead of reading forever")
    }
}

/// `ride request > /dev/full`: the ride is booked, and its identifier is not lost with the output.
@Suite("ride request whose output is lost")
struct BookedButUnsaidTests {
    @Test("booked with standard output on /dev/full: status 1, and standard error names the ride that ride list shows")
    func bookedButUnsaid() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lodestar-unsaid-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = directory.appendingPathComponent("rides.sqlite").path
        let r = try await CLIRunner.run(
            ["ride", "request", "--pickup", "51.5085,-0.1247", "--party", "1", "--store", store],
            output: .path("/dev/full"))
        #expect(r.status == 1)
        let said = try #require(r.stderr.split(separator: "\n").first { $0.hasPrefix("lodestar ride request: booked ride ") })
        #expect(said.hasSuffix(", but could not write standard output: No space left on device"))
        let identifier = said.dropFirst("lodestar ride request: booked ride ".count).prefix(36)
        let list = try await CLIRunner.run(["ride", "list", "--store", store])
        #expect(list.status == 0)
        #expect(list.stdout.hasPrefix(String(identifier)), "the ride named on standard error is the one stored")
    }
}
