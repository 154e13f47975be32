import Foundation
import TestSupport
import Testing

/// `lodestar replay`, run as a user runs it, on the shared gpsd logs.
@Suite("lodestar replay")
struct ReplayTests {
    static let traces = TestData.shared.appendingPathComponent("traces/gpsd")

    static func trace(_ name: String) -> String { traces.appendingPathComponent(name).path }

    /// The epoch count from the summary line `replay X: N lines, M epochs (...)`.
    static func epochs(_ stderr: String) -> Int? {
        guard let line = stderr.split(separator: "\n").first(where: { $0.hasPrefix("replay ") }),
            let range = line.range(of: " epochs")
        else { return nil }
        let before = line[..<range.lowerBound]
        return Int(before.split(separator: " ").last ?? "")
    }

    static func jsonObjects(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }

    /// gpsd's last TPV for each time in a `.chk` file, keyed by the time string.
    static func gpsdTPVs(_ name: String) async throws -> [String: [String: Any]] {
        let chk = try Data(contentsOf: traces.appendingPathComponent(name + ".chk"))
        var out: [String: [String: Any]] = [:]
        for line in chk.split(separator: UInt8(ascii: "\n")) where line.first == UInt8(ascii: "{") {
            guard let o = (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any],
                o["class"] as? String == "TPV", let t = o["time"] as? String
            else { continue }
            out[t] = o
        }
        return out
    }

