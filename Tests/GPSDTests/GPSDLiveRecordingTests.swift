import Foundation
import GNSS
import TestSupport
import Testing

@testable import GPSD

extension GPSDLiveTests {
    @Suite("recording the NMEA gpsd relays")
    struct Recording {
        /// Records a live run, then replays the recording as `lodestar replay` does (the NMEA
        /// module's decoder): every timed position the source received is the replayed epoch's at
        /// that time, and every replayed epoch was received. sirfstarv-nmea.log is dated 2019, so
        /// gpsd does not shift its times by 1024 weeks (it would for nl2008u.log, whose replay
        /// gives the receiver's own 2015 dates where gpsd reports 2035).
        @Test("sirfstarv-nmea.log: the recording holds the log's own sentences and replays to the fixes received")
        func recordingReplaysToSameFixes() async throws {
            let sandbox = try await Sandbox.acquire()
            defer { sandbox.release() }
            let log = SharedTraces.gpsdLog("sirfstarv-nmea.log")
            let recorder = try NMEARecorder(path: sandbox.path("out.nmea"))
            let gpsd = try FakeGPS(log: log, sandbox: sandbox, cycle: 0.02)
            defer { gpsd.stop() }
            let events = EventLog(GPSDLiveTests.source(sandbox, recorder: recorder))
            _ = await events.wait(upTo: .seconds(5)) { _ in events.tpvFixes.count { Epoch(fix: $0).isTimedPosition } >= 12 }
            await events.stop()
            recorder.close()  // the reader thread may still be reading: the file is final from here
            let live = events.tpvFixes.map(Epoch.init(fix:)).filter(\.isTimedPosition)
            #expect(live.count >= 12)

            // Every recorded line is a sentence of the log, byte for byte, with CR LF.
            let original = Set(
                try String(contentsOfFile: log, encoding: .utf8).split(whereSeparator: \.isNewline).map(String.init))
            let recordedText = try String(contentsOfFile: recorder.path, encoding: .utf8)
            #expect(recordedText.hasSuffix("\r\n"))
            let recorded = recordedText.components(separatedBy: "\r\n").dropLast()
            #expect(recorded.count == recorder.sentencesWritten)
            #expect(recorded.count >= 50)
            #expect(recorded.allSatisfy { original.contains($0) })

            // Replayed, the recording gives the fixes received: the same position at each time,
            // and no epoch more, but the last one when its sentences were recorded after the last
            // TPV the source delivered before it stopped.
            let replayed = try NMEAReplay.epochs(ofFile: recorder.path).filter(\.isTimedPosition)
            let unmatched = Epoch.unmatched(live, in: replayed)
            #expect(
                unmatched.isEmpty,
                "\(unmatched.count) of \(live.count) received fixes are not as replayed, first \(unmatched.first?.description ?? "")"
            )
            let liveTimes = Set(live.map(\.milliseconds))
            let notReceived = replayed.filter { !liveTimes.contains($0.milliseconds) }
            #expect(
                notReceived.count <= 1 && notReceived.allSatisfy { $0 == replayed.last },
                "replayed, never received: \(notReceived)")
        }
    }
}
