import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// What `lodestar track` prints (issue 14), against a real gpsd fed by gpsfake: the fix line
/// `replay` writes with the heading of the fix's own epoch, gpsd's satellite views, -n,
/// --duration and --nmea.
@Suite("lodestar track outputs", .serialized, .tags(.liveGPSD))
struct TrackOutputTests {
    /// The text lines of `replay FILE` by their time (the first 24 characters), without the
    /// `  [lines a-b]` that replay adds.
    static func replayLines(_ path: String) async throws -> [String: String] {
        let r = try await CLIRunner.run(["replay", path])
        var out: [String: String] = [:]
        for line in r.stdout.split(separator: "\n").map(String.init) {
            guard let cut = line.range(of: "  [lines ") else { continue }
            out[String(line.prefix(24))] = String(line[..<cut.lowerBound])
        }
        return out
    }

    /// What a fix line says of the epoch that gpsd's TPV and replay's epoch share: the time,
    /// mode, position and altitude (up to "  alt X m"), and the heading field. (gpsd reports the
    /// fix on the cycle's GGA, before its VTG: speed and course are the previous sentence's, and
    /// its accuracy is its own, from HDOP, where replay has the receiver's GST.)
    static func shared(_ line: String) -> String {
        let head = line.range(of: " m  ").map { String(line[..<$0.lowerBound]) + " m" } ?? line
        guard let h = line.range(of: "  heading ") else { return head }
        let heading = line[h.lowerBound...].prefix { $0 != "±" }
        return head + heading
    }

