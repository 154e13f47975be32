import Foundation
import Testing

/// Issue 12, acceptance 2: `lodestar` never exits by a signal it raised itself. Out-of-range and
/// non-finite values go into every numeric option and argument of every command; each run must
/// end with a non-zero status and one line on standard error (or, for a value the option accepts,
/// end normally), never by a trap.
@Suite("lodestar hostile numbers")
struct HostileArgumentTests {
    /// The values thrown at every numeric option.
    static let hostile = [
        "nan", "inf", "-inf", "1e308", "-1e308", "1e-300", "-1", "0", "9.3e18", "1e-20", "1e-25", "1e-100",
        "99999999999999999999999", "-99999999999999999999999", "18446744073709551616",
    ]

    /// A numeric option: the arguments with `V` where the value goes, and the hostile values the
    /// option accepts (for those only the absence of a trap is asserted; the others must be
    /// refused as bad arguments, status 64, with the option named).
    struct Case: Sendable, CustomTestStringConvertible {
        /// The command and option, as `lodestar help` names them: `guide --speed`.
        var option: String
        var arguments: [String]
        var accepted: Set<String> = []
        /// Whether a refusal is a usage error naming the option (status 64); false for values
        /// read in `run()` (declination's position, height and year; geodesic's numbers).
        var usageError = true
        var stdin: String?

        var testDescription: String { option }
    }

    /// Files that do not exist or cannot be a store: every command given an accepted value then
    /// fails with one line, so that no run waits or writes anywhere.
    static let missing = "/nonexistent/lodestar-hostile.nmea"
    /// `lodestar vehicle` replaying a trace that does not exist to a service nobody runs.
    static let vehicle = ["vehicle", "--server", "http://127.0.0.1:9", "--id", "car1", "--token", "t", "--trace", missing]
    static let store = "/dev/null/rides.sqlite"
    /// Latitudes among the hostile values.
    static let coordinateAccepted: Set<String> = ["1e-300", "-1", "0", "1e-20", "1e-25", "1e-100"]
    /// Longitudes: [-180, 180] (beyond is refused, not wrapped).
    static let longitudeAccepted = coordinateAccepted

