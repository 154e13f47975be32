import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `lodestar track` against a real gpsd fed by gpsfake. One at a time: each runs gpsd, gpsfake
/// (Python) and lodestar, and they would starve each other on a small machine.
@Suite("lodestar track", .serialized, .tags(.liveGPSD))
struct TrackTests {
    @Test("--json prints the TPVs gpsd sends, as gpspipe -w shows them; Ctrl-C ends with a summary and exit 0")
    func jsonMatchesGPSPipe() async throws {
        let h = try await Sandbox.acquire()
        defer { h.release() }
        let gpsd = try FakeGPS(log: SharedTraces.gpsdLog("iTrek.log"), sandbox: h, cycle: 0.02)
        defer { gpsd.stop() }
        // gpspipe watches first and receives reports, so it sees every TPV Lodestar sees, and more.
        let pipe = try await GPSPipe.receiving(sandbox: h)
        defer { pipe.process.stop() }
        let track = try h.startLodestar(["track", "--gpsd", "localhost:\(h.port)", "--json"])
        defer { track.stop() }
        let printed = await waitUntil(upTo: .seconds(4)) { track.stdoutLines.count >= 15 }
        track.send(SIGINT)
        let status = await track.exited(within: .seconds(5))
        pipe.finish()

        #expect(printed)
        #expect(status == 0)
        // TPVs, and gpsd's SKY objects between them (TrackOutputTests compares those).
        #expect(track.stdoutLines.allSatisfy { $0.hasPrefix(#"{"class":"TPV","#) || $0.hasPrefix(#"{"class":"SKY","#) })
        let lines = track.stdoutLines.filter { $0.hasPrefix(#"{"class":"TPV","#) }
        // Less what a Fix does not keep, and magtrack (Lodestar's is course − variation, gpsd
        // 3.22 adds the variation), track prints gpsd's TPVs as they were.
        let printedTPVs = lines.map(GPSPipe.withoutUncarriedMembers)
        let reference = pipe.tpvLines.map(GPSPipe.withoutUncarriedMembers)
        #expect(
            contiguousRun(printedTPVs, in: reference) != nil,
            "\(lines.count) lines are not one run of gpspipe's \(reference.count)")
        let summary = track.stderrLines.last ?? ""
        #expect(summary.hasPrefix("lodestar track: \(lines.count) fixes ("))
        #expect(summary.contains("connection lost 0 times"))
    }

    @Test("gpsd killed and restarted: one 'connection lost, reconnecting' line, then output resumes")
    func lostAndResumed() async throws {
        let h = try await Sandbox.acquire()
        defer { h.release() }
        let first = try FakeGPS(log: SharedTraces.gpsdLog("nl2008u.log"), sandbox: h, cycle: 0.02)
        defer { first.stop() }
        let track = try h.startLodestar(["track", "--gpsd", "localhost:\(h.port)"])
        defer { track.stop() }
        let flowing = await waitUntil(upTo: .seconds(5)) { track.stdout.components(separatedBy: " 48.2").count > 5 }
        first.stop()
        let lost = await waitUntil(upTo: .seconds(3)) { track.stderr.contains("connection lost") }
        // The scenario, not a wait for something: nothing listens for 1 s (a refused retry
        // 0.5 s after the loss), and the retry prints nothing.
        try await Task.sleep(for: .seconds(1))
        let second = try FakeGPS(log: SharedTraces.gpsdLog("iTrek.log"), sandbox: h, cycle: 0.02)
        defer { second.stop() }
        let resumed = await waitUntil(upTo: .seconds(8)) { track.stdout.contains(" 35.33") }
        track.send(SIGINT)
        let status = await track.exited(within: .seconds(5))

        #expect(flowing && lost && resumed)
        #expect(status == 0)
        let messages = track.stderrLines
        #expect(
            messages.filter { $0.hasPrefix("lodestar track: connection lost") } == [
                "lodestar track: connection lost (gpsd closed the connection), reconnecting"
            ])
        #expect(messages.contains("lodestar track: reconnected to gpsd at localhost:\(h.port); waiting for a fix"))
        #expect(messages.last?.contains("connection lost 1 time") == true)
    }

    @Test("gpsd not running: says so once, keeps waiting; Ctrl-C ends with a summary and exit 0")
    func notRunning() async throws {
        let h = try await Sandbox.acquire()
        defer { h.release() }
        let track = try h.startLodestar(["track", "--gpsd", "localhost:\(h.port)"])
        defer { track.stop() }
        let said = await waitUntil(upTo: .seconds(5)) { track.stderr.contains("not reachable") }
        // The scenario, not a wait for something: gpsd stays absent for 2 s after the first
        // refusal, long enough for the retries at 0.5 s and 1.5 s, which must say nothing more.
        try await Task.sleep(for: .seconds(2))
        track.send(SIGINT)
        let status = await track.exited(within: .seconds(5))
        #expect(said)
        #expect(status == 0)
        let messages = track.stderrLines
        #expect(messages.first == "lodestar track: connecting to gpsd at localhost:\(h.port)")
        #expect(messages.filter { $0.contains("not reachable") }.count == 1)
        #expect(messages.last?.hasPrefix("lodestar track: 0 fixes (0 with a position)") == true)
        #expect(track.stdout.isEmpty)
    }

