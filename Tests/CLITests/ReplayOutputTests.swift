import Foundation
import TestSupport
import Testing

/// What `lodestar replay` writes for other tools (issue 14): GPX segments at outages and time in
/// order, gpsd SKY objects in --json, the shared fix line, counts in the singular.
@Suite("lodestar replay outputs")
struct ReplayOutputTests {
    /// Reads a GPX file with gpxpy (Debian's python3-gpxpy): per segment, its point count, and
    /// whether its times strictly increase; then the seconds between the segments.
    static func gpxpy(_ gpx: String) throws -> (segments: [Int], increasing: Bool, gaps: [Double]) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lodestar-segments-\(getpid())-\(UUID().uuidString).gpx")
        try Data(gpx.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let script = """
            import gpxpy, sys
            g = gpxpy.parse(open(sys.argv[1]))
            segs = [s for t in g.tracks for s in t.segments]
            print(" ".join(str(len(s.points)) for s in segs))
            times = [[p.time for p in s.points] for s in segs]
            print(all(a < b for ts in times for a, b in zip(ts, ts[1:])))
            print(" ".join(str((b[0] - a[-1]).total_seconds()) for a, b in zip(times, times[1:])))
            """
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        python.arguments = ["-c", script, file.path]
        let out = Pipe()
        python.standardOutput = out
        try python.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        python.waitUntilExit()
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard python.terminationStatus == 0, lines.count >= 3 else { return ([], false, []) }
        return (
            lines[0].split(separator: " ").compactMap { Int($0) }, lines[1] == "True",
            lines[2].split(separator: " ").compactMap { Double($0) }
        )
    }

    static func write(_ text: String, name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lodestar-\(getpid())-\(name)").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("--gpx on highway-tunnel.nmea: a new <trkseg> after the 30 s tunnel; gpxpy reads 2 segments in time order")
    func gpxOutage() async throws {
        let r = try await CLIRunner.run(["replay", TestData.traces.appendingPathComponent("highway-tunnel.nmea").path, "--gpx"])
        #expect(r.status == 0)
        let read = try Self.gpxpy(r.stdout)
        // 7,218 epochs, 7,188 with a position: the 30 epochs of the tunnel have none.
        #expect(read.segments.reduce(0, +) == 7188)
        #expect(read.segments.count == 2, "\(read.segments)")
        #expect(read.increasing)
        #expect(read.gaps == [31.0], "\(read.gaps)")
        #expect(
            r.stderr.contains("  gpx: 7188 points in 2 segments (a new one after more than 5 s without a position)"),
            "\(r.stderr)")
    }

    @Test("--gpx with epochs whose time steps back: they are left out and counted; time never goes backwards")
    func gpxBackwards() async throws {
        let lines = try String(contentsOf: TestData.traces.appendingPathComponent("highway-tunnel.nmea"), encoding: .utf8)
            .split(whereSeparator: \.isNewline).map(String.init)
        // Epochs 0-19, then epochs 5 and 6 again (a stale receiver buffer), then epochs 20-39.
        let trace = (Array(lines[0..<100]) + Array(lines[25..<35]) + Array(lines[100..<200])).joined(separator: "\n") + "\n"
        let path = try Self.write(trace, name: "backwards.nmea")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try await CLIRunner.run(["replay", path, "--gpx"])
        #expect(r.status == 0)
        let read = try Self.gpxpy(r.stdout)
        #expect(read.segments == [40], "\(read.segments)")
        #expect(read.increasing)
        #expect(
            r.stderr.contains(
                "gpx: 40 points in 1 segment (a new one after more than 5 s without a position); 2 epochs left out: time not after the previous point's"
            ), "\(r.stderr)")
        // The same epochs as text: all 42, in file order.
        let text = try await CLIRunner.run(["replay", path])
        #expect(text.stdout.split(separator: "\n").count == 42)
    }

    @Test("--json: a SKY after the TPV of each epoch with GSV, as gpsd writes it (ublox-8.log)")
    func jsonSky() async throws {
        let r = try await CLIRunner.run(["replay", ReplayTests.trace("ublox-8.log"), "--json"])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        let skies = lines.filter { $0.hasPrefix(#"{"class":"SKY","#) }
        #expect(skies.count >= 70)
        let objects = ReplayTests.jsonObjects(skies.joined(separator: "\n"))
        #expect(objects.count == skies.count)
        for o in objects {
            let sats = o["satellites"] as? [[String: Any]] ?? []
            #expect(o["nSat"] as? Int == sats.count)
            #expect(o["uSat"] as? Int == sats.filter { $0["used"] as? Bool == true }.count)
            #expect(sats.allSatisfy { $0["PRN"] is Int && $0["gnssid"] is Int && $0["svid"] is Int && $0["used"] is Bool })
        }
        // The DOPs of (nearly) every SKY line are ones gpsd printed for this log.
        let chk = try String(contentsOf: ReplayTests.traces.appendingPathComponent("ublox-8.log.chk"), encoding: .utf8)
        let dops = { (line: String) in String(line.prefix { $0 != "n" }) }  // up to "nSat"
        let gpsdDOPs = Set(
            chk.split(whereSeparator: \.isNewline).map(String.init).filter { $0.hasPrefix(#"{"class":"SKY","#) }.map(dops))
        let known = skies.filter { gpsdDOPs.contains(dops($0)) }.count
        #expect(known * 10 >= skies.count * 9, "\(known) of \(skies.count)")
        // Each SKY follows its epoch's TPV.
        for (i, line) in lines.enumerated() where line.hasPrefix(#"{"class":"SKY""#) {
            #expect(i > 0 && lines[i - 1].hasPrefix(#"{"class":"TPV""#))
        }
    }

    @Test("the text line is the shared fix line: signed degrees, the heading of the epoch, ±68% radius, sats")
    func textLine() async throws {
        let r = try await CLIRunner.run(["replay", ReplayTests.trace("hemi.log")])
        #expect(r.status == 0)
        // hemi.log lines 743-745: GGA 19:40:58.50, VTG, HDT 274.04.
        #expect(
            r.stdout.contains(
                "2018-09-07T19:40:58.500Z  3D  42.363726915 -71.032397392  alt 6.67 m  0.01 m/s  course 237.6°  heading 274.0° true  ±"
            ), "\(r.stdout.prefix(600))")
        let line = r.stdout.split(separator: "\n").first { $0.hasPrefix("2018-09-07T19:40:58.500Z") } ?? ""
        #expect(line.hasSuffix("  sats 4  [lines 743-745]"), "\(line)")
    }

    @Test("counts of one are singular: '1 line, 1 epoch'")
    func singular() async throws {
        let r = try await CLIRunner.run(
            ["replay", "-"], stdin: "$GNGGA,162000.00,5202.99901,N,00111.99866,W,1,10,0.8,26.0,M,46.0,M,,*5E\n")
        #expect(r.status == 0)
        #expect(r.stderr.hasPrefix("replay standard input: 1 line, 1 epoch (1 with a position)\n"), "\(r.stderr)")
        let rmc = "$GNRMC,162000.00,A,5202.99901,N,00111.99866,W,48.678,90.0,140726,,,A,V*23\n"
        let rules = try await CLIRunner.run(["replay", "-", "--distance-filter", "1"], stdin: rmc)
        #expect(rules.stderr.contains("  rules: 1 location delivered; withheld: none"), "\(rules.stderr)")
    }
}
