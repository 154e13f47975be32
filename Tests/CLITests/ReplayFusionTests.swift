import Foundation
import Geodesy
import Testing

/// `lodestar replay --fusion`: one record per epoch with the fused location, dead-reckoned epochs
/// through an outage as gpsd's status 5, for at most the activity's dead-reckoning time.
@Suite("lodestar replay --fusion")
struct ReplayFusionTests {
    static func tpvs(_ stdout: String) -> [[String: Any]] {
        stdout.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }.filter { $0["class"] as? String == "TPV" }
    }

    @Test("the outage of outage-mid-route: its first 30 s are dead-reckoned TPVs with status 5, then nothing")
    func deadReckonedTPVs() async throws {
        let truth = try GuideTruth("outage-mid-route")
        let r = try await CLIRunner.run([
            "replay", GuideTruth.path("outage-mid-route"), "--fusion", "--activity", "automotive", "--json",
        ])
        #expect(r.status == 0)
        let tpvs = Self.tpvs(r.stdout)
        let reckoned = tpvs.filter { $0["status"] as? Int == 5 }
        let outage = truth.rows.filter { !$0.hasFix }
        #expect(outage.count == 40)
        #expect(reckoned.compactMap { $0["time"] as? String } == outage.prefix(30).map(\.iso8601))
        #expect(reckoned.allSatisfy { ($0["lat"] as? Double) != nil && ($0["eph"] as? Double) != nil })
        // The dead-reckoned accuracy grows through the outage.
        let eph = reckoned.compactMap { $0["eph"] as? Double }
        #expect(zip(eph, eph.dropFirst()).allSatisfy { $0 < $1 })
        #expect(r.stderr.contains("rules: 137 locations delivered; withheld: no position 10, out of order 2"))
    }

    @Test("the rules apply to the fused locations: a 5 m distance filter on stationary-jitter keeps 2 at most")
    func rulesOnFused() async throws {
        let raw = try await CLIRunner.run(["replay", GuideTruth.path("stationary-jitter"), "--distance-filter", "5"])
        let fused = try await CLIRunner.run([
            "replay", GuideTruth.path("stationary-jitter"), "--distance-filter", "5", "--fusion",
        ])
        #expect(raw.status == 0 && fused.status == 0)
        let rawCount = raw.stdout.split(separator: "\n").count
        let fusedCount = fused.stdout.split(separator: "\n").count
        #expect(rawCount > 100, "the receiver's jitter passes a 5 m filter \(rawCount) times")
        #expect(fusedCount <= 2, "the fused location stands still: \(fusedCount)")
    }

    @Test("--activity needs --fusion, and names a profile")
    func activityArguments() async throws {
        let alone = try await CLIRunner.run(["replay", GuideTruth.path("walk-to-pickup"), "--activity", "fitness"])
        #expect(alone.status != 0 && alone.stderr.contains("--activity goes with --fusion"))
        let bad = try await CLIRunner.run(["replay", GuideTruth.path("walk-to-pickup"), "--fusion", "--activity", "skating"])
        #expect(bad.status != 0 && bad.stderr.contains("skating"))
    }
}

/// `lodestar guide` fuses by default and says when its position is dead-reckoned.
@Suite("lodestar guide through a tunnel")
struct GuideTunnelTests {
    @Test(
        "the 30 s tunnel of highway-tunnel: 30 status lines say dead reckoning and for how long, at its times; --raw says 'no fix for N s' instead"
    )
    func deadReckoning() async throws {
        let truth = try GuideTruth("highway-tunnel")
        let arguments = [
            "guide", "--to", "52.05000,-1.09040", "--arrive-within", "20", "--trace",
            GuideTruth.path("highway-tunnel"), "--fast",
        ]
        let fused = try await CLIRunner.run(arguments)
        let reckoned = fused.stdout.split(separator: "\n").filter { $0.contains("  dead reckoning: no fix for ") }
        #expect(reckoned.map { String($0.prefix(8)) } == truth.rows.filter { !$0.hasFix }.map(\.timeOfDay))
        #expect(reckoned.count == 30)
        #expect(reckoned.last?.contains("  dead reckoning: no fix for 30 s  ") == true)
        let raw = try await CLIRunner.run(arguments + ["--raw"])
        #expect(!raw.stdout.contains("dead reckoning"))
        let lost = raw.stdout.split(separator: "\n").filter { $0.contains("  no fix for ") }
        #expect(lost.map { String($0.prefix(8)) } == truth.rows.filter { !$0.hasFix }.map(\.timeOfDay))
    }
}

