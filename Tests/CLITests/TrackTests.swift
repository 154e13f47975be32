import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `lodestar track` against a real gpsd fed by gpsfake. One at a time: each runs gpsd, gpsfake
/// (Python) and lodestar, and they would starve each other on a small machine.
@Suite("lodestar track", .serialized)
struct TrackTests {
    @Test("--json prints the TPVs gpsd sends, as gpspipe -w shows them; Ctrl-C ends with a summary and exit 0")
    func jsonMatchesGPSPipe() async throws {
        let lock = try await TrackLiveLock.acquire()
        defer { lock.release() }
        let h = try TrackHarness()
        defer { h.remove() }
        let gpsd = try h.startGPSFake(log: TrackHarness.gpsdLog("iTrek.log"))
        defer { gpsd.stop() }
        let pipe = try TrackHarness.Child(
            "/usr/bin/gpspipe", ["-w", "-x", "5", "-o", h.path("gpspipe.json"), "localhost:\(h.port)"], harness: h, name: "gpspipe")
        defer { pipe.stop() }
        try await Task.sleep(for: .milliseconds(500))
        let track = try h.startLodestar(["track", "--gpsd", "localhost:\(h.port)", "--json"])
        defer { track.stop() }
        let printed = await TrackHarness.wait(upTo: .seconds(4)) { track.stdout.split(separator: "\n").count >= 15 }
        track.send(SIGINT)
        let status = track.exitStatus(waiting: .seconds(5))
        _ = pipe.exitStatus(waiting: .seconds(6))

        #expect(printed)
        #expect(status == 0)
        let lines = track.stdout.split(whereSeparator: \.isNewline).map(String.init)
        #expect(lines.allSatisfy { $0.hasPrefix(#"{"class":"TPV","#) })
        let reference = ((try? String(contentsOfFile: h.path("gpspipe.json"), encoding: .utf8)) ?? "")
            .split(whereSeparator: \.isNewline).filter { $0.hasPrefix(#"{"class":"TPV""#) }.map { TrackTests.carried(String($0)) }
        #expect(TrackTests.isRun(lines, of: reference), "\(lines.count) lines are not one run of gpspipe's \(reference.count)")
        let summary = track.stderr.split(separator: "\n").last.map(String.init) ?? ""
        #expect(summary.hasPrefix("lodestar track: \(lines.count) fixes ("))
        #expect(summary.contains("connection lost 0 times"))
    }

    @Test("gpsd killed and restarted: one 'connection lost, reconnecting' line, then output resumes")
    func lostAndResumed() async throws {
        let lock = try await TrackLiveLock.acquire()
        defer { lock.release() }
        let h = try TrackHarness()
        defer { h.remove() }
        let first = try h.startGPSFake(log: TrackHarness.gpsdLog("nl2008u.log"))
        defer { first.stop() }
        let track = try h.startLodestar(["track", "--gpsd", "localhost:\(h.port)"])
        defer { track.stop() }
        let flowing = await TrackHarness.wait(upTo: .seconds(5)) { track.stdout.components(separatedBy: " 48.2").count > 5 }
        first.stop()
        let lost = await TrackHarness.wait(upTo: .seconds(3)) { track.stderr.contains("connection lost") }
        try await Task.sleep(for: .seconds(1))  // a few retries while nothing listens
        let second = try h.startGPSFake(log: TrackHarness.gpsdLog("iTrek.log"))
        defer { second.stop() }
        let resumed = await TrackHarness.wait(upTo: .seconds(8)) { track.stdout.contains(" 35.33") }
        track.send(SIGINT)
        let status = track.exitStatus(waiting: .seconds(5))

        #expect(flowing && lost && resumed)
        #expect(status == 0)
        let messages = track.stderr.split(separator: "\n").map(String.init)
        #expect(messages.filter { $0.hasPrefix("connection lost") } == ["connection lost (gpsd closed the connection), reconnecting"])
        #expect(messages.contains("reconnected to gpsd at localhost:\(h.port); waiting for a fix"))
        #expect(messages.last?.contains("connection lost 1 time") == true)
    }

    @Test("gpsd not running: says so once, keeps waiting; Ctrl-C ends with a summary and exit 0")
    func notRunning() async throws {
        let lock = try await TrackLiveLock.acquire()
        defer { lock.release() }
        let h = try TrackHarness()
        defer { h.remove() }
        let track = try h.startLodestar(["track", "--gpsd", "localhost:\(h.port)"])
        defer { track.stop() }
        try await Task.sleep(for: .seconds(2))
        track.send(SIGINT)
        let status = track.exitStatus(waiting: .seconds(5))
        #expect(status == 0)
        let messages = track.stderr.split(separator: "\n").map(String.init)
        #expect(messages.first == "waiting for gpsd at localhost:\(h.port)")
        #expect(messages.filter { $0.contains("not reachable") }.count == 1)
        #expect(messages.last?.hasPrefix("lodestar track: 0 fixes (0 with a position)") == true)
        #expect(track.stdout.isEmpty)
    }

    @Test("a malformed --gpsd is a one-line error and a non-zero exit")
    func badAddress() throws {
        let r = try CLIRunner.run(["track", "--gpsd", "localhost:99999"])
        #expect(r.status != 0)
        #expect(r.stderr.contains("invalid gpsd port '99999'"))
        #expect(r.stdout.isEmpty)
    }

    @Test("a --record file that cannot be created is a one-line error and a non-zero exit")
    func unwritableRecording() throws {
        let r = try CLIRunner.run(["track", "--record", "/nonexistent-dir/out.nmea"])
        #expect(r.status != 0)
        #expect(r.stderr.split(separator: "\n").first == "lodestar track: cannot create the recording '/nonexistent-dir/out.nmea': No such file or directory")
    }

    /// Each text line is checked against gpsd 3.22's own TPV for that time in nl2008u.log.chk,
    /// rendered here with the documented conversion: the 68% radius is √((epx/2)² + (epy/2)²),
    /// or eph/2 when gpsd gives no per-axis figures.
    @Test("text lines: time, position, 68% accuracy, speed, course; --record keeps the relayed sentences")
    func textLinesAndRecording() async throws {
        let lock = try await TrackLiveLock.acquire()
        defer { lock.release() }
        let h = try TrackHarness()
        defer { h.remove() }
        let gpsd = try h.startGPSFake(log: TrackHarness.gpsdLog("nl2008u.log"))
        defer { gpsd.stop() }
        let recording = h.path("out.nmea")
        let track = try h.startLodestar(["track", "--gpsd", "localhost:\(h.port)", "--record", recording])
        defer { track.stop() }
        let printed = await TrackHarness.wait(upTo: .seconds(6)) { track.stdout.split(separator: "\n").count >= 12 }
        track.send(SIGINT)
        #expect(track.exitStatus(waiting: .seconds(5)) == 0)
        #expect(printed)

        let chk = try String(contentsOfFile: TrackHarness.gpsdLog("nl2008u.log.chk"), encoding: .utf8)
        let expected = Set(chk.split(whereSeparator: \.isNewline).compactMap { TrackTests.rendered(tpv: String($0)) })
        let lines = track.stdout.split(separator: "\n").map(String.init)
        let times = Set(expected.map { String($0.prefix(24)) })
        // gpsd's first TPV after a client joins often has no time yet.
        #expect(lines.allSatisfy { times.contains(String($0.prefix(24))) || $0.hasPrefix("(no time)") })
        #expect(lines.filter(expected.contains).count >= lines.count / 2)

        let log = Set(try String(contentsOfFile: TrackHarness.gpsdLog("nl2008u.log"), encoding: .utf8)
            .split(whereSeparator: \.isNewline).map(String.init))
        let recorded = try String(contentsOfFile: recording, encoding: .utf8).components(separatedBy: "\r\n").dropLast()
        #expect(recorded.count >= 40)
        #expect(recorded.allSatisfy(log.contains))
        #expect(track.stderr.contains("\(recorded.count) NMEA sentences recorded to \(recording)"))
    }

    @Test("hemi.log HDT: the heading of a heading sensor appears on the fix lines")
    func headingShown() async throws {
        let lock = try await TrackLiveLock.acquire()
        defer { lock.release() }
        let h = try TrackHarness()
        defer { h.remove() }
        let lines = try String(contentsOfFile: TrackHarness.gpsdLog("hemi.log"), encoding: .utf8).components(separatedBy: "\n")
        let excerpt = h.path("hemi-end.log")
        try (lines.prefix { $0.hasPrefix("#") } + lines.dropFirst(699)).joined(separator: "\n").write(toFile: excerpt, atomically: true, encoding: .utf8)
        let gpsd = try h.startGPSFake(log: excerpt)
        defer { gpsd.stop() }
        let track = try h.startLodestar(["track", "--gpsd", "localhost:\(h.port)"])
        defer { track.stop() }
        let shown = await TrackHarness.wait(upTo: .seconds(5)) { track.stdout.contains("heading 274.") }
        track.send(SIGINT)
        #expect(track.exitStatus(waiting: .seconds(5)) == 0)
        #expect(shown)
        let withHeading = track.stdout.split(separator: "\n").filter { $0.contains("heading ") }
        #expect(!withHeading.isEmpty)
        #expect(withHeading.allSatisfy { $0.hasSuffix("heading 274.1°") || $0.hasSuffix("heading 274.0°") })
        #expect(track.stderr.contains(" headings) in "))
    }

    /// The expected text line for one TPV of a .chk, or nil for other lines and TPVs without a
    /// timed position.
    static func rendered(tpv line: String) -> String? {
        guard line.hasPrefix(#"{"class":"TPV""#), let data = line.data(using: .utf8),
            let o = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let time = o["time"] as? String, let mode = o["mode"] as? Int, mode >= 2,
            let lat = o["lat"] as? Double, let lon = o["lon"] as? Double
        else { return nil }
        var parts = [time, mode == 3 ? "3D" : "2D",
                     String(format: "%10.7f %@", abs(lat), lat < 0 ? "S" : "N"),
                     String(format: "%11.7f %@", abs(lon), lon < 0 ? "W" : "E")]
        if let epx = o["epx"] as? Double, let epy = o["epy"] as? Double {
            parts.append(String(format: "±%.1f m", ((epx / 2) * (epx / 2) + (epy / 2) * (epy / 2)).squareRoot()))
        } else if let eph = o["eph"] as? Double {
            parts.append(String(format: "±%.1f m", eph / 2))
        }
        if let speed = o["speed"] as? Double { parts.append(String(format: "%.2f m/s", speed)) }
        if let track = o["track"] as? Double { parts.append(String(format: "course %.1f°", track)) }
        return parts.joined(separator: "  ")
    }

    /// A gpsd TPV line without the members a Lodestar Fix does not keep.
    static func carried(_ line: String) -> String {
        var result = line
        for key in ["device", "ept", "magtrack", "epc", "sep"] {
            while let member = result.range(of: ",\"\(key)\":") {
                let end = result[member.upperBound...].firstIndex { $0 == "," || $0 == "}" } ?? result.endIndex
                result.removeSubrange(member.lowerBound..<end)
            }
        }
        return result
    }

    static func isRun(_ lines: [String], of reference: [String]) -> Bool {
        guard !lines.isEmpty, lines.count <= reference.count else { return false }
        return (0...(reference.count - lines.count)).contains { Array(reference[$0..<($0 + lines.count)]) == lines }
    }
}
