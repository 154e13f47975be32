import Foundation
import Glibc
import Testing

/// Issue 14: a file the command cannot use is named with what is wrong with it (line and column
/// for JSON), never Foundation's "The operation could not be completed", and the exit status
/// says which: 65 for a file that is not valid, 66 for one that cannot be read.
@Suite("file errors name the file and the problem")
final class FileErrorTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("lodestar-file-errors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    func write(_ name: String, _ text: String) throws -> String {
        try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        return path(name)
    }

    func options(_ more: [String]) async throws -> CLIRunner.Result {
        try await CLIRunner.run(["ride", "options", "--pickup", "51.5085,-0.1247", "--store", path("rides.sqlite")] + more)
    }

    @Test("a fleet or gazetteer that is not JSON: the line and column of the error, status 65")
    func syntax() async throws {
        let fleet = try write("bad.json", "{\"vehicles\": [\n  {\"capacity\": 4},\n  {\"capacity\" 4}]}")
        let r = try await options(["--fleet", fleet])
        #expect(r.status == 65)
        #expect(
            r.stderr
                == "lodestar ride options: fleet \(fleet) is not valid: JSON syntax error at line 3, column 15: invalid value\n")
        let gazetteer = try write("places.json", "{\"places\": [\n")
        let g = try await options(["--gazetteer", gazetteer])
        #expect(g.status == 65)
        #expect(
            g.stderr
                == "lodestar ride options: gazetteer \(gazetteer) is not valid: JSON syntax error at line 2, column 1: the document ends before it is complete\n"
        )
        let empty = try write("empty.json", "\n")
        let e = try await options(["--fleet", empty])
        #expect(e.stderr == "lodestar ride options: fleet \(empty) is not valid: the file is empty; a JSON object was expected\n")
    }

    @Test("a member of the wrong type or missing is named by its path, status 65")
    func members() async throws {
        let fleet = try write(
            "typed.json",
            """
            {"vehicles": [{"identifier": "A", "position": {"latitude": 51.5, "longitude": -0.12}, "capacity": "4", "rideOptionName": "Standard", "speed": 8}]}
            """)
        let r = try await options(["--fleet", fleet])
        #expect(r.status == 65)
        #expect(
            r.stderr
                == "lodestar ride options: fleet \(fleet) is not valid: vehicles[0].capacity is a string; expected a whole number\n"
        )
        let missing = try write("missing.json", "{\"name\": \"x\"}")
        let m = try await options(["--fleet", missing])
        #expect(m.stderr == "lodestar ride options: fleet \(missing) is not valid: missing 'vehicles'\n")
    }

    @Test("a FIFO, a directory or a missing file: what it is, status 66; an empty path: a usage error")
    func unreadable() async throws {
        let fifo = path("fleet.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let f = try await options(["--fleet", fifo])
        #expect(f.status == 66)
        #expect(f.stderr == "lodestar ride options: cannot read fleet \(fifo): it is a FIFO, not a regular file\n")
        let d = try await options(["--gazetteer", directory.path])
        #expect(d.status == 66)
        #expect(
            d.stderr == "lodestar ride options: cannot read gazetteer \(directory.path): it is a directory, not a regular file\n")
        let m = try await options(["--fleet", path("none.json")])
        #expect(m.status == 66)
        #expect(m.stderr == "lodestar ride options: cannot read fleet \(path("none.json")): No such file or directory\n")
        let store = try await CLIRunner.run(["ride", "list", "--store", ""])
        #expect(store.status == 64)
        #expect(store.stderr == "lodestar ride list: --store is an empty path; give a file name\n")
        let emptyFleet = try await options(["--fleet", ""])
        #expect(emptyFleet.status == 64)
        #expect(emptyFleet.stderr == "lodestar ride options: --fleet is an empty path; give a fleet file\n")
    }

    @Test("a trace or file that cannot be read is status 66 with its path, on every command that reads one")
    func unreadableInputs() async throws {
        let none = path("none.nmea")
        let commands: [[String]] = [
            ["replay", none], ["nmea", "decode", none], ["guide", "--trace", none, "--to", "51.5,-0.12"],
            ["vehicle", "--server", "http://127.0.0.1:9", "--id", "car1", "--token", "t", "--trace", none],
        ]
        for arguments in commands {
            let r = try await CLIRunner.run(arguments)
            let name = arguments.prefix { !$0.hasPrefix("-") && $0 != none }.joined(separator: " ")
            #expect(r.status == 66, "\(name)")
            #expect(
                r.stderr.hasPrefix("lodestar \(name): cannot read ") && r.stderr.contains("\(none): No such file or directory"),
                "\(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1, "one line: \(r.stderr)")
        }
    }

    @Test("a store whose directory cannot be made: the system's reason, not Foundation's")
    func storeDirectory() async throws {
        let r = try await CLIRunner.run([
            "ride", "request", "--pickup", "51.5085,-0.1247", "--party", "1", "--store", "/proc/lodestar-none/rides.sqlite",
        ])
        #expect(r.status == 1)
        #expect(
            r.stderr
                == "lodestar ride request: cannot open ride store /proc/lodestar-none/rides.sqlite: cannot create /proc/lodestar-none: No such file or directory\n"
        )
    }

    @Test("an empty fleet says it is empty, not that the largest vehicle seats 0")
    func emptyFleet() async throws {
        let fleet = try write("none.json", "{\"vehicles\": []}")
        let r = try await CLIRunner.run([
            "ride", "request", "--pickup", "51.5085,-0.1247", "--party", "2", "--fleet", fleet, "--store", path("rides.sqlite"),
        ])
        #expect(r.status == 4)
        #expect(r.stderr.contains("the fleet is empty: there is no vehicle to book"), "\(r.stderr)")
        #expect(!r.stderr.contains("seats 0"))
    }
}