    @Test(
        "--json prints one gpsd TPV per epoch, with gpsd's own values for the same times",
        arguments: ["ublox-neo-m9n-nmea.log", "nmea-rtk.log", "sirfstarv-nmea.log"])
    func json(_ name: String) async throws {
        let r = try await CLIRunner.run(["replay", Self.trace(name), "--json"])
        #expect(r.status == 0)
        // Each TPV may be followed by the SKY of its epoch (ReplayOutputTests).
        #expect(Self.jsonObjects(r.stdout).count == r.stdout.split(separator: "\n").count, "every line is a JSON object")
        let tpvs = Self.jsonObjects(r.stdout).filter { $0["class"] as? String == "TPV" }
        let lines = r.stdout.split(separator: "\n").filter { $0.hasPrefix(#"{"class":"TPV""#) }
        #expect(tpvs.count == Self.epochs(r.stderr))
        #expect(tpvs.allSatisfy { $0["class"] as? String == "TPV" && $0["mode"] is Int })
        // The same numbers as gpsd for the same epochs (both print with gpsd's precision; the
        // last digit may differ by one where the exact value is a rounding tie, such as
        // 4134.49822493 N = 41.5749704155°, or where gpsd's float arithmetic lands on the other side).
        let unit: [String: Double] = ["lat": 1e-9, "lon": 1e-9, "altHAE": 1e-4, "altMSL": 1e-4, "speed": 1e-3, "track": 1e-4]
        let gpsd = try await Self.gpsdTPVs(name)
        var matched = 0
        for (ours, line) in zip(tpvs, lines) {
            guard let t = ours["time"] as? String, let theirs = gpsd[t], (ours["mode"] as? Int ?? 0) >= 2 else { continue }
            matched += 1
            for (key, last) in unit {
                guard let g = theirs[key] as? Double else { continue }
                let o = ours[key] as? Double
                #expect(
                    abs((o ?? .infinity) - g) <= last * 1.001,
                    "\(name) \(t) \(key): \(o.map { "\($0)" } ?? "missing") vs gpsd \(g) in \(line)")
            }
        }
        #expect(matched * 10 >= tpvs.count * 8, "\(matched) of \(tpvs.count) epochs found in gpsd's output")
    }

    @Test("--json follows the TPV of an epoch with a true heading by an ATT, with gpsd's headings (hemi.log HDT)")
    func jsonAttitude() async throws {
        let r = try await CLIRunner.run(["replay", Self.trace("hemi.log"), "--json"])
        #expect(r.status == 0)
        let objects = Self.jsonObjects(r.stdout)
        #expect(objects.count == r.stdout.split(separator: "\n").count, "every line is a JSON object")
        let classes = objects.map { $0["class"] as? String ?? "?" }
        #expect(classes.filter { $0 == "TPV" }.count == Self.epochs(r.stderr))
        // Each ATT comes right after its epoch's TPV.
        for (i, c) in classes.enumerated() where c == "ATT" {
            #expect(i > 0 && classes[i - 1] == "TPV", "ATT at line \(i + 1) does not follow a TPV")
        }
        // The log's HDT is empty ("$GPHDT,,T") until the last four cycles; gpsd reports those four.
        // (The .chk has CRLF line ends, which a String split on "\n" would not see: split the bytes.)
        let chk = try Data(contentsOf: Self.traces.appendingPathComponent("hemi.log.chk"))
        let gpsdHeadings = chk.split(separator: UInt8(ascii: "\n"))
            .compactMap { (try? JSONSerialization.jsonObject(with: Data($0))) as? [String: Any] }
            .filter { $0["class"] as? String == "ATT" }.compactMap { $0["heading"] as? Double }
        let ours = objects.filter { $0["class"] as? String == "ATT" }.compactMap { $0["heading"] as? Double }
        #expect(gpsdHeadings.count == 4)
        #expect(ours == gpsdHeadings)
        // A log without heading sentences has no ATT.
        let plain = try await CLIRunner.run(["replay", Self.trace("nmea-rtk.log"), "--json"])
        #expect(!plain.stdout.isEmpty && !plain.stdout.contains(#""class":"ATT""#))
    }

    @Test("unknown values are left out of the TPV, never written as 0")
    func jsonLeavesOutUnknowns() async throws {
        // ublox-lea-5q has no fix at all: empty GGA/GLL, RMC V, GSA mode 1.
        let r = try await CLIRunner.run(["replay", Self.trace("ublox-lea-5q.log"), "--json"])
        #expect(r.status == 0)
        let tpvs = Self.jsonObjects(r.stdout).filter { $0["class"] as? String == "TPV" }
        #expect(!tpvs.isEmpty)
        for tpv in tpvs {
            #expect(tpv["mode"] as? Int == 1)
            for key in ["lat", "lon", "altHAE", "altMSL", "speed", "track", "eph", "epv"] {
                #expect(tpv[key] == nil, "\(key) present in a no-fix TPV")
            }
        }
    }

    @Test("--gpx is read back by gpxpy with every epoch that has a position")
    func gpx() async throws {
        let name = "nmea-rtk.log"
        let r = try await CLIRunner.run(["replay", Self.trace(name), "--gpx"])
        #expect(r.status == 0)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lodestar-replay-\(getpid()).gpx")
        try Data(r.stdout.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let script = """
            import gpxpy, sys
            g = gpxpy.parse(open(sys.argv[1]))
            points = [p for t in g.tracks for s in t.segments for p in s.points]
            print(len(points))
            p = points[0]
            print(repr(p.latitude), repr(p.longitude), repr(p.elevation), p.time.isoformat(), p.type_of_gpx_fix, p.satellites)
            """
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        python.arguments = ["-c", script, file.path]
        let out = Pipe()
        python.standardOutput = out
        try python.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        python.waitUntilExit()
        #expect(python.terminationStatus == 0)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 2)
        // Summary: "N epochs (M with a position)".
        let withPosition = r.stderr.split(separator: "(").dropFirst().first?.split(separator: " ").first.flatMap { Int($0) }
        #expect(lines.first.flatMap { Int($0) } == withPosition)
        // The first point is the first RMC/GGA epoch of the log, as gpsd reports it.
        let gpsd = try await Self.gpsdTPVs(name)
        let first = gpsd["2020-03-18T13:28:19.600Z"]
        let fields = lines.count > 1 ? lines[1].split(separator: " ").map(String.init) : []
        #expect(fields.count == 6)
        if fields.count == 6, let first {
            #expect(Double(fields[0]) == first["lat"] as? Double)
            #expect(Double(fields[1]) == first["lon"] as? Double)
            #expect(Double(fields[2]) == first["altMSL"] as? Double)
            #expect(fields[3] == "2020-03-18T13:28:19.600000+00:00")
            #expect(fields[4] == "dgps")
        }
    }

    @Test("--csv has a header and one row per epoch")
    func csv() async throws {
        let r = try await CLIRunner.run(["replay", Self.trace("neo-m8n.log"), "--csv"])
        #expect(r.status == 0)
        let rows = r.stdout.split(separator: "\n")
        #expect(rows.first?.hasPrefix("time,mode,quality,latitude_deg,longitude_deg") == true)
        #expect(rows.count - 1 == Self.epochs(r.stderr))
        let columns = rows.first?.split(separator: ",", omittingEmptySubsequences: false).count ?? 0
        #expect(rows.allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false).count == columns })
        #expect(rows.contains { $0.hasPrefix("2015-03-18T17:19:26.000Z,3,1,44.069010500,-121.314246333,1147.200,1125.900,") })
    }

    @Test("the default output is one readable line per epoch")
    func text() async throws {
        let r = try await CLIRunner.run(["replay", Self.trace("neo-m8n.log")])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == Self.epochs(r.stderr))
        #expect(lines.contains { $0.hasPrefix("2015-03-18T17:19:26.000Z  3D  44.069010500 -121.314246333  alt 1147.20 m") })
    }

    @Test("bad lines are skipped and reported with line number and reason; the exit status stays 0")
    func badLines() async throws {
        let r = try await CLIRunner.run(["replay", Self.trace("et-332.log"), "--json", "--max-reports", "3"])
        #expect(r.status == 0)
        #expect(r.stderr.contains("skipped line 41: framing:"))
        #expect(r.stderr.contains("further skipped lines are counted, not listed"))
        #expect(r.stderr.contains("skipped: 35 (checksum_format 1, framing 34)"))
        #expect(!r.stdout.isEmpty)
    }

    @Test("binary garbage in the middle of a log is skipped, the rest decoded")
    func garbage() async throws {
        let r = try await CLIRunner.run(["replay", Self.trace("ublox-8.log"), "--json"])
        #expect(r.status == 0)
        #expect(r.stderr.contains("skipped line 10: framing: garbage before the sentence"))
        // 72 epochs: a TPV and a SKY each.
        #expect(Self.jsonObjects(r.stdout).filter { $0["class"] as? String == "TPV" }.count == 72)
    }

    @Test("'-' reads standard input, with the same result as the file")
    func stdin() async throws {
        let path = Self.trace("gr8013-w.log")
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        let fromFile = try await CLIRunner.run(["replay", path, "--json"])
        let fromStdin = try await CLIRunner.run(["replay", "-", "--json"], stdin: text)
        #expect(fromStdin.status == 0)
        #expect(fromStdin.stdout == fromFile.stdout)
        #expect(!fromStdin.stdout.isEmpty)
    }

    @Test("--lenient accepts sentences without a checksum; by default they are skipped")
    func lenient() async throws {
        let input = "$GPRMC,235236,A,3925.9479,N,11945.9211,W,44.7,153.6,250905,15.2,E,A\n"
        let strict = try await CLIRunner.run(["replay", "-", "--json"], stdin: input)
        #expect(strict.status == 0)
        #expect(strict.stderr.contains("skipped line 1: checksum_missing"))
        let lenient = try await CLIRunner.run(["replay", "-", "--json", "--lenient"], stdin: input)
        #expect(lenient.status == 0)
        #expect(lenient.stdout.contains(#""lat":39.432465000,"lon":-119.765351667"#))
    }

    @Test("a file that cannot be read is an error with a non-zero exit")
    func unreadable() async throws {
        let missing = try await CLIRunner.run(["replay", "/nonexistent/trace.nmea"])
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("cannot read /nonexistent/trace.nmea"))
        let directory = try await CLIRunner.run(["replay", Self.traces.path])
        #expect(directory.status != 0)
        #expect(directory.stderr.contains("cannot read"))
    }

    @Test("the output formats are exclusive")
    func exclusiveFormats() async throws {
        let r = try await CLIRunner.run(["replay", Self.trace("neo-m8n.log"), "--json", "--gpx"])
        #expect(r.status != 0)
        #expect(!r.stderr.isEmpty)
    }
}