    static let cases: [Case] = [
        Case(
            option: "geodesic inverse lat1", arguments: ["geodesic", "inverse", "V", "0", "52", "1"],
            accepted: coordinateAccepted, usageError: false),
        Case(
            option: "geodesic inverse lon2", arguments: ["geodesic", "inverse", "51", "0", "52", "V"],
            accepted: longitudeAccepted, usageError: false),
        Case(
            option: "geodesic direct azi1", arguments: ["geodesic", "direct", "51", "0", "V", "1000"], accepted: Set(hostile),
            usageError: false),
        Case(
            option: "geodesic direct s12", arguments: ["geodesic", "direct", "51", "0", "45", "V"], accepted: Set(hostile),
            usageError: false),
        Case(
            option: "geodesic inverse --precision", arguments: ["geodesic", "inverse", "--precision", "V", "51", "0", "52", "1"],
            accepted: ["0"]),
        Case(
            option: "geodesic direct --precision",
            arguments: ["geodesic", "direct", "--precision", "V", "51", "0", "45", "1000"], accepted: ["0"]),
        Case(
            option: "geodesic inverse (batch) lat1", arguments: ["geodesic", "inverse"], accepted: coordinateAccepted,
            usageError: false, stdin: "V 0 52 1\n"),
        Case(
            option: "declination lat", arguments: ["declination", "V", "0", "--year", "2026.5"], accepted: coordinateAccepted,
            usageError: false),
        Case(
            option: "declination --height-km", arguments: ["declination", "51", "0", "--year", "2026.5", "--height-km", "V"],
            accepted: coordinateAccepted, usageError: false),
        Case(
            option: "declination --year", arguments: ["declination", "51", "0", "--allow-extrapolation", "--year", "V"],
            usageError: false),
        Case(
            option: "declination --batch year", arguments: ["declination", "--batch", "--allow-extrapolation"], usageError: false,
            stdin: "V 0 51 0\n"),
        Case(option: "replay --max-reports", arguments: ["replay", "--max-reports", "V", missing], accepted: ["0"]),
        Case(option: "replay --desired-accuracy", arguments: ["replay", "--desired-accuracy", "V", missing]),
        Case(option: "replay --distance-filter", arguments: ["replay", "--distance-filter", "V", missing]),
        Case(option: "track --gpsd", arguments: ["track", "--gpsd", "localhost:V"]),
        Case(option: "track --count", arguments: ["track", "--count", "V"]),
        Case(option: "track --duration", arguments: ["track", "--duration", "V"]),
        Case(option: "guide --to", arguments: ["guide", "--to", "V,0", "--trace", missing], accepted: coordinateAccepted),
        Case(
            option: "guide --arrive-within", arguments: ["guide", "--to", "51.5,0", "--trace", missing, "--arrive-within", "V"]),
        Case(option: "guide --speed", arguments: ["guide", "--to", "51.5,0", "--trace", missing, "--speed", "V"]),
        Case(
            option: "guide --desired-accuracy",
            arguments: ["guide", "--to", "51.5,0", "--trace", missing, "--desired-accuracy", "V"]),
        Case(option: "guide --gpsd", arguments: ["guide", "--to", "51.5,0", "--gpsd", "localhost:V"]),
        Case(
            option: "guide --distance-filter",
            arguments: ["guide", "--to", "51.5,0", "--trace", missing, "--distance-filter", "V"]),
        Case(
            option: "guide --heading-filter",
            arguments: ["guide", "--to", "51.5,0", "--trace", missing, "--heading-filter", "V"],
            accepted: ["0", "1e-300", "1e-20", "1e-25", "1e-100"]),
        Case(option: "guide --max-fix-age", arguments: ["guide", "--to", "51.5,0", "--trace", missing, "--max-fix-age", "V"]),
        Case(
            option: "guide --dwell", arguments: ["guide", "--to", "51.5,0", "--trace", missing, "--dwell", "V"],
            accepted: ["0", "1e-300", "1e-20", "1e-25", "1e-100"]),
        Case(
            option: "guide --exit-radius",
            arguments: ["guide", "--to", "51.5,0", "--trace", missing, "--keep-going", "--exit-radius", "V"]),
        Case(
            option: "ride request --pickup",
            arguments: ["ride", "request", "--pickup", "51.5,V", "--party", "1", "--store", store],
            accepted: longitudeAccepted),
        Case(
            option: "ride request --dropoff",
            arguments: ["ride", "request", "--pickup", "51.5,0", "--dropoff", "V,0", "--party", "1", "--store", store],
            accepted: coordinateAccepted),
        Case(
            option: "ride request --party",
            arguments: ["ride", "request", "--pickup", "51.5,0", "--party", "V", "--store", store], accepted: ["0"]),
        Case(
            option: "ride request --wait",
            arguments: ["ride", "request", "--gpsd", "localhost:1", "--wait", "V", "--party", "1", "--store", store]),
        Case(
            option: "ride request --gpsd",
            arguments: ["ride", "request", "--gpsd", "localhost:V", "--party", "1", "--store", store]),
        Case(
            option: "ride options --wait",
            arguments: ["ride", "options", "--gpsd", "localhost:1", "--wait", "V", "--store", store]),
        Case(option: "ride options --gpsd", arguments: ["ride", "options", "--gpsd", "localhost:V", "--store", store]),
        Case(
            option: "ride options --pickup", arguments: ["ride", "options", "--pickup", "V,0", "--store", store],
            accepted: coordinateAccepted),
        Case(option: "ride list --limit", arguments: ["ride", "list", "--limit", "V", "--store", store]),
        Case(option: "vehicle --distance-filter", arguments: Self.vehicle + ["--distance-filter", "V"]),
        Case(option: "vehicle --interval", arguments: Self.vehicle + ["--interval", "V"]),
        Case(
            option: "ride status --heartbeat-timeout",
            arguments: ["ride", "status", "--watch", "--server", "http://127.0.0.1:9", "--heartbeat-timeout", "V", "R1"]),
        Case(option: "vehicle --speed", arguments: Self.vehicle + ["--speed", "V"]),
        Case(option: "monitor --speed", arguments: ["monitor", "--regions", missing, "--trace", missing, "--speed", "V"]),
        Case(option: "monitor --gpsd", arguments: ["monitor", "--regions", missing, "--gpsd", "localhost:V"]),
        Case(
            option: "monitor --dwell", arguments: ["monitor", "--regions", missing, "--trace", missing, "--dwell", "V"],
            accepted: ["1e-300", "0", "1e-20", "1e-25", "1e-100"]),
        Case(
            option: "monitor --exit-margin",
            arguments: ["monitor", "--regions", missing, "--trace", missing, "--exit-margin", "V"],
            accepted: ["1e-300", "0", "1e-20", "1e-25", "1e-100"]),
        Case(
            option: "vehicle --gpsd",
            arguments: ["vehicle", "--server", "http://127.0.0.1:9", "--id", "car1", "--token", "t", "--gpsd", "localhost:V"]),
        Case(
            option: "serve run --listen", arguments: ["serve", "run", "--listen", "127.0.0.1:V", "--database", store],
            accepted: ["0"]),
        Case(
            option: "serve run --maximum-report-age",
            arguments: ["serve", "run", "--maximum-report-age", "V", "--database", store]),
        Case(option: "serve run --heartbeat", arguments: ["serve", "run", "--heartbeat", "V", "--database", store]),
        Case(
            option: "serve run --max-active-rides", arguments: ["serve", "run", "--max-active-rides", "V", "--database", store]),
        Case(option: "serve run --write-rate", arguments: ["serve", "run", "--write-rate", "V", "--database", store]),
        Case(option: "serve run --write-burst", arguments: ["serve", "run", "--write-burst", "V", "--database", store]),
        Case(option: "serve run --max-connections", arguments: ["serve", "run", "--max-connections", "V", "--database", store]),
        Case(option: "serve run --header-timeout", arguments: ["serve", "run", "--header-timeout", "V", "--database", store]),
        Case(option: "serve run --idle-timeout", arguments: ["serve", "run", "--idle-timeout", "V", "--database", store]),
        Case(option: "serve run --body-timeout", arguments: ["serve", "run", "--body-timeout", "V", "--database", store]),
        Case(option: "serve run --shutdown-grace", arguments: ["serve", "run", "--shutdown-grace", "V", "--database", store]),
        Case(
            option: "serve run --max-streams-per-token",
            arguments: ["serve", "run", "--max-streams-per-token", "V", "--database", store]),
        Case(option: "serve run --max-streams", arguments: ["serve", "run", "--max-streams", "V", "--database", store]),
        Case(
            option: "serve token create --expires",
            arguments: ["serve", "token", "create", "--operator", "--expires", "V", "--database", store]),
    ]

