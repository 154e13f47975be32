import Foundation
import Testing
import TestSupport

@Suite("lodestar trace synthesize")
struct TraceCLITests {
    @Test("the command in Traces/README.md makes walk-to-pickup.nmea and its truth again, byte for byte")
    func regeneratesBundledTrace() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lodestar-trace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("walk-to-pickup.nmea").path
        let r = try CLIRunner.run([
            "trace", "synthesize", "--route", "51.51190,-0.12280;51.51050,-0.12240;51.50990,-0.12400;51.50850,-0.12470",
            "--speed", "1.4", "--hold-end", "60", "--noise", "3", "--receiver", "multi-gnss",
            "--start", "2026-03-14T09:30:00Z", "--seed", "7", "--output", out,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let traces = TestData.packageRoot.appendingPathComponent("Traces")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == Data(contentsOf: traces.appendingPathComponent("walk-to-pickup.nmea")))
        #expect(try Data(contentsOf: dir.appendingPathComponent("walk-to-pickup.truth.csv"))
            == Data(contentsOf: traces.appendingPathComponent("walk-to-pickup.truth.csv")))
    }

    @Test("bad arguments are a one-line error and a non-zero exit", arguments: [
        ["--route", "91,0", "--start", "2026-01-01T00:00:00Z", "--output", "/tmp/x.nmea"],
        ["--route", "51,0;52,0", "--rate", "5", "--start", "2026-01-01T00:00:00Z", "--output", "/tmp/x.nmea"],
        ["--route", "51,0;52,0", "--start", "yesterday", "--output", "/tmp/x.nmea"],
        ["--route", "51,0;52,0", "--outage", "10", "--start", "2026-01-01T00:00:00Z", "--output", "/tmp/x.nmea"],
        ["--route", "51,0;52,0", "--receiver", "sextant", "--start", "2026-01-01T00:00:00Z", "--output", "/tmp/x.nmea"],
    ])
    func badArguments(_ arguments: [String]) throws {
        let r = try CLIRunner.run(["trace", "synthesize"] + arguments)
        #expect(r.status != 0)
        #expect(r.stderr.contains("Error:"))
    }
}
