import Foundation
import TestSupport
import Testing

/// Issue 26: gpsfake playing gpsd's `bundg_zeus_9.log` (a chartplotter with a 10 Hz compass) into
/// `track` printed 1,672 lines for 101 fix times: gpsd cannot find the end of that receiver's
/// cycle and reports a TPV on every sentence, up to 18 of one time, the first ones still with the
/// previous epoch's position. One line per fix, with the newest report of its time.
@Suite("lodestar track on a receiver gpsd reports on every sentence", .serialized, .tags(.liveGPSD))
struct TrackEpochTests {
    /// The newest position gpsd reports for each fix time of the log: its regression output
    /// (`.chk`), the last TPV of each time.
    static func newestPositions() throws -> [String: (lat: Double, lon: Double)] {
        let text = try String(contentsOfFile: SharedTraces.gpsdLog("bundg_zeus_9.log.chk"), encoding: .utf8)
        var positions: [String: (lat: Double, lon: Double)] = [:]
        // Lines end with CR LF (one Character: split on isNewline, not "\n").
        for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix(#"{"class":"TPV""#) {
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let time = object["time"] as? String, let lat = object["lat"] as? Double, let lon = object["lon"] as? Double
            else { continue }
            positions[time] = (lat, lon)
        }
        return positions
    }

    @Test("bundg_zeus_9 -n 20: 20 lines of 20 fix times, each with the newest position gpsd gave its time")
    func oneLinePerFixTime() async throws {
        let newest = try Self.newestPositions()
        #expect(newest.count == 148, "the fix times with a position in gpsd's 2,481 TPVs of the log")
        let h = try await Sandbox.acquire()
        defer { h.release() }
        let gpsd = try FakeGPS(log: SharedTraces.gpsdLog("bundg_zeus_9.log"), sandbox: h, cycle: 0.02)
        defer { gpsd.stop() }
        let track = try h.startLodestar(["track", "--gpsd", "localhost:\(h.port)", "-n", "20"])
        defer { track.stop() }
        // About 30 sentences an epoch at 20 ms each: 20 epochs take some 12 s, longer under load.
        let status = await track.exited(within: .seconds(180))
        #expect(status == 0, "\(track.stderr)")
        #expect(track.stdoutLines.count == 20)
        // gpsd's first reports of a session have no time (GGA and GLL before an RMC gives the
        // date): a line each, as replay writes them; the timed ones follow.
        let lines = track.stdoutLines.drop { $0.hasPrefix("(no time)") }
        #expect(lines.count >= 15, "\(track.stdout)")
        let times = lines.map { String($0.prefix(24)) }
        #expect(Set(times).count == lines.count, "one line per fix time: \(times)")
        #expect(times == times.sorted(), "\(times)")
        // The first timed line is written before gpsd has shown that it repeats a time; every
        // later one waits for the newest report of its time.
        for line in lines.dropFirst() {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            let time = String(fields[0])
            let expected = try #require(newest[time], "\(time) is not a fix time of the log")
            let lat = try #require(Double(fields[2]))
            let lon = try #require(Double(fields[3]))
            #expect(abs(lat - expected.lat) < 1e-8 && abs(lon - expected.lon) < 1e-8, "\(line): gpsd's newest is \(expected)")
        }
        #expect(track.stderrLines.last?.contains("repeated TPVs of a fix time merged into its line") == true, "\(track.stderr)")
    }
}
