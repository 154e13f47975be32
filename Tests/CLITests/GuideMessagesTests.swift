import Foundation
import Geodesy
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// What `lodestar guide` says in the cases issue 14 names: walking away, an arrival radius smaller
/// than the fixes' accuracy, WMM's caution zone, a gpsd that keeps going away, counts of one.
@Suite("lodestar guide: what it says")
struct GuideMessagesTests {
    static let walk = GuideTruth.path("walk-to-pickup")

    @Test(
        "walking away from the destination (300 m behind the walk's start): 'moving away', never an ETA; --json has movingAway and no eta"
    )
    func movingAway() async throws {
        // The walk heads south-south-west from 51.51193,-0.12288; this is north-north-east of it.
        let start = "51.51460,-0.12150"
        let r = try await CLIRunner.run(["guide", "--to", start, "--trace", Self.walk, "--fast", "--raw"])
        #expect(r.status == 3)
        let lines = r.stdout.split(separator: "\n").dropLast().map(String.init)
        let moving = lines.filter {
            $0.contains(" m/s") && !$0.contains(" 0.0 m/s") && !$0.contains(" 0.1 m/s") && !$0.contains(" 0.2 m/s")
        }
        #expect(moving.count > 250)
        #expect(moving.filter { $0.hasSuffix("  moving away") }.count > 250, "\(moving.filter { !$0.hasSuffix("moving away") })")
        #expect(!lines.contains { $0.contains("  ETA ") })
        let json = try await CLIRunner.run(["guide", "--to", start, "--trace", Self.walk, "--fast", "--raw", "--json"])
        let locations = GuideTests.jsonObjects(json.stdout).filter { $0["event"] as? String == "location" }
        #expect(locations.filter { $0["movingAway"] as? Bool == true }.count > 250)
        #expect(
            locations.allSatisfy {
                $0["movingAway"] as? Bool == true ? $0["eta"] == nil && ($0["closingSpeed"] as? Double ?? 0) < 0 : true
            })
        // Walking toward the pickup, the ETA is there and the closing speed positive.
        let toward = try await CLIRunner.run([
            "guide", "--to", "51.50850,-0.12470", "--trace", Self.walk, "--fast", "--raw", "--json",
        ])
        let first = try #require(GuideTests.jsonObjects(toward.stdout).first { $0["event"] as? String == "location" })
        #expect(first["eta"] is String && (first["closingSpeed"] as? Double ?? 0) > 1 && first["movingAway"] == nil)
    }

    @Test("--arrive-within 1 with ±4 m fixes: the closing line says the accuracy never got inside the radius")
    func radiusBelowAccuracy() async throws {
        let r = try await CLIRunner.run([
            "guide", "--to", "51.50850,-0.12470", "--trace", Self.walk, "--fast", "--raw", "--arrive-within", "1",
        ])
        #expect(r.status == 3)
        let truth = try GuideTruth("walk-to-pickup")
        let best = truth.rows.filter(\.hasFix).map(\.accuracy).min() ?? .nan
        let last = try #require(r.stdout.split(separator: "\n").last.map(String.init))
        #expect(
            last == "Trace ended before arrival: 1 m from destination at 09:36:22; "
                + "the accuracy never got inside the 1 m arrival radius (best ±\(String(format: "%.1f", best)) m)")
        // A radius the fixes can meet says nothing of the kind.
        let far = try await CLIRunner.run([
            "guide", "--to", "51.50850,-0.12470", "--trace", GuideTruth.path("cold-start"), "--fast", "--raw",
        ])
        #expect(far.stdout.split(separator: "\n").last?.contains("accuracy never") == false)
    }

    @Test("WMM caution zone at Alert: the line says 'compass unreliable (WMM caution zone)'; --json marks headings and locations")
    func compassZone() async throws {
        let arguments = ["guide", "--to", "82.51,-62.3", "--trace", GuideTruth.path("compass-caution-alert"), "--fast", "--raw"]
        let r = try await CLIRunner.run(arguments)
        let lines = r.stdout.split(separator: "\n").dropLast()
        #expect(lines.count == (try GuideTruth("compass-caution-alert")).rows.count)
        #expect(lines.allSatisfy { $0.contains("  compass unreliable (WMM caution zone)  ") })
        // Every heading (no heading filter), so that each fix's has its own object.
        let objects = GuideTests.jsonObjects(try await CLIRunner.run(arguments + ["--json", "--heading-filter", "0"]).stdout)
        let headings = objects.filter { $0["event"] as? String == "heading" }
        #expect(headings.count == lines.count)
        #expect(headings.allSatisfy { $0["compassZone"] as? String == "caution" && $0["compassUnreliable"] as? Bool == true })
        let locations = objects.filter { $0["event"] as? String == "location" }
        #expect(locations.allSatisfy { $0["compassUnreliable"] as? Bool == true && $0["compassZone"] as? String == "caution" })
        // London, with course over ground for a heading: nothing of the kind.
        let london = try await CLIRunner.run([
            "guide", "--to", "51.50850,-0.12470", "--trace", Self.walk, "--fast", "--raw", "--json",
        ])
        let londonHeadings = GuideTests.jsonObjects(london.stdout).filter { $0["event"] as? String == "heading" }
        #expect(
            !londonHeadings.isEmpty
                && londonHeadings.allSatisfy {
                    $0["compassZone"] as? String == "normal" && $0["compassUnreliable"] as? Bool == false
                })
    }

    @Test(
        "WMM blackout zone near the north magnetic pole (H ≈ 975 nT), a synthesized compass walk: 'compass unreliable (WMM blackout zone)'"
    )
    func blackoutZone() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lodestar-blackout-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let trace = directory.appendingPathComponent("blackout.nmea").path
        let made = try await CLIRunner.run([
            "trace", "synthesize", "--route", "86.0,-140;86.01,-140", "--speed", "1.2", "--receiver", "compass",
            "--start", "2026-07-01T18:00:00Z", "--seed", "1", "--output", trace,
        ])
        try #require(made.status == 0, "\(made.stderr)")
        let arguments = ["guide", "--to", "86.01,-140", "--trace", trace, "--fast", "--raw"]
        let lines = try await CLIRunner.run(arguments).stdout.split(separator: "\n").dropLast()
        #expect(lines.count > 900)
        #expect(lines.allSatisfy { $0.contains("  compass unreliable (WMM blackout zone)  ") })
        let json = GuideTests.jsonObjects(try await CLIRunner.run(arguments + ["--json"]).stdout)
        let headings = json.filter { $0["event"] as? String == "heading" }
        #expect(
            !headings.isEmpty
                && headings.allSatisfy { $0["compassZone"] as? String == "blackout" && $0["compassUnreliable"] as? Bool == true })
    }

    @Test(
        "--json through the tunnel: dead-reckoned locations carry deadReckoned and noFixFor; with --raw the withheld epochs carry noFixFor"
    )
    func noFixJSON() async throws {
        let arguments = ["guide", "--to", "52.05000,-1.09040", "--trace", GuideTruth.path("highway-tunnel"), "--fast", "--json"]
        let fused = GuideTests.jsonObjects(try await CLIRunner.run(arguments).stdout)
        let reckoned = fused.filter { $0["deadReckoned"] as? Bool == true }
        #expect(reckoned.compactMap { $0["noFixFor"] as? Double } == (1...30).map(Double.init))
        let raw = GuideTests.jsonObjects(try await CLIRunner.run(arguments + ["--raw"]).stdout)
        let withheld = raw.filter { $0["event"] as? String == "withheld" }
        #expect(withheld.compactMap { $0["noFixFor"] as? Double } == (1...30).map(Double.init))
    }

    @Test("guide --gpsd against a gpsd that greets and closes, again and again: 'source unavailable' once for the outage")
    func sourceUnavailableOnce() async throws {
        let gpsd = try LoopbackServer { connection in connection.send(line: LoopbackServer.versionLine) }
        defer { gpsd.close() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lodestar-guide-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let process = try ChildProcess(
            CLIRunner.productsDirectory.appendingPathComponent("lodestar").path,
            ["guide", "--to", "51.5,-0.12", "--gpsd", "127.0.0.1:\(gpsd.port)"], environment: ProcessInfo.processInfo.environment,
            stdout: "\(directory)/out", stderr: "\(directory)/err")
        // Until the retries have reconnected several times (each greets, then closes).
        _ = await waitUntil(upTo: .seconds(30)) { gpsd.connectionsAccepted >= 4 }
        process.send(SIGINT)
        let status = await process.exited(within: .seconds(5))
        process.stop()
        #expect(gpsd.connectionsAccepted >= 4)
        #expect(status.map { ($0 >> 8) & 0xff } == 130, "exit status 130 after Ctrl-C: \(String(describing: status))")
        let unavailable = process.stderrLines.filter { $0.contains("source unavailable") }
        #expect(unavailable == ["lodestar guide: source unavailable: gpsd closed the connection"], "\(process.stderrLines)")
    }

    @Test("guide --gpsd against a gpsd that greets and then sends nothing: the status says for how long (5 s, then 10 s)")
    func silentSource() async throws {
        let gpsd = try LoopbackServer { connection in
            connection.send(line: LoopbackServer.versionLine)
            connection.hold()
        }
        defer { gpsd.close() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lodestar-guide-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let process = try ChildProcess(
            CLIRunner.productsDirectory.appendingPathComponent("lodestar").path,
            ["guide", "--to", "51.5,-0.12", "--gpsd", "127.0.0.1:\(gpsd.port)"], environment: ProcessInfo.processInfo.environment,
            stdout: "\(directory)/out", stderr: "\(directory)/err")
        _ = await waitUntil(upTo: .seconds(60)) { process.stdout.contains("for 10 s") }
        process.send(SIGINT)
        _ = await process.exited(within: .seconds(5))
        process.stop()
        let lines = process.stdout.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(2)) == ["no data from the source for 5 s", "no data from the source for 10 s"], "\(lines)")
    }

    @Test("counts of one are singular: '1 more warning not shown', '2 more warnings not shown'")
    func plurals() async throws {
        let lines = try String(contentsOfFile: Self.walk, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        for (garbage, expected) in [(6, "1 more warning not shown"), (7, "2 more warnings not shown")] {
            let trace = FileManager.default.temporaryDirectory.appendingPathComponent("lodestar-guide-\(UUID().uuidString).nmea")
            defer { try? FileManager.default.removeItem(at: trace) }
            let text = (Array(repeating: "$GPZZZ,garbage*00", count: garbage) + lines.map(String.init)).joined(separator: "\n")
            try text.write(to: trace, atomically: true, encoding: .utf8)
            let r = try await CLIRunner.run(["guide", "--to", "51.50850,-0.12470", "--trace", trace.path, "--fast", "--raw"])
            #expect(r.status == 0)
            #expect(r.stderrLines.filter { $0.contains("warning: ") }.count == 5)
            #expect(r.stderrLines.last.map(String.init) == "lodestar guide: \(expected)", "\(r.stderr)")
        }
    }
}
