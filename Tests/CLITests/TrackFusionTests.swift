import Foundation
import Geodesy
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `lodestar track --fusion` against a real gpsd fed by gpsfake: the receiver's view by default,
/// the fused locations with `--fusion`, dead-reckoned through an outage.
@Suite("lodestar track --fusion", .serialized, .tags(.liveGPSD))
struct TrackFusionTests {
    /// highway-tunnel.nmea from 16:21:15 to 16:22:59: 60 s of fixes at 25 m/s, the 30 s tunnel
    /// (16:22:15 to 16:22:44, no position), then 15 s of fixes.
    static func excerpt(into sandbox: Sandbox) throws -> String {
        let text = try String(contentsOfFile: GuideTruth.path("highway-tunnel"), encoding: .utf8)
        var kept: [Substring] = []
        var inside = false
        for line in text.split(whereSeparator: \.isNewline) {
            if line.hasPrefix("$GNGGA,") {
                let time = line.dropFirst(7).prefix(6)
                inside = time >= "162115" && time <= "162259"
            }
            if inside { kept.append(line) }
        }
        let path = sandbox.path("highway-excerpt.nmea")
        try (kept.joined(separator: "\r\n") + "\r\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// "2026-07-14T16:22:15.000Z  3D  52.050000000 -1.150000000  alt …": time and position
    /// (the fix line, docs/cli.md "The fix line"; a dead-reckoned line's mode reads `3D deadReckoning`).
    static func parse(_ line: String) -> (time: String, coordinate: Coordinate)? {
        let f = line.split(separator: " ", omittingEmptySubsequences: true)
        let at = f.count > 2 && f[2] == "deadReckoning" ? 3 : 2
        guard f.count >= at + 2, let lat = Double(f[at]), let lon = Double(f[at + 1]) else { return nil }
        guard let c = try? Coordinate(latitude: lat, longitude: lon) else { return nil }
        return (String(f[0]), c)
    }

    @Test(
        "the fused lines differ from the receiver's fixes and say fused; the tunnel is dead-reckoned (TPV status 5) to within 15 m"
    )
    func fusedAndDeadReckoned() async throws {
        let truth = try GuideTruth("highway-tunnel")
        let rows = Dictionary(truth.rows.map { ($0.iso8601, $0) }, uniquingKeysWith: { a, _ in a })
        let h = try await Sandbox.acquire()
        defer { h.release() }
        // gpsfake feeds the excerpt from the moment it starts, 40 ms a sentence (about 0.2 s an
        // epoch), and a client sees it from where it joined: one that starts six seconds late (a
        // debug build starting on a loaded two-core machine) still sees 30 of the 60 s before the
        // tunnel. Under the full suite's load gpsfake itself runs up to four times slower, hence
        // the wait of up to 180 s (it ends as soon as both clients are past the tunnel).
        let gpsd = try FakeGPS(log: try Self.excerpt(into: h), sandbox: h, cycle: 0.04)
        defer { gpsd.stop() }
        let text = try h.startLodestar(
            ["track", "--gpsd", "localhost:\(h.port)", "--fusion", "--activity", "automotive"], name: "text")
        defer { text.stop() }
        let json = try h.startLodestar(
            ["track", "--gpsd", "localhost:\(h.port)", "--fusion", "--activity", "automotive", "--json"], name: "json")
        defer { json.stop() }
        // Through the tunnel and 10 s of fixes after it.
        let through = await waitUntil(upTo: .seconds(180)) {
            text.stdout.contains("T16:22:54.000Z") && json.stdout.contains("T16:22:54.000Z")
        }
        text.send(SIGINT)
        json.send(SIGINT)
        #expect(await text.exited(within: .seconds(5)) == 0)
        #expect(await json.exited(within: .seconds(5)) == 0)
        #expect(through)

        let lines = text.stdoutLines
        #expect(lines.allSatisfy { $0.hasSuffix("  fused") || $0.hasSuffix("  dead reckoning") })
        var fused = 0
        var moved = 0
        var reckonedTimes: [String] = []
        var reckonedEnd: Double?
        for line in lines {
            guard let (time, c) = Self.parse(line), let row = rows[time] else { continue }
            if line.hasSuffix("dead reckoning") {
                #expect(!row.hasFix, "\(time) has a fix but was dead-reckoned")
                reckonedTimes.append(time)
                reckonedEnd = Geodesic.wgs84.inverse(from: c, to: row.coordinate).distance
                continue
            }
            guard let raw = row.reported else { continue }
            fused += 1
            if Geodesic.wgs84.inverse(from: c, to: raw).distance > 0.05 { moved += 1 }
        }
        let tunnel = truth.rows.filter { !$0.hasFix }.map(\.iso8601)
        #expect(fused >= 20)
        // The filter's first fix, and the first after the tunnel (its dead-reckoned position is
        // then far less certain than the fix), are the receiver's own to within centimetres.
        #expect(moved >= fused - 3, "\(moved) of \(fused) fused lines differ from the receiver's fix")
        // gpsd's first report once the fix is lost (16:22:15) carries no time: it cannot be
        // placed, so dead reckoning starts at the next epoch and runs to the tunnel's end.
        #expect(
            reckonedTimes == Array(tunnel.dropFirst()),
            "dead-reckoned at \(reckonedTimes.first ?? "-")…\(reckonedTimes.last ?? "-") (\(reckonedTimes.count))")
        let end = try #require(reckonedEnd)
        #expect(end <= 15, "the last dead-reckoned line is \(end) m from the truth")
        #expect(text.stderrLines.last?.contains("\(fused) fused, \(reckonedTimes.count) dead-reckoned") == true)

        let objects = json.stdoutLines.compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
        #expect(objects.count == json.stdoutLines.count)
        // gpsd's SKY objects come with the TPVs; the fused positions are in the TPVs.
        #expect(objects.allSatisfy { ["TPV", "SKY"].contains($0["class"] as? String) })
        let tpvs = objects.filter { $0["class"] as? String == "TPV" }
        let reckoned = tpvs.filter { $0["status"] as? Int == 5 }.compactMap { $0["time"] as? String }
        #expect(reckoned == Array(tunnel.dropFirst()))
        // From the second fix after the tunnel, the TPVs carry the fused positions, not the receiver's.
        let after = tpvs.filter { ($0["time"] as? String ?? "") > "2026-07-14T16:22:45.000Z" && $0["status"] as? Int != 5 }
        #expect(after.count >= 9)
        for tpv in after {
            let time = try #require(tpv["time"] as? String)
            let lat = try #require(tpv["lat"] as? Double)
            let lon = try #require(tpv["lon"] as? Double)
            let raw = try #require(rows[time]?.reported)
            #expect(
                Geodesic.wgs84.inverse(from: try Coordinate(latitude: lat, longitude: lon), to: raw).distance > 0.05, "\(time)")
        }
    }

}

/// `lodestar track`'s fusion arguments, checked before any connection (no gpsd needed).
@Suite("lodestar track --fusion arguments")
struct TrackFusionArgumentTests {
    @Test("--activity goes with --fusion, and names a profile")
    func activityArguments() async throws {
        let alone = try await CLIRunner.run(["track", "--activity", "fitness"])
        #expect(alone.status != 0 && alone.stderr.contains("--activity goes with --fusion"))
        let bad = try await CLIRunner.run(["track", "--fusion", "--activity", "skating"])
        #expect(bad.status != 0 && bad.stderr.contains("skating"))
    }
}
