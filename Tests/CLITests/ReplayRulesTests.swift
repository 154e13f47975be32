import Foundation
import Geodesy
import Testing

/// `lodestar replay --desired-accuracy M --distance-filter M`: the manager's rules on a replay, with
/// the expected epochs computed from the ground truth.
@Suite("lodestar replay with the manager's rules")
struct ReplayRulesTests {
    /// The times at the start of each text line ("2026-06-21T06:01:20.000Z").
    static func times(_ stdout: String) -> [String] {
        stdout.split(separator: "\n").map { String($0.prefix(24)) }
    }

    @Test("--desired-accuracy 10 on cold-start keeps exactly the epochs whose accuracy is within 10 m")
    func accuracy() async throws {
        let truth = try GuideTruth("cold-start")
        let r = try await CLIRunner.run(["replay", GuideTruth.path("cold-start"), "--desired-accuracy", "10"])
        #expect(r.status == 0)
        let expected = truth.rows.filter { $0.hasFix && $0.accuracy <= 10 }
        #expect(Self.times(r.stdout) == expected.map(\.iso8601))
        #expect(r.stderr.contains("rules: \(expected.count) locations delivered; withheld: accuracy 50, no position 30"))
    }

    @Test("--distance-filter 10 on stationary-jitter keeps the first fix, then each ≥ 10 m from the last kept (JSON too)")
    func distanceFilter() async throws {
        let truth = try GuideTruth("stationary-jitter")
        var expected: [String] = []
        var last: Coordinate?
        for row in truth.rows {
            guard let p = row.reported else { continue }
            if let l = last, Geodesic.wgs84.inverse(from: l, to: p).distance < 10 { continue }
            expected.append(row.iso8601)
            last = p
        }
        let text = try await CLIRunner.run(["replay", GuideTruth.path("stationary-jitter"), "--distance-filter", "10"])
        #expect(text.status == 0)
        #expect(Self.times(text.stdout) == expected)
        let json = try await CLIRunner.run(["replay", GuideTruth.path("stationary-jitter"), "--distance-filter", "10", "--json"])
        let tpvTimes = json.stdout.split(separator: "\n").compactMap {
            ((try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any])?["time"] as? String
        }
        #expect(tpvTimes == expected)
        #expect(json.stderr.contains("withheld: distance filter \(truth.rows.count - expected.count)"))
    }

    @Test("without the options every epoch is written, and no rules line is added")
    func unchangedWithout() async throws {
        let r = try await CLIRunner.run(["replay", GuideTruth.path("cold-start")])
        #expect(r.status == 0)
        #expect(r.stdout.split(separator: "\n").count == (try GuideTruth("cold-start")).rows.count)
        #expect(!r.stderr.contains("rules:"))
    }

    @Test(
        "bad values are a one-line error",
        arguments: [["--desired-accuracy", "0"], ["--distance-filter", "-1"], ["--distance-filter", "x"]])
    func badValues(_ arguments: [String]) async throws {
        let r = try await CLIRunner.run(["replay", GuideTruth.path("cold-start")] + arguments)
        #expect(r.status != 0)
        #expect(r.stderr.hasPrefix("lodestar replay: "))
    }
}
