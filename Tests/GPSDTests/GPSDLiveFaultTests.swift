import Foundation
import GNSS
import TestSupport
import Testing

@testable import GPSD

extension GPSDLiveTests {
    @Suite("faults: gpsd dies, restarts, is absent, has no fix, sends nothing")
    struct Faults {
        /// nl2008u.log was recorded in Germany (latitude 48.2), iTrek.log in Japan (35.3): after the
        /// restart every position must come from the second log.
        @Test("gpsd killed mid-stream and restarted on the same port: lost, reconnecting, resumed, nothing lost or repeated")
        func killedAndRestarted() async throws {
            let sandbox = try await Sandbox.acquire()
            defer { sandbox.release() }
            let first = try FakeGPS(log: SharedTraces.gpsdLog("nl2008u.log"), sandbox: sandbox, cycle: 0.02)
            defer { first.stop() }
            // gpspipe watches first and receives reports, so it sees every TPV Lodestar sees, and more.
            let pipe = try await GPSPipe.receiving(sandbox: sandbox)
            defer { pipe.process.stop() }

            let events = EventLog(GPSDLiveTests.source(sandbox))
            let flowing = await events.wait(upTo: .seconds(5)) { _ in events.tpvFixes.count >= 10 }
            first.stop()
            let lost = await events.wait(upTo: .seconds(3)) {
                $0.contains { $0 == .state(.lost(reason: "gpsd closed the connection")) }
            }
            pipe.finish(grace: .seconds(3))  // gpspipe ends when its gpsd does
            let retrying = await events.wait(upTo: .seconds(3)) { _ in
                events.states.count { if case .reconnecting = $0 { true } else { false } } >= 4
            }
            let second = try FakeGPS(log: SharedTraces.gpsdLog("iTrek.log"), sandbox: sandbox, cycle: 0.02)
            defer { second.stop() }
            let resumed = await events.wait(upTo: .seconds(8)) { _ in
                Faults.after(lossIn: events.events).filter(\.hasPosition).count >= 5
            }
            await events.stop()
            #expect(flowing && lost && retrying && resumed)

            // Before the loss: exactly the TPVs gpspipe saw last, none missing, none repeated.
            let all = events.events
            let before = Faults.before(lossIn: all).filter { $0.mode != .unknown }.map(Epoch.init(fix:))
            let reference = pipe.tpvLines.compactMap(Epoch.init(tpvLine:))
            #expect(before.count >= 10)
            #expect(contiguousRun(before, in: reference) == reference.count - before.count)

            // After: only the new gpsd's fixes.
            let after = Faults.after(lossIn: all)
            #expect(after.compactMap(\.coordinate).allSatisfy { (35.0...36.0).contains($0.latitude) })

            // The states tell the story in order, and the retries back off up to the cap.
            let story = all.compactMap { event -> String? in
                guard case .state(let s) = event else { return nil }
                switch s {
                case .connecting: return "connecting"
                case .connected: return "connected"
                case .lost: return "lost"
                case .refused, .reconnecting: return "retry"
                default: return nil
                }
            }.reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } }
            #expect(story == ["connecting", "connected", "lost", "retry", "connected"])
            let delays = all.compactMap { event -> Duration? in
                if case .state(.reconnecting(_, let delay)) = event { delay } else { nil }
            }
            #expect(Array(delays.prefix(4)) == [.milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(400)])
        }

        @Test("gpsd not running at start: refused once, retried with capped backoff, then connected when it starts")
        func notRunningAtStart() async throws {
            let sandbox = try await Sandbox.acquire()
            defer { sandbox.release() }
            let events = EventLog(GPSDLiveTests.source(sandbox))
            let retried = await events.wait(upTo: .seconds(3)) { _ in
                events.states.count { if case .reconnecting = $0 { true } else { false } } >= 4
            }
            let gpsd = try FakeGPS(log: SharedTraces.gpsdLog("iTrek.log"), sandbox: sandbox, cycle: 0.02)
            defer { gpsd.stop() }
            let connected = await events.wait(upTo: .seconds(8)) { _ in events.tpvFixes.contains(where: \.hasPosition) }
            await events.stop()
            #expect(retried && connected)

            let states = events.states
            #expect(states.first == .connecting)
            // Said once for the outage, then only the retries (issue 12).
            let refusals = states.compactMap { if case .refused(let reason) = $0 { reason } else { nil } }
            #expect(refusals == ["can't connect to host/port pair"])
            let attempts = states.compactMap { s -> Int? in if case .reconnecting(let a, _) = s { a } else { nil } }
            #expect(Array(attempts.prefix(4)) == [1, 2, 3, 4])
            #expect(states.contains(.connected))
            #expect(!states.contains { if case .lost = $0 { true } else { false } })
        }

        @Test("a receiver without a fix (ublox-lea-5q.log): TPVs with mode 1, then noFix, never a position")
        func noFix() async throws {
            let sandbox = try await Sandbox.acquire()
            defer { sandbox.release() }
            let gpsd = try FakeGPS(log: SharedTraces.gpsdLog("ublox-lea-5q.log"), sandbox: sandbox, cycle: 0.02)
            defer { gpsd.stop() }
            // gpsd may take over a second to open and sync the device: allow that silence.
            var options = GPSDLiveTests.quickOptions()
            options.noDataTimeout = .seconds(5)
            let events = EventLog(GPSDSource(endpoint: GPSDEndpoint(host: "localhost", port: sandbox.port), options: options))
            let reported = await events.wait(upTo: .seconds(6)) { _ in
                events.tpvFixes.count >= 5
                    && events.states.contains { if case .noFix(let s) = $0 { s >= .seconds(2) } else { false } }
            }
            await events.stop()
            #expect(reported)
            #expect(!events.tpvFixes.isEmpty)
            #expect(events.tpvFixes.allSatisfy { $0.mode == .noFix && $0.coordinate == nil && $0.quality == nil })
            #expect(!events.states.contains { if case .noData = $0 { true } else { false } })
        }

        @Test("gpsd with no device sends nothing: noData, repeated at each multiple of the timeout, no fix")
        func noData() async throws {
            let sandbox = try await Sandbox.acquire()
            defer { sandbox.release() }
            let gpsd = try SilentGPSD(sandbox: sandbox)
            defer { gpsd.stop() }
            let events = EventLog(GPSDLiveTests.source(sandbox))
            let twice = await events.wait(upTo: .seconds(4)) { _ in
                events.states.count { if case .noData = $0 { true } else { false } } >= 2
            }
            await events.stop()
            #expect(twice)
            let silences = events.states.compactMap { if case .noData(let s) = $0 { s } else { nil } }
            #expect(silences.count >= 2)
            #expect(silences.first.map { (.seconds(1) ..< .milliseconds(1500)).contains($0) } == true)
            #expect(silences.dropFirst().first.map { (.seconds(2) ..< .milliseconds(2500)).contains($0) } == true)
            #expect(events.fixes.isEmpty)
            // While gpsd is silent, no data explains the missing fix: noFix is not reported too.
            #expect(!events.states.contains { if case .noFix = $0 { true } else { false } })
            #expect(events.states.contains(.connected))
        }

        /// libgps 3.22 leaves its socket non-blocking and `gps_waiting` is true while it holds a
        /// partial line, so a plain gps_waiting/gps_read loop spins at 100% CPU until the rest of
        /// the line arrives. The shim makes the socket blocking with a receive timeout instead.
        @Test("a link that stalls mid-line: the reader waits without spinning, then reports the loss")
        func stallMidLine() async throws {
            let sandbox = try await Sandbox.acquire()
            defer { sandbox.release() }
            let gpsd = try FakeGPS(log: SharedTraces.gpsdLog("iTrek.log"), sandbox: sandbox, cycle: 0.02)
            defer { gpsd.stop() }
            let link = try StallingLink(toGPSDPort: sandbox.port, linesBefore: 5, stall: .milliseconds(1500))
            let source = GPSDSource(
                endpoint: GPSDEndpoint(host: "localhost", port: link.port), options: GPSDLiveTests.quickOptions())
            let events = EventLog(source)
            let stalling = await events.wait(upTo: .seconds(5)) { _ in link.isStalling }
            let reader = ReaderThread.find()
            let cpu0 = reader?.cpuNanoseconds
            let stallStart = ContinuousClock.now
            // The reader's CPU time over the whole stall: from the half line until the link closes
            // (1.5 s later) and the reader reports the loss.
            let lost = await events.wait(upTo: .seconds(3)) { $0.contains { if case .state(.lost) = $0 { true } else { false } } }
            let cpu1 = reader?.cpuNanoseconds
            let stalled = ContinuousClock.now - stallStart
            await events.stop()
            link.finish()

            #expect(stalling && lost)
            #expect(Faults.before(lossIn: events.events).filter { $0.mode != .unknown }.count == 5)
            // A spinning reader burns the whole stall; a waiting one a few milliseconds.
            let busy = Double((cpu1 ?? Int.max) - (cpu0 ?? 0)) / 1e9
            #expect(busy < 0.2, "reader thread used \(busy) s of CPU in \(stalled) of stall")
        }

        /// The fixes before the first `.lost`.
        static func before(lossIn events: [FixSourceEvent]) -> [Fix] {
            let end = events.firstIndex { if case .state(.lost) = $0 { true } else { false } } ?? events.endIndex
            return events[..<end].compactMap { if case .fix(let f) = $0 { f } else { nil } }
        }

        /// The fixes after the first `.lost`.
        static func after(lossIn events: [FixSourceEvent]) -> [Fix] {
            guard let loss = events.firstIndex(where: { if case .state(.lost) = $0 { true } else { false } }) else { return [] }
            return events[loss...].compactMap { if case .fix(let f) = $0 { f } else { nil } }
        }
    }
}
