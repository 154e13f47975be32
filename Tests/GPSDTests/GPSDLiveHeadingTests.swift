import Foundation
import GNSS
import Testing

@testable import GPSD

extension GPSDLiveTests {
    @Suite("ATT headings, and the headings gpsd 3.22 loses")
    struct Headings {
        /// hemi.log (a Hemisphere GNSS compass) has valid `$GPHDT` only in its last lines; its .chk
        /// lists the ATT objects gpsd 3.22 makes of them.
        @Test("hemi.log HDT: ATT headings arrive as heading readings, as gpspipe and hemi.log.chk show them")
        func hemisphereHDT() async throws {
            let lock = try await LiveGPSDLock.acquire()
            defer { lock.release() }
            let sandbox = try Sandbox()
            defer { sandbox.remove() }
            let log = try Traces.excerpt(of: "hemi.log", lines: 700...755, into: sandbox)
            let gpsd = try FakeGPS(log: log, sandbox: sandbox, cycle: 0.02)
            defer { gpsd.stop() }
            let pipe = try GPSPipe(sandbox: sandbox)
            defer { pipe.process.stop() }
            try await Task.sleep(for: .milliseconds(500))

            let events = EventLog(GPSDLiveTests.source(sandbox))
            let enough = await events.wait(upTo: .seconds(3)) { _ in events.fixes.count { $0.heading != nil } >= 8 }
            await events.stop()
            pipe.finish()
            #expect(enough)

            let readings = events.fixes.compactMap(\.heading)
            let received = readings.compactMap(TPVEncoder.encodeAttitude)
            let reference = pipe.lines.filter { $0.hasPrefix(#"{"class":"ATT""#) }.map(GPSPipe.withoutUncarriedMembers)
            #expect(Headings.isRun(received, of: reference))
            let chk = try String(contentsOfFile: Traces.gpsdLog("hemi.log.chk"), encoding: .utf8)
                .split(whereSeparator: \.isNewline).filter { $0.hasPrefix(#"{"class":"ATT""#) }.map(String.init)
            #expect(chk == [274.070, 274.040, 274.120, 274.110].map { String(format: #"{"class":"ATT","heading":%.3f}"#, $0) })
            #expect(Headings.isRun(received, of: chk + chk + chk + chk))
            // A heading reading is its own event: no position, no mode, a receive time.
            #expect(events.fixes.filter { $0.heading != nil }.allSatisfy { $0.mode == .unknown && $0.coordinate == nil && $0.monotonicTime != nil })
        }

        /// tnt-revolution.log: a TNT Revolution compass whose `$PTNTHTM` heading is not in degrees
        /// (14223 ...). gpsd 3.22 passes it on as an ATT heading; Lodestar refuses it with a warning.
        @Test("tnt-revolution.log: ATT headings in raw units are dropped with a warning, never delivered")
        func rawUnitHeadings() async throws {
            let lock = try await LiveGPSDLock.acquire()
            defer { lock.release() }
            let sandbox = try Sandbox()
            defer { sandbox.remove() }
            let gpsd = try FakeGPS(log: Traces.gpsdLog("tnt-revolution.log"), sandbox: sandbox, cycle: 0.02)
            defer { gpsd.stop() }
            let events = EventLog(GPSDLiveTests.source(sandbox))
            let warned = await events.wait(upTo: .seconds(5)) { evs in
                evs.count { if case .warning(let w) = $0 { w.contains("outside 0...360") } else { false } } >= 5
            }
            await events.stop()
            #expect(warned)
            #expect(events.fixes.allSatisfy { $0.heading == nil })
        }

        /// bundg_zeus_9.log: a chartplotter sending `$SDHDG` (magnetic heading with variation) about
        /// three times a second. gpsd 3.22 relays the sentences but makes no ATT of them, and its
        /// .chk has no ATT at all: the magnetic heading is lost. The recording shows it was there.
        @Test("bundg_zeus_9.log HDG: gpsd 3.22 relays the sentence but reports no heading")
        func magneticHeadingLost() async throws {
            let lock = try await LiveGPSDLock.acquire()
            defer { lock.release() }
            let sandbox = try Sandbox()
            defer { sandbox.remove() }
            let log = try Traces.excerpt(of: "bundg_zeus_9.log", lines: 1...200, into: sandbox)
            let gpsd = try FakeGPS(log: log, sandbox: sandbox, cycle: 0.01)
            defer { gpsd.stop() }
            let recorder = try NMEARecorder(path: sandbox.path("zeus.nmea"))
            let events = EventLog(GPSDLiveTests.source(sandbox, recorder: recorder))
            let positioned = await events.wait(upTo: .seconds(5)) { _ in events.tpvFixes.count(where: \.hasPosition) >= 3 }
            await events.stop()
            #expect(positioned)
            let recorded = try String(contentsOfFile: recorder.path, encoding: .utf8)
            #expect(recorded.components(separatedBy: "\r\n").count { $0.hasPrefix("$SDHDG,") } >= 5)
            #expect(events.fixes.allSatisfy { $0.heading == nil })
            let chk = try String(contentsOfFile: Traces.gpsdLog("bundg_zeus_9.log.chk"), encoding: .utf8)
            #expect(!chk.contains(#""class":"ATT""#))
        }

        /// Whether `received` is one contiguous run of `reference`.
        static func isRun(_ received: [String], of reference: [String]) -> Bool {
            guard !received.isEmpty, received.count <= reference.count else { return false }
            return (0...(reference.count - received.count)).contains {
                Array(reference[$0..<($0 + received.count)]) == received
            }
        }
    }
}
