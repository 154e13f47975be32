import Foundation
import TestSupport
import Testing

@Suite("lodestar trace synthesize")
struct TraceCLITests {
    static let traces = TestData.packageRoot.appendingPathComponent("Traces")

    static func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lodestar-trace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// The commands of Traces/README.md's "Commands" section: (trace name, arguments after `lodestar`).
    static func readmeCommands() throws -> [(String, [String])] {
        let text = try String(contentsOf: traces.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(text.components(separatedBy: "## Commands").last)
        var commands: [(String, [String])] = []
        var name = ""
        var command = ""
        for line in section.split(separator: "\n") {
            if line.hasPrefix("# ") {
                name = String(line.dropFirst(2))
            } else if line.hasPrefix("lodestar ") || !command.isEmpty {
                command += line.hasSuffix("\\") ? line.dropLast() : line
                if !line.hasSuffix("\\") {
                    commands.append((name, Self.words(command).dropFirst().map { $0 }))
                    command = ""
                }
            }
        }
        return commands
    }

    /// Shell words with single quotes, as the README writes them.
    static func words(_ command: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        var inWord = false
        for c in command {
            if c == "'" {
                quoted.toggle()
                inWord = true
            } else if c == " " && !quoted {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(c)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }

    @Test("every command in Traces/README.md makes its trace and its truth again, byte for byte")
    func regeneratesBundledTraces() async throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let commands = try Self.readmeCommands()
        #expect(commands.count == 15)
        for (name, arguments) in commands {
            let out = dir.appendingPathComponent("\(name).nmea").path
            let index = try #require(arguments.firstIndex(of: "--output"))
            var args = arguments
            args[index + 1] = out
            let r = try await CLIRunner.run(args)
            #expect(r.status == 0, "\(name): \(r.stderr)")
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: out))
                    == Data(contentsOf: Self.traces.appendingPathComponent("\(name).nmea")), "\(name)")
            #expect(
                try Data(contentsOf: dir.appendingPathComponent("\(name).truth.csv"))
                    == Data(contentsOf: Self.traces.appendingPathComponent("\(name).truth.csv")), "\(name)")
        }
    }

    static let base = ["trace", "synthesize", "--route", "51.5,-0.1;51.501,-0.1", "--start", "2026-01-01T00:00:00Z"]

    @Test(
        "bad arguments are a one-line error naming the option and its range, exit 64, and no file",
        arguments: [
            (["--speed", "1e-300"], "lodestar trace synthesize: --speed 1e-300 is out of range: give 0.01…1000 m/s"),
            (["--speed", "1e-6"], "lodestar trace synthesize: --speed 1e-06 is out of range: give 0.01…1000 m/s"),
            (["--speed", "nan"], "lodestar trace synthesize: --speed nan is out of range: give 0.01…1000 m/s"),
            (["--hold-start", "1e308"], "lodestar trace synthesize: --hold-start 1e+308 is out of range: give 0…604800 seconds"),
            (
                ["--hold-start", "1e7"],
                "lodestar trace synthesize: --hold-start 10000000.0 is out of range: give 0…604800 seconds"
            ),
            (["--hold-end=-1"], "lodestar trace synthesize: --hold-end -1.0 is out of range: give 0…604800 seconds"),
            (["--cold-start", "inf"], "lodestar trace synthesize: --cold-start inf is out of range: give 0…604800 seconds"),
            (
                ["--repeat-epoch", "10:1e308"],
                "lodestar trace synthesize: --repeat-epoch AGE 1e+308 is out of range: give 0…604800 seconds"
            ),
            (
                ["--repeat-epoch", "10:11"],
                "lodestar trace synthesize: --repeat-epoch AGE 11.0 is out of range: give 0…10 seconds (at most AT)"
            ),
            (["--outage", "10"], "lodestar trace synthesize: --outage '10' is not START+DURATION (two numbers)"),
            (
                ["--repeat-epoch", "1e308:1"],
                "lodestar trace synthesize: --repeat-epoch AT 1e+308 is out of range: give 0…604800 seconds"
            ),
            (["--noise", "1e308"], "lodestar trace synthesize: --noise 1e+308 is out of range: give 0…100 metres"),
            (
                ["--noise-from", "10:1e308"],
                "lodestar trace synthesize: --noise-from SIGMA 1e+308 is out of range: give 0…100 metres"
            ),
            (["--outage", "1e308+1"], "lodestar trace synthesize: --outage START 1e+308 is out of range: give 0…604800 seconds"),
            (["--correlated", "3:0"], "lodestar trace synthesize: --correlated TAU 0.0 is out of range: give 0.1…86400 seconds"),
            (
                ["--correlated", "1e308:30"],
                "lodestar trace synthesize: --correlated SIGMA 1e+308 is out of range: give 0…100 metres"
            ),
            (["--white=-1"], "lodestar trace synthesize: --white -1.0 is out of range: give 0…100 metres"),
            (["--doppler", "1e9"], "lodestar trace synthesize: --doppler 1000000000.0 is out of range: give 0…10 m/s"),
            (
                ["--multipath", "10:5:1e6"],
                "lodestar trace synthesize: --multipath METRES 1000000.0 is out of range: give 0…1000 metres"
            ),
            (
                ["--multipath", "10:5"],
                "lodestar trace synthesize: --multipath '10:5' is not AT:DURATION:METRES[:AZIMUTH] (numbers)"
            ),
            (["--stop", "10:1e308"], "lodestar trace synthesize: --stop DURATION 1e+308 is out of range: give 0…604800 seconds"),
            (
                ["--heading-offset", "1e308"],
                "lodestar trace synthesize: --heading-offset 1e+308 is out of range: give -180…180 degrees"
            ),
            (
                ["--heading-noise", "1e308"],
                "lodestar trace synthesize: --heading-noise 1e+308 is out of range: give 0…180 degrees"
            ),
            (["--deviation", "1e308"], "lodestar trace synthesize: --deviation 1e+308 is out of range: give -180…180 degrees"),
            (["--rate", "5"], "lodestar trace synthesize: --rate 5 is not supported: give 1 or 10"),
            (
                ["--talker", ""],
                "lodestar trace synthesize: --talker '' is not a GNSS talker: give GP, GN, GL, GA, GB, BD, GQ, QZ or GI"
            ),
            (
                ["--talker", "$*"],
                "lodestar trace synthesize: --talker '$*' is not a GNSS talker: give GP, GN, GL, GA, GB, BD, GQ, QZ or GI"
            ),
            (
                ["--talker", "X"],
                "lodestar trace synthesize: --talker 'X' is not a GNSS talker: give GP, GN, GL, GA, GB, BD, GQ, QZ or GI"
            ),
            (
                ["--talker", "ZZ"],
                "lodestar trace synthesize: --talker 'ZZ' is not a GNSS talker: give GP, GN, GL, GA, GB, BD, GQ, QZ or GI"
            ),
            (
                ["--talker", "gp"],
                "lodestar trace synthesize: --talker 'gp' is not a GNSS talker: give GP, GN, GL, GA, GB, BD, GQ, QZ or GI"
            ),
            (
                ["--noise", "3", "--white", "1"],
                "lodestar trace synthesize: --noise and --noise-from cannot be combined with --correlated or --white, which replace them"
            ),
            (
                ["--hold-start", "604800", "--rate", "10"],
                "lodestar trace synthesize: the trace would have 6048795 epochs; at most 604801 (7 days at 1 Hz): shorten the route, holds or stops, or raise the speed"
            ),
            (
                ["--stop", "5:10", "--stop", "10:10"],
                "lodestar trace synthesize: the stop at 10.0 s begins before the previous one ends"
            ),
        ])
    func badArguments(_ arguments: [String], _ message: String) async throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("x.nmea").path
        let r = try await CLIRunner.run(Self.base + arguments + ["--output", out])
        #expect(r.status == 64)
        #expect(r.stderr.split(separator: "\n").first.map(String.init) == message)
        #expect(r.stderr.split(separator: "\n").count == 1, "one line, as every command's usage errors")
        #expect(!r.stderr.contains("lodestar <subcommand>"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test(
        "dates RMC's two-digit year cannot say, and the same file twice, are refused",
        arguments: [
            (
                ["--start", "1899-12-31T00:00:00Z"],
                "lodestar trace synthesize: --start '1899-12-31T00:00:00Z' is out of range: give a time in 1980…2068 (RMC's two-digit year)"
            ),
            (
                ["--start", "2068-12-31T23:59:30Z"],
                "lodestar trace synthesize: the trace must start on or after 1980-01-01 and end before 2069-01-01 (RMC's two-digit year)"
            ),
            (["--truth", "SAME"], "lodestar trace synthesize: --output and --truth name the same file 'SAME'; give two files"),
        ])
    func refusedDatesAndFiles(_ arguments: [String], _ message: String) async throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("x.nmea").path
        let args =
            ["trace", "synthesize", "--route", "51.5,-0.1;51.501,-0.1", "--start", "2026-01-01T00:00:00Z"]
            + arguments.map { $0 == "SAME" ? out : $0 } + ["--output", out]
        let r = try await CLIRunner.run(args)
        #expect(r.status == 64)
        #expect(r.stderr.split(separator: "\n").first.map(String.init) == message.replacingOccurrences(of: "SAME", with: out))
        #expect(r.stderr.split(separator: "\n").count == 1, "one line, as every command's usage errors")
        #expect(!r.stderr.contains("lodestar <subcommand>"))
    }

    @Test(
        "what each accepted extreme writes replays with nothing skipped",
        arguments: [
            ["--noise", "100"],
            ["--noise", "0", "--talker", "GI"],
            ["--start", "1980-01-01T00:00:00Z"],
            ["--start", "2068-12-31T23:58:00Z"],
            ["--speed", "1000", "--route", "51.5,-0.1;51.6,-0.1"],
            ["--speed", "0.01", "--route", "51.5,-0.1;51.50001,-0.1"],
            ["--route", "89.99999,179.99999", "--hold-start", "120", "--noise", "100"],
            ["--route", "0,179.99999;0,-179.99", "--speed", "50"],
            ["--correlated", "100:0.1", "--white", "100", "--doppler", "10", "--multipath", "0:3600:1000:360"],
            ["--receiver", "vehicle", "--heading-offset", "-180", "--heading-noise", "180", "--rate", "10"],
            ["--receiver", "marine", "--deviation", "-180", "--start", "2026-06-01T00:00:00Z"],
            ["--stop", "0:600", "--outage", "0+10", "--repeat-epoch", "20:20", "--cold-start", "5"],
        ])
    func extremesReplay(_ arguments: [String]) async throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("x.nmea").path
        var args = Self.base + ["--output", out]
        if let route = arguments.firstIndex(of: "--route") { args[3] = arguments[route + 1] }
        if let start = arguments.firstIndex(of: "--start") { args[5] = arguments[start + 1] }
        var rest: [String] = []
        var i = 0
        while i < arguments.count {
            if arguments[i] == "--route" || arguments[i] == "--start" {
                i += 2
                continue
            }
            rest.append(arguments[i])
            i += 1
        }
        let made = try await CLIRunner.run(args + rest)
        #expect(made.status == 0, "\(made.stderr)")
        let written = try #require(made.stdout.split(separator: " ").dropFirst(2).first.flatMap { Int($0.dropFirst()) })
        let replay = try await CLIRunner.run(["replay", out])
        #expect(replay.status == 0)
        #expect(replay.stderr.contains("\n  skipped: 0\n"), "\(replay.stderr)")
        #expect(replay.stderr.contains(" \(written) epochs ("), "\(made.stdout) \(replay.stderr)")
    }

    @Test("a failed write is a one-line error and exit 1: /dev/full as the output, and as standard output")
    func failedWrites() async throws {
        let full = try await CLIRunner.run(Self.base + ["--output", "/dev/full", "--truth", "/dev/null"])
        #expect(full.status == 1)
        #expect(full.stderr == "lodestar trace synthesize: cannot write /dev/full: No space left on device\n")
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let process = Process()
        process.executableURL = CLIRunner.productsDirectory.appendingPathComponent("lodestar")
        process.arguments = Self.base + ["--output", dir.appendingPathComponent("x.nmea").path]
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
        let err = Pipe()
        process.standardError = err
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(message == "lodestar trace synthesize: cannot write standard output: No space left on device\n")
    }

    @Test("the trace streams: a day of epochs (--hold-start 86400) stays under 50 MB of resident memory")
    func boundedMemory() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = [
            "-f", "maxrss %M", CLIRunner.productsDirectory.appendingPathComponent("lodestar").path,
            "trace", "synthesize", "--route", "51.5,-0.1", "--hold-start", "86400",
            "--correlated", "3:30", "--white", "1", "--start", "2026-01-01T00:00:00Z",
            "--output", dir.appendingPathComponent("day.nmea").path,
        ]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let kilobytes = try #require(
            text.split(separator: "\n").last { $0.hasPrefix("maxrss ") }.flatMap { Int($0.dropFirst(7)) })
        #expect(kilobytes < 50 * 1024, "max RSS \(kilobytes) KB")
        let size = try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("day.nmea").path)[.size] as? Int
        #expect((size ?? 0) > 20_000_000, "the day's trace was written: \(size ?? 0) bytes")
    }

    /// Runs `lodestar ARGUMENTS` with a file size limit of `kilobytes` (RLIMIT_FSIZE, SIGXFSZ
    /// ignored, so that a write past it fails with EFBIG as on a full disk): status and standard error.
    static func runWithFileLimit(_ arguments: [String], kilobytes: Int) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        let lodestar = CLIRunner.productsDirectory.appendingPathComponent("lodestar").path
        process.arguments = ["-c", "trap '' XFSZ; ulimit -f \(kilobytes); exec \"$0\" \"$@\"", lodestar] + arguments
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test("issue 26: a write that fails past 64 KiB (a full disk) leaves no short trace nor truth, and older files whole")
    func fullDiskLeavesNothingShort() async throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = dir.appendingPathComponent("walk.nmea").path
        let truth = dir.appendingPathComponent("walk.truth.csv").path
        // An hour at 1 Hz: about 1 MB of trace, far past the limit.
        let arguments = [
            "trace", "synthesize", "--route", "51.5,-0.1", "--hold-start", "3600", "--start", "2026-01-01T00:00:00Z",
            "--output", trace,
        ]
        let fresh = try await offPool { try Self.runWithFileLimit(arguments, kilobytes: 64) }
        #expect(fresh.status == 1)
        #expect(
            fresh.stderr == "lodestar trace synthesize: cannot write \(trace): File too large\n"
                || fresh.stderr == "lodestar trace synthesize: cannot write \(truth): File too large\n", "\(fresh.stderr)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.path) == [], "nothing left behind, no temporary file either")
        try Data("old trace\n".utf8).write(to: URL(fileURLWithPath: trace))
        try Data("old truth\n".utf8).write(to: URL(fileURLWithPath: truth))
        let over = try await offPool { try Self.runWithFileLimit(arguments, kilobytes: 64) }
        #expect(over.status == 1)
        #expect(try String(contentsOfFile: trace, encoding: .utf8) == "old trace\n")
        #expect(try String(contentsOfFile: truth, encoding: .utf8) == "old truth\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["walk.nmea", "walk.truth.csv"])
        // Without the limit the same command replaces both, whole (the control).
        let made = try await CLIRunner.run(arguments)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["walk.nmea", "walk.truth.csv"])
        let replay = try await CLIRunner.run(["replay", trace])
        #expect(replay.stderr.contains(" 3601 epochs ("), "\(replay.stderr)")
        let rows = try String(contentsOfFile: truth, encoding: .utf8).split(separator: "\n").count
        #expect(rows == 3602, "header and one row an epoch")
    }
}
