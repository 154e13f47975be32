import Foundation
import GNSS
import Testing

@testable import GPSD

extension GPSDLiveTests {
    @Suite("recording the NMEA gpsd relays")
    struct Recording {
        /// Records a live run, then serves the recording through a fresh gpsd: every timed
        /// position of the second run is the one the first run had at that time. (`lodestar
        /// replay` of the recording is the same comparison, once the NMEA module is merged.)
        @Test("nl2008u.log: the recording holds the log's own sentences and replays to the same fixes")
        func recordingReplaysToSameFixes() async throws {
            let lock = try await LiveGPSDLock.acquire()
            defer { lock.release() }
            let sandbox = try Sandbox()
            defer { sandbox.remove() }
            let recorder = try NMEARecorder(path: sandbox.path("out.nmea"))
            let live: [Fix]
            do {
                let gpsd = try FakeGPS(log: Traces.gpsdLog("nl2008u.log"), sandbox: sandbox, cycle: 0.02)
                defer { gpsd.stop() }
                let events = EventLog(GPSDLiveTests.source(sandbox, recorder: recorder))
                _ = await events.wait(upTo: .seconds(5)) { _ in events.tpvFixes.count(where: Recording.isTimedPosition) >= 12 }
                await events.stop()
                live = events.tpvFixes
            }
            #expect(live.count(where: Recording.isTimedPosition) >= 12)

            // Every recorded line is a sentence of the log, byte for byte, with CR LF.
            let original = Set(try String(contentsOfFile: Traces.gpsdLog("nl2008u.log"), encoding: .utf8)
                .split(whereSeparator: \.isNewline).map(String.init))
            let recordedText = try String(contentsOfFile: recorder.path, encoding: .utf8)
            #expect(recordedText.hasSuffix("\r\n"))
            let recorded = recordedText.components(separatedBy: "\r\n").dropLast()
            #expect(recorded.count == recorder.sentencesWritten)
            #expect(recorded.count >= 50)
            #expect(recorded.allSatisfy { original.contains($0) })

            // Served again, the recording gives the same position at each time.
            let replayPort = try Sandbox.freeLoopbackPort()
            let replayed: [Fix]
            do {
                let gpsd = try FakeGPS(log: recorder.path, sandbox: sandbox, cycle: 0.02, port: replayPort)
                defer { gpsd.stop() }
                let source = GPSDSource(endpoint: GPSDEndpoint(host: "localhost", port: replayPort), options: GPSDLiveTests.quickOptions())
                let events = EventLog(source)
                _ = await events.wait(upTo: .seconds(5)) { _ in events.tpvFixes.count(where: Recording.isTimedPosition) >= 8 }
                await events.stop()
                replayed = events.tpvFixes
            }
            let liveByTime = Dictionary(live.filter(Recording.isTimedPosition).map { (Epoch(fix: $0).milliseconds, Epoch(fix: $0)) },
                                        uniquingKeysWith: { first, _ in first })
            let replayedEpochs = replayed.filter(Recording.isTimedPosition).map(Epoch.init(fix:))
            #expect(replayedEpochs.count >= 8)
            for epoch in replayedEpochs {
                let same = liveByTime[epoch.milliseconds]
                #expect(same?.latitude == epoch.latitude && same?.longitude == epoch.longitude, "\(epoch) vs \(same?.description ?? "none")")
            }
        }

        static func isTimedPosition(_ fix: Fix) -> Bool { fix.hasPosition && fix.time != nil }
    }
}
