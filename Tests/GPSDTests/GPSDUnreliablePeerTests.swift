import Foundation
import GNSS
import Synchronization
import TestSupport
import Testing

@testable import GPSD

/// gpsd as an unreliable peer (issue 12): fake gpsd servers in this process, on free loopback
/// ports, and the real libgps on the client side. No gpsd runs, so these are not `liveGPSD`.
@Suite("gpsd as an unreliable peer: connections")
struct GPSDUnreliablePeerTests {
    @Test("a gpsd that accepts and closes at once: refused once, then only reconnecting, the backoff growing to its cap")
    func acceptAndClose() async throws {
        let gpsd = try AcceptAndCloseGPSD()
        defer { gpsd.close() }
        let events = EventLog(HostilePeer.source(port: gpsd.port))
        let capped = await events.wait(upTo: .seconds(60)) { _ in HostilePeer.delays(events.states).count >= 6 }
        await events.stop()
        #expect(capped)

        let states = events.states
        // Said once, for the whole outage: no connection ever delivered, so it is a refusal.
        #expect(HostilePeer.failures(states) == [.refused(reason: "gpsd closed the connection before sending anything")])
        #expect(!states.contains(.connected))
        let attempts = HostilePeer.attempts(states)
        #expect(!attempts.isEmpty && attempts == Array(1...max(1, attempts.count)))
        #expect(
            Array(HostilePeer.delays(states).prefix(6))
                == [
                    .milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(400), .milliseconds(400),
                    .milliseconds(400),
                ])
        // One connection per attempt, and the first: not one every initial delay.
        #expect(gpsd.connections <= attempts.count + 1)
    }

    @Test("a gpsd that delivers, then only accepts and closes: lost once, the backoff keeps growing")
    func lostOncePerOutage() async throws {
        let served = Atomic<Int>(0)
        let server = try LoopbackServer { connection in
            // The first connection delivers three reports and closes; later ones close at once.
            guard served.add(1, ordering: .sequentiallyConsistent).oldValue == 0 else { return }
            connection.send(line: LoopbackServer.versionLine)
            for n in 0..<3 { connection.send(line: FloodGPSD.tpv(n)) }
            connection.hold(upTo: .milliseconds(300))
        }
        defer { server.close() }
        let events = EventLog(HostilePeer.source(port: server.port))
        let retried = await events.wait(upTo: .seconds(60)) { _ in HostilePeer.delays(events.states).count >= 5 }
        await events.stop()
        #expect(retried)

        let states = events.states
        #expect(HostilePeer.failures(states) == [.lost(reason: "gpsd closed the connection")])
        #expect(states.count { $0 == .connected } == 1)
        #expect(events.tpvFixes.count == 3)
        #expect(Array(HostilePeer.attempts(states).prefix(5)) == [1, 2, 3, 4, 5])
        #expect(
            Array(HostilePeer.delays(states).prefix(4)) == [
                .milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(400),
            ])
    }

    @Test("libgps dropping a 10 MB line: the loss says it was an oversized report, once; the backoff is not reset")
    func oversizedLine() async throws {
        let gpsd = try OversizedLineGPSD(size: 10_000_000)
        defer { gpsd.close() }
        let events = EventLog(HostilePeer.source(port: gpsd.port))
        let retried = await events.wait(upTo: .seconds(60)) { _ in HostilePeer.delays(events.states).count >= 3 }
        await events.stop()
        #expect(retried)

        let states = events.states
        // Each connection greets, then sends the line: said once, for the first; later greetings
        // alone do not end the outage.
        #expect(HostilePeer.failures(states) == [.lost(reason: GPSDReader.lineTooLong)])
        #expect(states.count { $0 == .connected } == 1)
        #expect(gpsd.connections >= 3)
        #expect(GPSDReader.lineTooLong.contains("oversized report"))
        #expect(!states.contains(.lost(reason: "gpsd closed the connection")))
        #expect(events.fixes.isEmpty)
        // Each connection ends the same way: the wait grows instead of starting again at 0.1 s.
        #expect(Array(HostilePeer.attempts(states).prefix(3)) == [1, 2, 3])
        #expect(Array(HostilePeer.delays(states).prefix(3)) == [.milliseconds(100), .milliseconds(200), .milliseconds(400)])
    }

    @Test("after an oversized line, a gpsd that then reports normally: connected again at its first report")
    func oversizedThenWell() async throws {
        let served = Atomic<Int>(0)
        let big = [UInt8](repeating: UInt8(ascii: "x"), count: 100_000) + [0x0A]
        let server = try LoopbackServer { connection in
            connection.send(line: LoopbackServer.versionLine)
            // The first two connections send the long line; the third three reports.
            if served.add(1, ordering: .sequentiallyConsistent).oldValue < 2 {
                connection.send(big)
            } else {
                for n in 0..<3 { connection.send(line: FloodGPSD.tpv(n)) }
            }
            connection.hold()
        }
        defer { server.close() }
        let events = EventLog(HostilePeer.source(port: server.port))
        let resumed = await events.wait(upTo: .seconds(60)) { _ in events.tpvFixes.count >= 3 }
        await events.stop()
        #expect(resumed)
        // The story of the connections; the retries and the silence reports that a loaded machine
        // may add after the last report are left out.
        let story = events.states.filter {
            switch $0 {
            case .reconnecting, .noData, .noFix: false
            default: true
            }
        }
        #expect(story == [.connecting, .connected, .lost(reason: GPSDReader.lineTooLong), .connected])
        #expect(HostilePeer.attempts(events.states) == [1, 2])
    }

    @Test("a line of 20480 bytes (line end included) is read; one byte more is an oversized report")
    func lineLimit() async throws {
        for (size, readable) in [(UnreadLines.libgpsLineLimit, true), (UnreadLines.libgpsLineLimit + 1, false)] {
            let gpsd = try OversizedLineGPSD(size: size)
            defer { gpsd.close() }
            let events = EventLog(HostilePeer.source(port: gpsd.port))
            let settled = await events.wait(upTo: .seconds(60)) { evs in
                evs.contains { if case .fix = $0 { true } else { false } }
                    || HostilePeer.failures(events.states).contains(.lost(reason: GPSDReader.lineTooLong))
            }
            await events.stop()
            #expect(settled)
            #expect(events.tpvFixes.count == (readable ? 1 : 0), "line of \(size) bytes")
        }
    }

    @Test("a flood of 20 000 TPVs: every one delivered, in order, none repeated")
    func flood() async throws {
        let count = 20_000
        let gpsd = try FloodGPSD(count: count)
        defer { gpsd.close() }
        let events = EventLog(HostilePeer.source(port: gpsd.port))
        // The bound only ends a failing run; a loaded machine (CI, two cores) needs minutes.
        let all = await events.wait(upTo: .seconds(300)) { _ in events.tpvFixes.count >= count }
        await events.stop()
        #expect(all)
        let times = events.tpvFixes.compactMap(\.time)
        #expect(times.count == count)
        #expect(times.first == FloodGPSD.start)
        #expect(zip(times, times.dropFirst()).allSatisfy { $1.timeIntervalSince($0) == 1 })
        #expect(HostilePeer.warnings(events.events).isEmpty)
    }
}