    /// Each text line is checked against gpsd 3.22's own TPV for that time in nl2008u.log.chk,
    /// rendered here as the shared fix line (docs/cli.md, "The fix line") with the documented
    /// conversion: the 68% radius is √((epx/2)² + (epy/2)²), or eph/2 when gpsd gives no
    /// per-axis figures.
    @Test("text lines: time, position, 68% accuracy, speed, course; --record keeps the relayed sentences")
    func textLinesAndRecording() async throws {
        let h = try await Sandbox.acquire()
        defer { h.release() }
        let gpsd = try FakeGPS(log: SharedTraces.gpsdLog("nl2008u.log"), sandbox: h, cycle: 0.02)
        defer { gpsd.stop() }
        let recording = h.path("out.nmea")
        let track = try h.startLodestar(["track", "--gpsd", "localhost:\(h.port)", "--record", recording])
        defer { track.stop() }
        let printed = await waitUntil(upTo: .seconds(6)) { track.stdoutLines.count >= 12 }
        track.send(SIGINT)
        #expect(await track.exited(within: .seconds(5)) == 0)
        #expect(printed)

        let chk = try String(contentsOfFile: SharedTraces.gpsdLog("nl2008u.log.chk"), encoding: .utf8)
        let expected = Set(chk.split(whereSeparator: \.isNewline).compactMap { TrackTests.rendered(tpv: String($0)) })
        let lines = track.stdoutLines
        let times = Set(expected.map { String($0.prefix(24)) })
        // gpsd's first TPV after a client joins often has no time yet.
        #expect(lines.allSatisfy { times.contains(String($0.prefix(24))) || $0.hasPrefix("(no time)") })
        // The fix line (FixText) up to its accuracy; "  sats N" follows when gpsd gives it.
        #expect(
            lines.filter { line in expected.contains { line == $0 || line.hasPrefix($0 + "  sats ") } }.count >= lines.count / 2,
            "\(lines.prefix(3)) vs \(expected.sorted().prefix(3))")

