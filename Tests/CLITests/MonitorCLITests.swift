import Foundation
import Geodesy
import TestSupport
import Testing

/// `lodestar monitor` as a user runs it: GeoJSON regions, a trace, events on standard output,
/// the state kept across runs with `--state`, and bad regions files refused with exit 65.
@Suite("lodestar monitor")
struct MonitorCLITests {
    /// The city drive's ground truth: time and true position of each epoch.
    static func truth() throws -> [(time: String, coordinate: Coordinate)] {
        let text = try String(contentsOf: TestData.package("Traces/city-drive.truth.csv"), encoding: .utf8)
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let f = line.split(separator: ",", omittingEmptySubsequences: false)
            guard f.count > 2, let lat = Double(f[1]), let lon = Double(f[2]) else { return nil }
            return (String(f[0]), Coordinate(uncheckedLatitude: lat, longitude: lon))
        }
    }

    static func circle(_ id: String, _ c: Coordinate, radius: Double) -> String {
        #"{"type":"Feature","id":"\#(id)","geometry":{"type":"Point","coordinates":[\#(c.longitude),\#(c.latitude)]},"properties":{"radius":\#(radius)}}"#
    }

    static func write(_ text: String, _ name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("monitor-\(UUID().uuidString)-\(name)").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The JSON events of a run.
    static func events(_ stdout: String) -> [[String: Any]] {
        stdout.split(separator: "\n").compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
    }

    @Test(
        "--state: the second half of a trace after the first reports no initial state and no enter again for a region still inside"
    )
    func restart() throws {
        let truth = try Self.truth()
        // NMEA lines end in CR LF, one Character to Swift: split the bytes at LF.
        let lines = try Data(contentsOf: TestData.package("Traces/city-drive.nmea"))
            .split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        // Split at an epoch (a GGA line) halfway through; a 300 m circle around the true position
        // there holds the vehicle across the split, a 40 m one at the start is left early on.
        var split = lines.count / 2
        while !lines[split].hasPrefix("$GNGGA") { split += 1 }
        let time = lines[split].split(separator: ",")[1]  // hhmmss.ss
        let at = try #require(truth.first { $0.time.replacingOccurrences(of: ":", with: "").contains("T" + time) })
        let regions =
            #"{"type":"FeatureCollection","features":["#
            + [
                Self.circle("split", at.coordinate, radius: 300), Self.circle("start", truth[0].coordinate, radius: 40),
                Self.circle("far", Coordinate(uncheckedLatitude: 51.6, longitude: -0.3), radius: 100),
            ].joined(separator: ",") + "]}"
        let regionFile = try Self.write(regions, "regions.geojson")
        let first = try Self.write(lines[..<split].joined(separator: "\n") + "\n", "first.nmea")
        let second = try Self.write(lines[split...].joined(separator: "\n"), "second.nmea")
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("monitor-\(UUID().uuidString).state").path
        defer { for p in [regionFile, first, second, state] { try? FileManager.default.removeItem(atPath: p) } }

        let one = try CLIRunner.runBlocking([
            "monitor", "--regions", regionFile, "--trace", first, "--fast", "--json", "--state", state,
        ])
        #expect(one.status == 0, "\(one.stderr)")
        let a = Self.events(one.stdout)
        #expect(a.filter { $0["initial"] as? Bool == true }.count == 3, "\(one.stdout.prefix(2000))")
        let lastSplit = a.last { $0["region"] as? String == "split" }?["event"] as? String
        #expect(lastSplit == "enter", "the vehicle is inside the split circle at the end of the first half: \(a)")
        #expect(a.contains { $0["region"] as? String == "start" && $0["event"] as? String == "exit" })

        let two = try CLIRunner.runBlocking([
            "monitor", "--regions", regionFile, "--trace", second, "--fast", "--json", "--state", state,
        ])
        #expect(two.status == 0, "\(two.stderr)")
        let b = Self.events(two.stdout)
        #expect(!b.contains { $0["initial"] as? Bool == true || $0["event"] as? String == "unknown" }, "\(b.prefix(5))")
        // Still inside: the first event of "split" in the second half is its exit, never an enter.
        #expect(b.first { $0["region"] as? String == "split" }?["event"] as? String == "exit", "\(b)")
        #expect(!b.contains { $0["region"] as? String == "far" })
    }

    @Test("Bad regions files: exit 65 with one line naming the feature and the problem; a missing file exit 66")
    func badRegions() throws {
        let trace = TestData.package("Traces/walk-to-pickup.nmea").path
        let cases: [(String, String)] = [
            (
                #"{"type":"FeatureCollection","features":[{"type":"Feature","id":"a","geometry":{"type":"Point","coordinates":[0.1,51.5]},"properties":{"radius":-3}}]}"#,
                "\"a\""
            ),
            (
                #"{"type":"FeatureCollection","features":[{"type":"Feature","id":"a","geometry":{"type":"Point","coordinates":[0.1,51.5]},"properties":{"radius":30}},{"type":"Feature","id":"a","geometry":{"type":"Point","coordinates":[0.2,51.5]},"properties":{"radius":30}}]}"#,
                "feature 1"
            ),
            (
                #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"id":"open"},"geometry":{"type":"Polygon","coordinates":[[[0,51],[1,51],[1,52],[0,52]]]}}]}"#,
                "open"
            ),
            ("not json", "JSON"),
        ]
        for (text, named) in cases {
            let path = try Self.write(text, "bad.geojson")
            defer { try? FileManager.default.removeItem(atPath: path) }
            let r = try CLIRunner.runBlocking(["monitor", "--regions", path, "--trace", trace, "--fast"])
            #expect(r.status == 65, "\(text): \(r.stderr)")
            #expect(
                r.stderrLines.count == 1 && r.stderr.hasPrefix("lodestar monitor: ") && r.stderr.contains(named), "\(r.stderr)")
            #expect(r.stdout.isEmpty)
        }
        let missing = try CLIRunner.runBlocking([
            "monitor", "--regions", "/nonexistent/regions.geojson", "--trace", trace, "--fast",
        ])
        #expect(missing.status == 66, "\(missing.stderr)")
        let margin = try CLIRunner.runBlocking(["monitor", "--regions", trace, "--trace", trace, "--exit-margin", "-1"])
        #expect(margin.status == 64 && margin.stderr.contains("--exit-margin"), "\(margin.stderr)")
    }
}