/// `lodestar replay --smooth`: the forward filter and a backward pass over the whole trace.
@Suite("lodestar replay --smooth")
struct ReplaySmoothTests {
    /// The horizontal distance (m) of each TPV from the truth at its time, keyed by time.
    static func errors(_ stdout: String, _ truth: GuideTruth) throws -> [String: Double] {
        var rows: [String: GuideTruth.Row] = [:]
        for row in truth.rows { rows[row.iso8601] = row }
        var out: [String: Double] = [:]
        for tpv in ReplayFusionTests.tpvs(stdout) {
            guard let time = tpv["time"] as? String, let row = rows[time],
                let lat = tpv["lat"] as? Double, let lon = tpv["lon"] as? Double
            else { continue }
            out[time] = Geodesic.wgs84.inverse(from: try Coordinate(latitude: lat, longitude: lon), to: row.coordinate).distance
        }
        return out
    }

    @Test(
        "highway-tunnel: the smoothed track is closer to the truth than the forward filter's, and the tunnel is interpolated from both ends"
    )
    func tunnelFromBothEnds() async throws {
        let truth = try GuideTruth("highway-tunnel")
        let path = GuideTruth.path("highway-tunnel")
        let forward = try await CLIRunner.run(["replay", path, "--fusion", "--activity", "automotive", "--json"])
        let smoothed = try await CLIRunner.run(["replay", path, "--smooth", "--fusion", "--activity", "automotive", "--json"])
        #expect(forward.status == 0 && smoothed.status == 0)
        #expect(smoothed.stderr.contains("smoothed: "), "\(smoothed.stderr)")
        let f = try Self.errors(forward.stdout, truth)
        let s = try Self.errors(smoothed.stdout, truth)
        #expect(s.count == f.count && s.count > 7000)
        func rms(_ e: [String: Double]) -> Double { (e.values.reduce(0) { $0 + $1 * $1 } / Double(max(e.count, 1))).squareRoot() }
        #expect(rms(s) < rms(f), "smoothed RMS \(rms(s)) m, forward \(rms(f)) m")
        let tunnel = truth.rows.filter { !$0.hasFix }.map(\.iso8601)
        #expect(tunnel.count == 30)
        let worstForward = tunnel.compactMap { f[$0] }.max() ?? 0
        let worstSmoothed = tunnel.compactMap { s[$0] }.max() ?? .infinity
        #expect(worstSmoothed <= worstForward, "in the tunnel: smoothed at worst \(worstSmoothed) m, forward \(worstForward) m")
        #expect(worstSmoothed <= 5, "in the tunnel: smoothed at worst \(worstSmoothed) m")
    }

    @Test("--smooth does not combine with the rule options, and writes GPX")
    func arguments() async throws {
        let path = GuideTruth.path("walk-to-pickup")
        let bad = try await CLIRunner.run(["replay", path, "--smooth", "--distance-filter", "5"])
        #expect(bad.status == 64 && bad.stderr.contains("--smooth does not combine"))
        let gpx = try await CLIRunner.run(["replay", path, "--smooth", "--gpx"])
        #expect(gpx.status == 0)
        #expect(gpx.stdout.components(separatedBy: "<trkpt").count - 1 == 383)
    }
}