    /// hemi.log 700-755: gpsd reports each fix on its GGA and the HDT of the same epoch comes two
    /// sentences later; track used to show the previous epoch's heading (274.1° with the fix of
    /// 19:40:58.5, whose own HDT says 274.04°).
    @Test("hemi.log: each fix line is replay's line for that epoch, with the heading of its own epoch")
    func sameLineAsReplay() async throws {
        let h = try await Sandbox.acquire()
        defer { h.release() }
        let excerpt = try SharedTraces.excerpt(of: "hemi.log", lines: 700...755, into: h)
        let gpsd = try FakeGPS(log: excerpt, sandbox: h, cycle: 0.02)
        defer { gpsd.stop() }
        let track = try h.startLodestar(["track", "--gpsd", "localhost:\(h.port)"])
        defer { track.stop() }
        // The excerpt's first fix (19:40:57.5, an empty HDT) and last (19:41:00, its HDT cut
        // off) have no heading of their own; gpsfake loops the excerpt, so track shows the
        // heading that comes next (or the last one within 2 s) with them: they are left out.
        let comparable = { (line: String) in
            line.contains(" heading ") && !line.hasPrefix("(no time)") && !line.hasPrefix("2018-09-07T19:40:57.500Z")
                && !line.hasPrefix("2018-09-07T19:41:00.000Z")
        }
        let printed = await waitUntil(upTo: .seconds(10)) { track.stdoutLines.filter(comparable).count >= 6 }
        track.send(SIGINT)
        #expect(await track.exited(within: .seconds(5)) == 0)
        #expect(printed)
        let replayed = try await Self.replayLines(excerpt)

        // The last line is left out: when the interrupt falls between a fix and its epoch's HDT,
        // track writes the fix it holds as it ends, with the heading it last had (within 2 s).
        let timed = track.stdoutLines.filter(comparable).dropLast()
        #expect(timed.count >= 5)
        let differing = timed.filter { line in replayed[String(line.prefix(24))].map(Self.shared) != Self.shared(line) }
        #expect(differing.isEmpty, "\(differing) vs \(differing.map { replayed[String($0.prefix(24))] ?? "none" })")
        // 19:40:58.5's own HDT is 274.04° (the one before it, 274.07°).
        #expect(
            timed.contains {
                $0.hasPrefix("2018-09-07T19:40:58.500Z  3D  42.363726915 -71.032397392  alt 6.67 m  ")
                    && $0.contains("  heading 274.0° true  ")
            })
    }

    /// The `±` field of a fix line: `±3.82 m`.
    static func accuracy(_ line: String) -> String? {
        guard let r = line.range(of: "  ±") else { return nil }
        return String(line[r.upperBound...].prefix { $0 != " " })
    }

    /// highway-tunnel.nmea sends GST: track gives each fix the receiver's one-sigma figures of
    /// the same time, read from the relayed NMEA (gpsd 3.22's own figure is HDOP × its UERE),
    /// so its line says what replay's says, accuracy included.
    @Test("GST: track's accuracy is the receiver's, as in replay, not gpsd's (highway-tunnel.nmea)")
    func accuracyFromGST() async throws {
        let h = try await Sandbox.acquire()
        defer { h.release() }
        let trace = TestData.traces.appendingPathComponent("highway-tunnel.nmea").path
        let gpsd = try FakeGPS(log: trace, sandbox: h, cycle: 0.02)
        defer { gpsd.stop() }
        let track = try h.startLodestar(["track", "--gpsd", "localhost:\(h.port)"])
        defer { track.stop() }
        let printed = await waitUntil(upTo: .seconds(8)) { track.stdoutLines.count >= 12 }
        track.send(SIGINT)
        #expect(await track.exited(within: .seconds(5)) == 0)
        #expect(printed)
        let replayed = try await Self.replayLines(trace)
        let lines = track.stdoutLines.filter { !$0.hasPrefix("(no time)") }
        let same = lines.filter { line in replayed[String(line.prefix(24))].flatMap(Self.accuracy) == Self.accuracy(line) }
        // gpsd's first report after a client joins may come before the cycle's GST.
        #expect(
            lines.count >= 10 && same.count >= lines.count - 1,
            "\(same.count) of \(lines.count): \(lines.prefix(3)) vs \(lines.prefix(3).map { replayed[String($0.prefix(24))] ?? "none" })"
        )
    }

    @Test("--satellites: gpsd's SKY as a line of counts and DOPs and a line per satellite (ublox-8.log)")
    func satellitesView() async throws {
        let h = try await Sandbox.acquire()
        defer { h.release() }
        let gpsd = try FakeGPS(log: SharedTraces.gpsdLog("ublox-8.log"), sandbox: h, cycle: 0.02)
        defer { gpsd.stop() }
        let track = try h.startLodestar(["track", "--gpsd", "localhost:\(h.port)", "--satellites"])
        defer { track.stop() }
        let shown = await waitUntil(upTo: .seconds(8)) { track.stdoutLines.filter { $0.hasPrefix("satellites  ") }.count >= 3 }
        track.send(SIGINT)
        #expect(await track.exited(within: .seconds(5)) == 0)
        #expect(shown)
        let lines = track.stdoutLines
        // gpsd's SKY DOPs for this log, as "hdop 1.01  vdop 1.38  pdop 1.71".
        let chk = try String(contentsOfFile: SharedTraces.gpsdLog("ublox-8.log.chk"), encoding: .utf8)
        let gpsdDOPs = Set(
            chk.split(whereSeparator: \.isNewline).compactMap { line -> String? in
                guard line.hasPrefix(#"{"class":"SKY""#), let h = GPSPipe.number("hdop", in: String(line)),
                    let v = GPSPipe.number("vdop", in: String(line)), let p = GPSPipe.number("pdop", in: String(line))
                else { return nil }
                return String(format: "hdop %.2f  vdop %.2f  pdop %.2f", h, v, p)
            })
        var known = 0
        var views = 0
        for (i, line) in lines.enumerated() where line.hasPrefix("satellites  ") {
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            // "satellites  25 in view, 14 used  hdop …": then 25 satellite lines, 14 of them used.
            guard parts.count > 5, let inView = Int(parts[1]), let used = Int(parts[4]) else {
                Issue.record("unreadable: \(line)")
                continue
            }
            let satellites = lines.dropFirst(i + 1).prefix { $0.hasPrefix("  PRN ") }
            if i + 1 + satellites.count < lines.count {
                #expect(satellites.count == inView, "\(line)")
                #expect(satellites.filter { $0.hasSuffix("  used") }.count == used, "\(line)")
            }
            // gpsd's first view after a client joins may come before any GSA: no receiver DOPs.
            if line.contains("  hdop ") && line.contains("  vdop ") && line.contains("  pdop ") {
                views += 1
                if gpsdDOPs.contains(where: { line.contains($0) }) { known += 1 }
            }
            // gpsd's DOPs from the geometry, once 4 satellites are used.
            if used >= 4 { #expect(line.contains("  xdop ") && line.contains("  gdop "), "\(line)") }
        }
        // The receiver's DOPs of most views are ones gpsd printed in its regression run.
        #expect(views >= 1)
        #expect(known * 2 >= views, "\(known) of \(views)")
        #expect(lines.contains { $0.hasPrefix("  PRN   3  el  21°  az 174°  ss 29 dB-Hz  used") })
        #expect(track.stderr.contains(" satellite views) in "))
    }

    @Test("--json: gpsd's SKY objects with the TPVs, as gpspipe -w shows them; -n 20 ends after 20 objects")
    func jsonSkyAndCount() async throws {
        let h = try await Sandbox.acquire()
        defer { h.release() }
        let gpsd = try FakeGPS(log: SharedTraces.gpsdLog("ublox-8.log"), sandbox: h, cycle: 0.02)
        defer { gpsd.stop() }
        let pipe = try await GPSPipe.receiving(sandbox: h)
        defer { pipe.process.stop() }
        let track = try h.startLodestar(["track", "--gpsd", "localhost:\(h.port)", "--json", "-n", "20"])
        defer { track.stop() }
        let status = await track.exited(within: .seconds(15))
        pipe.finish()
        #expect(status == 0)
        let lines = track.stdoutLines
        #expect(lines.count == 20)
        // One object a line, as gpspipe -w writes them: no empty line between them.
        #expect(track.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().allSatisfy { !$0.isEmpty })
        #expect(track.stdout.hasSuffix("}\n"))
        let skies = lines.filter { $0.hasPrefix(#"{"class":"SKY","#) }
        #expect(!skies.isEmpty)
        // gpsd's own SKY lines, less "device" (and its satellites' order and numbers unchanged).
        let reference = Set(pipe.lines.filter { $0.hasPrefix(#"{"class":"SKY""#) }.map(GPSPipe.withoutUncarriedMembers))
        let unmatched = skies.filter { !reference.contains(GPSPipe.withoutUncarriedMembers($0)) }
        #expect(unmatched.isEmpty, "\(unmatched.first ?? "") not among gpspipe's \(reference.first ?? "none")")
        #expect(track.stderr.split(separator: "\n").last?.hasPrefix("lodestar track: ") == true)
    }

    @Test("--duration 1 ends after a second with the summary and status 0")
    func duration() async throws {
        let h = try await Sandbox.acquire()
        defer { h.release() }
        let gpsd = try FakeGPS(log: SharedTraces.gpsdLog("nl2008u.log"), sandbox: h, cycle: 0.02)
        defer { gpsd.stop() }
        let track = try h.startLodestar(["track", "--gpsd", "localhost:\(h.port)", "--duration", "1.5"])
        defer { track.stop() }
        let status = await track.exited(within: .seconds(10))
        #expect(status == 0)
        let summary = track.stderrLines.last ?? ""
        #expect(summary.hasPrefix("lodestar track: "), "\(track.stderr)")
        // "in 1.5 s" (or a little more): the time the command ran.
        let seconds = summary.range(of: ") in ").flatMap { Double(summary[$0.upperBound...].prefix { $0 != " " }) }
        #expect(seconds.map { (1.5...3).contains($0) } == true, "\(summary)")
    }

    @Test("--nmea -n 12 prints the first 12 sentences gpsd relays, as gpspipe -r -n 12")
    func rawSentences() async throws {
        let h = try await Sandbox.acquire()
        defer { h.release() }
        let gpsd = try FakeGPS(log: SharedTraces.gpsdLog("nl2008u.log"), sandbox: h, cycle: 0.02)
        defer { gpsd.stop() }
        let track = try h.startLodestar(["track", "--gpsd", "localhost:\(h.port)", "--nmea", "-n", "12"])
        defer { track.stop() }
        let status = await track.exited(within: .seconds(10))
        #expect(status == 0)
        let lines = track.stdoutLines
        #expect(lines.count == 12)
        let log = Set(
            try String(contentsOfFile: SharedTraces.gpsdLog("nl2008u.log"), encoding: .utf8)
                .split(whereSeparator: \.isNewline).map(String.init))
        #expect(lines.allSatisfy(log.contains), "\(lines)")
        // The same order as in the log.
        #expect(track.stderr.contains("; 12 NMEA sentences printed"), "\(track.stderr)")
    }
}