        let log = Set(
            try String(contentsOfFile: SharedTraces.gpsdLog("nl2008u.log"), encoding: .utf8)
                .split(whereSeparator: \.isNewline).map(String.init))
        let recorded = try String(contentsOfFile: recording, encoding: .utf8).components(separatedBy: "\r\n").dropLast()
        #expect(recorded.count >= 40)
        #expect(recorded.allSatisfy(log.contains))
        #expect(track.stderr.contains("\(recorded.count) NMEA sentences recorded to \(recording)"))
    }

    @Test("hemi.log HDT: the heading of a heading sensor appears on the fix lines")
    func headingShown() async throws {
        let h = try await Sandbox.acquire()
        defer { h.release() }
        let excerpt = try SharedTraces.excerpt(of: "hemi.log", lines: 700...755, into: h)
        let gpsd = try FakeGPS(log: excerpt, sandbox: h, cycle: 0.02)
        defer { gpsd.stop() }
        let track = try h.startLodestar(["track", "--gpsd", "localhost:\(h.port)"])
        defer { track.stop() }
        let shown = await waitUntil(upTo: .seconds(5)) { track.stdout.contains("heading 274.") }
        track.send(SIGINT)
        #expect(await track.exited(within: .seconds(5)) == 0)
        #expect(shown)
        let withHeading = track.stdoutLines.filter { $0.contains("heading ") }
        #expect(!withHeading.isEmpty)
        #expect(withHeading.allSatisfy { $0.contains("  heading 274.1° true  ") || $0.contains("  heading 274.0° true  ") })
        // "1 heading" or "N headings": how many arrived before the interrupt depends on the load.
        #expect(track.stderr.contains(" heading) in ") || track.stderr.contains(" headings) in "))
    }

    /// bundg_zeus_9.log: a chartplotter's `$SDHDG`, which gpsd 3.22 relays but reports no heading
    /// of; track reads it from the relayed NMEA and shows it, magnetic, with its variation.
    @Test("bundg_zeus_9.log HDG: the magnetic heading gpsd only relays appears on the fix lines")
    func magneticHeadingShown() async throws {
        let h = try await Sandbox.acquire()
        defer { h.release() }
        let excerpt = try SharedTraces.excerpt(of: "bundg_zeus_9.log", lines: 1...200, into: h)
        let gpsd = try FakeGPS(log: excerpt, sandbox: h, cycle: 0.02)
        defer { gpsd.stop() }
        let track = try h.startLodestar(["track", "--gpsd", "localhost:\(h.port)"])
        defer { track.stop() }
        let shown = await waitUntil(upTo: .seconds(5)) { track.stdout.contains("° magnetic (variation 1.3° E)") }
        track.send(SIGINT)
        #expect(await track.exited(within: .seconds(5)) == 0)
        #expect(shown)
        // The excerpt's headings run from 229.8° to 232.6° magnetic.
        let headings = track.stdoutLines.compactMap { line -> Double? in
            guard let r = line.range(of: "heading ") else { return nil }
            return Double(line[r.upperBound...].prefix { $0 != "°" })
        }
        #expect(!headings.isEmpty)
        #expect(headings.allSatisfy { (229.8...232.6).contains($0) }, "\(headings)")
    }

    /// Issue 4's acceptance: `lodestar track --record out.nmea`, then `lodestar replay out.nmea`,
    /// gives the same fixes. nmea-rtk.log (2020, 10 Hz) is a log whose dates gpsd does not shift
    /// by 1024 weeks and where gpsd and Lodestar agree on every time and position.
    @Test("--record, then lodestar replay of the recording: the times and positions track printed")
    func recordingReplaysToTheSameFixes() async throws {
        let h = try await Sandbox.acquire()
        defer { h.release() }
        let gpsd = try FakeGPS(log: SharedTraces.gpsdLog("nmea-rtk.log"), sandbox: h, cycle: 0.02)
        defer { gpsd.stop() }
        let recording = h.path("out.nmea")
        let track = try h.startLodestar(["track", "--gpsd", "localhost:\(h.port)", "--json", "--record", recording])
        defer { track.stop() }
        let printed = await waitUntil(upTo: .seconds(6)) { track.stdoutLines.count >= 20 }
        track.send(SIGINT)
        #expect(await track.exited(within: .seconds(5)) == 0)
        #expect(printed)

        let replay = try await CLIRunner.run(["replay", recording, "--json"])
        #expect(replay.status == 0)
        let tracked = track.stdoutLines.compactMap(Epoch.init(tpvLine:)).filter(\.isTimedPosition)
        let replayed = replay.stdout.split(separator: "\n").compactMap { Epoch(tpvLine: String($0)) }.filter(\.isTimedPosition)
        #expect(tracked.count >= 15)
        // Every fix track printed is the replayed epoch at that time, with the same position ...
        let unmatched = Epoch.unmatched(tracked, in: replayed)
        #expect(
            unmatched.isEmpty,
            "\(unmatched.count) of \(tracked.count) printed fixes are not in the replay, first \(unmatched.first?.description ?? "")"
        )
        // ... and every replayed epoch was printed by track, but for the last sentences recorded
        // after the last TPV track printed before Ctrl-C.
        let trackedTimes = Set(tracked.map(\.milliseconds))
        let notPrinted = replayed.filter { !trackedTimes.contains($0.milliseconds) }
        #expect(notPrinted.count <= 1 && notPrinted.allSatisfy { $0 == replayed.last }, "replayed but not printed: \(notPrinted)")
        #expect(Epoch.unmatched(replayed.dropLast(notPrinted.count), in: tracked).isEmpty)
    }

    /// The expected text line for one TPV of a .chk, or nil for other lines and TPVs without a
    /// timed position.
    static func rendered(tpv line: String) -> String? {
        guard line.hasPrefix(#"{"class":"TPV""#), let data = line.data(using: .utf8),
            let o = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let time = o["time"] as? String, let mode = o["mode"] as? Int, mode >= 2,
            let lat = o["lat"] as? Double, let lon = o["lon"] as? Double
        else { return nil }
        var parts = [time, mode == 3 ? "3D" : "2D", String(format: "%.9f %.9f", lat, lon)]
        if let alt = o["altMSL"] as? Double { parts.append(String(format: "alt %.2f m", alt)) }
        if let speed = o["speed"] as? Double { parts.append(String(format: "%.2f m/s", speed)) }
        if let track = o["track"] as? Double { parts.append(String(format: "course %.1f°", track)) }
        if let epx = o["epx"] as? Double, let epy = o["epy"] as? Double {
            parts.append(String(format: "±%.2f m", ((epx / 2) * (epx / 2) + (epy / 2) * (epy / 2)).squareRoot()))
        } else if let eph = o["eph"] as? Double {
            parts.append(String(format: "±%.2f m", eph / 2))
        }
        return parts.joined(separator: "  ")
    }
}