    @Test("no trap, a non-zero status and one line on standard error, whatever the number", arguments: cases)
    func hostileNumbers(_ c: Case) async throws {
        for value in Self.hostile {
            let r = try await CLIRunner.run(
                c.arguments.map { $0.replacingOccurrences(of: "V", with: value) },
                stdin: c.stdin?.replacingOccurrences(of: "V", with: value))
            let what = "\(c.option) \(value): status \(r.status), stderr \(r.stderr)"
            #expect(!r.signalled, "\(what)")
            #expect(r.status != 132 && r.status != 133 && r.status != 134, "\(what)")
            if c.accepted.contains(value) {
                if r.status != 0 { #expect(r.stderrLines.count == 1, "\(what)") }
                continue
            }
            #expect(r.status != 0, "\(what)")
            #expect(r.stderrLines.count == 1, "\(what)")
            if c.usageError {
                #expect(r.status == 64, "\(what)")
                #expect(
                    r.stderr.hasPrefix("lodestar \(c.arguments.prefix { !$0.hasPrefix("-") }.joined(separator: " ")): "),
                    "\(what)")
                let name = c.option.split(separator: " ").last.map(String.init) ?? ""
                #expect(r.stderr.contains(name), "\(what)")
            }
        }
    }

    @Test(
        "the exact inputs of the issue: guide --speed 1e-20, ride request/options --wait inf are one-line refusals naming the range"
    )
    func issueInputs() async throws {
        for speed in ["1e-20", "1e-25", "1e-100"] {
            let r = try await CLIRunner.run([
                "guide", "--to", "51.5,-0.12", "--trace", "Traces/walk-to-pickup.nmea", "--speed", speed,
            ])
            #expect(r.status == 64)
            #expect(r.stderr == "lodestar guide: --speed must be from 0.001 to 1000000 (got \(speed))\n")
        }
        for wait in ["inf", "1e308", "9.3e18"] {
            let request = try await CLIRunner.run(["ride", "request", "--gpsd", "localhost:1", "--wait", wait, "--party", "1"])
            #expect(request.status == 64)
            #expect(request.stderrLines.count == 1)
            #expect(request.stderr.hasPrefix("lodestar ride request: --wait must be from 0.1 to 3600 seconds (got "))
        }
        let options = try await CLIRunner.run(["ride", "options", "--wait", "inf"])
        #expect(options.status == 64)
        #expect(options.stderr == "lodestar ride options: --wait must be from 0.1 to 3600 seconds (got inf)\n")
    }

