import Foundation
import GNSS
import TestSupport
import Testing

@testable import GPSD

extension GPSDLiveTests {
    @Suite("ATT headings, and the headings gpsd 3.22 loses")
    struct Headings {
        /// hemi.log (a Hemisphere GNSS compass) has valid `$GPHDT` only in its last lines; its .chk
        /// lists the ATT objects gpsd 3.22 makes of them.
        @Test("hemi.log HDT: ATT headings arrive as heading readings, as gpspipe and hemi.log.chk show them")
        func hemisphereHDT() async throws {
            let sandbox = try await Sandbox.acquire()
            defer { sandbox.release() }
            let log = try SharedTraces.excerpt(of: "hemi.log", lines: 700...755, into: sandbox)
            let gpsd = try FakeGPS(log: log, sandbox: sandbox, cycle: 0.02)
            defer { gpsd.stop() }
            // gpspipe watches first and receives reports, so it sees every TPV Lodestar sees, and more.
            let pipe = try await GPSPipe.receiving(sandbox: sandbox)
            defer { pipe.process.stop() }

            let events = EventLog(GPSDLiveTests.source(sandbox))
            let enough = await events.wait(upTo: .seconds(3)) { _ in events.fixes.count { $0.heading != nil } >= 8 }
            await events.stop()
            pipe.finish()
            #expect(enough)

            // TPVEncoder writes each reading back as gpsd wrote the ATT, less its device.
            let readings = events.fixes.compactMap(\.heading)
            let received = readings.compactMap(TPVEncoder.attitudeString).map(GPSPipe.withoutUncarriedMembers)
            let reference = pipe.lines.filter { $0.hasPrefix(#"{"class":"ATT""#) }.map(GPSPipe.withoutUncarriedMembers)
            #expect(contiguousRun(received, in: reference) != nil)
            let chk = try String(contentsOfFile: SharedTraces.gpsdLog("hemi.log.chk"), encoding: .utf8)
                .split(whereSeparator: \.isNewline).filter { $0.hasPrefix(#"{"class":"ATT""#) }.map(String.init)
            #expect(chk == [274.070, 274.040, 274.120, 274.110].map { String(format: #"{"class":"ATT","heading":%.3f}"#, $0) })
            #expect(contiguousRun(received, in: chk + chk + chk + chk) != nil)
            // A heading reading is its own event: no position, no mode, a receive time.
            #expect(
                events.fixes.filter { $0.heading != nil }.allSatisfy {
                    $0.mode == .unknown && $0.coordinate == nil && $0.monotonicTime != nil
                })
        }

        /// tnt-revolution.log: a TNT Revolution compass whose `$PTNTHTM` heading is not in degrees
        /// (14223 ...). gpsd 3.22 passes it on as an ATT heading; Lodestar refuses it with a warning.
        @Test("tnt-revolution.log: ATT headings in raw units are dropped with a warning, never delivered")
        func rawUnitHeadings() async throws {
            let sandbox = try await Sandbox.acquire()
            defer { sandbox.release() }
            let gpsd = try FakeGPS(log: SharedTraces.gpsdLog("tnt-revolution.log"), sandbox: sandbox, cycle: 0.02)
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
        /// .chk has no ATT at all: gpsd's reports lose the magnetic heading. The recording shows it
        /// was there.
        @Test("bundg_zeus_9.log HDG: gpsd 3.22 relays the sentence but reports no heading of it")
        func magneticHeadingLost() async throws {
            let sandbox = try await Sandbox.acquire()
            defer { sandbox.release() }
            let log = try SharedTraces.excerpt(of: "bundg_zeus_9.log", lines: 1...200, into: sandbox)
            let gpsd = try FakeGPS(log: log, sandbox: sandbox, cycle: 0.01)
            defer { gpsd.stop() }
            let recorder = try NMEARecorder(path: sandbox.path("zeus.nmea"))
            var options = GPSDLiveTests.quickOptions(recorder: recorder)
            options.magneticHeadingsFromNMEA = false
            let events = EventLog(GPSDSource(endpoint: GPSDEndpoint(host: "localhost", port: sandbox.port), options: options))
            let positioned = await events.wait(upTo: .seconds(5)) { _ in events.tpvFixes.count(where: \.hasPosition) >= 3 }
            await events.stop()
            #expect(positioned)
            let recorded = try String(contentsOfFile: recorder.path, encoding: .utf8)
            #expect(recorded.components(separatedBy: "\r\n").count { $0.hasPrefix("$SDHDG,") } >= 5)
            #expect(events.fixes.allSatisfy { $0.heading == nil })
            let chk = try String(contentsOfFile: SharedTraces.gpsdLog("bundg_zeus_9.log.chk"), encoding: .utf8)
            #expect(!chk.contains(#""class":"ATT""#))
        }

        /// The same chartplotter with the default options: the source watches the NMEA gpsd
        /// relays and reports each `$SDHDG` itself, in order, as gpsd reports an ATT heading.
        @Test("bundg_zeus_9.log HDG: the magnetic headings gpsd relays are recovered, with their variation, in order")
        func magneticHeadingRecovered() async throws {
            let sandbox = try await Sandbox.acquire()
            defer { sandbox.release() }
            let log = try SharedTraces.excerpt(of: "bundg_zeus_9.log", lines: 1...200, into: sandbox)
            let gpsd = try FakeGPS(log: log, sandbox: sandbox, cycle: 0.01)
            defer { gpsd.stop() }
            let events = EventLog(GPSDLiveTests.source(sandbox))
            let enough = await events.wait(upTo: .seconds(5)) { _ in events.fixes.count { $0.heading != nil } >= 12 }
            await events.stop()
            #expect(enough)

            // The log's own sentences, read as text: `$SDHDG,229.8,,,1.3,E*36` is 229.8° magnetic
            // (no deviation), variation 1.3° E.
            let text = try String(contentsOfFile: log, encoding: .utf8)
            let written: [HeadingReading] = text.split(whereSeparator: \.isNewline).compactMap { line in
                guard line.hasPrefix("$SDHDG,") else { return nil }
                let f = line.split(separator: "*")[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                guard f.count >= 6, let heading = Double(f[1]) else { return nil }
                let deviation = Double(f[2]).map { f[3] == "W" ? -$0 : $0 }
                let variation = Double(f[4]).map { f[5] == "W" ? -$0 : $0 }
                return HeadingReading(magneticHeading: heading + (deviation ?? 0), deviation: deviation, variation: variation)
            }
            #expect(written.count >= 20)
            let received = events.fixes.compactMap(\.heading)
            // gpsfake plays the excerpt in a loop: the readings are one contiguous run of the log's.
            #expect(
                contiguousRun(received, in: written + written + written + written) != nil,
                "\(received.prefix(5)) not in \(written.prefix(5))")
            #expect(received.allSatisfy { $0.trueHeading == nil && $0.variation == 1.3 })
            #expect(
                events.fixes.filter { $0.heading != nil }.allSatisfy {
                    $0.mode == .unknown && $0.coordinate == nil && $0.monotonicTime != nil
                })
            // Positions still arrive as usual beside them.
            #expect(events.tpvFixes.contains { $0.hasPosition })
        }
    }
}