    /// Options that take no number (names, files, times): with ``cases`` they must cover every
    /// option and argument `lodestar --experimental-dump-help` lists, so that a new numeric
    /// option cannot be added without a row here. `trace synthesize` has its own tests.
    static let notNumeric: Set<String> = [
        "declination --date", "replay file", "nmea decode file", "track --record", "guide --trace", "guide --plot",
        "ride request --pickup-name", "ride request --dropoff-name", "ride request --option", "ride request --at",
        "ride request --trace", "ride request --fleet", "ride request --gazetteer", "ride request --store",
        "ride status ride-identifier", "ride status --store", "ride cancel ride-identifier", "ride cancel --store",
        "ride list --store", "ride options --pickup-name", "ride options --trace", "ride options --fleet",
        "ride options --gazetteer", "ride options --store", "ride places --gazetteer", "help subcommands", "replay --activity",
        "track --activity",
        "serve run --database", "serve run --fleet", "serve token create --database", "serve token create --rider",
        "serve token create --vehicle", "serve token create --fleet", "serve token list --database",
        "serve token revoke --database",
        "serve token revoke identifier", "serve token revoke --token", "vehicle --id", "vehicle --server", "vehicle --token",
        "vehicle --trace",
        "monitor --regions", "monitor --trace", "monitor --rule", "monitor --state",
        "ride request --server", "ride request --token", "ride status --server", "ride status --token",
        "ride cancel --server", "ride cancel --token", "ride list --server", "ride list --token",
        "ride options --server", "ride options --token", "guide --units",
    ]

    @Test("the table covers every option of every command")
    func coverage() async throws {
        let r = try await CLIRunner.run(["--experimental-dump-help"])
        #expect(r.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        var listed: [String] = []
        func walk(_ command: [String: Any], _ path: [String]) {
            for argument in command["arguments"] as? [[String: Any]] ?? [] where argument["kind"] as? String != "flag" {
                let long = (argument["names"] as? [[String: Any]] ?? []).first { $0["kind"] as? String == "long" }
                let name = (long?["name"] as? String).map { "--\($0)" } ?? (argument["valueName"] as? String ?? "?")
                listed.append((path + [name]).joined(separator: " "))
            }
            for sub in command["subcommands"] as? [[String: Any]] ?? [] {
                walk(sub, path + [sub["commandName"] as? String ?? "?"])
            }
        }
        walk(try #require(json["command"] as? [String: Any]), [])
        let tested = Set(Self.cases.map(\.option))
        for option in listed where !option.hasPrefix("trace synthesize") {
            // Positional numbers are listed by their value name ("lat1 lon1 lat2 lon2").
            let covered =
                tested.contains(option) || Self.notNumeric.contains(option)
                || tested.contains {
                    $0.hasPrefix(option.split(separator: " ").prefix(2).joined(separator: " ")) && !option.contains("--")
                }
            #expect(covered, "\(option) is in neither the hostile table nor the list of options that take no number")
        }
    }
}
