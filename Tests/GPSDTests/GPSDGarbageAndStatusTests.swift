import Foundation
import GNSS
import TestSupport
import Testing

@testable import GPSD

/// A peer talking garbage, and the one line a source gives on why it has no location (what
/// `lodestar ride request --gpsd` says when it gets none).
@Suite("gpsd as an unreliable peer: garbage, and why there is no location")
struct GPSDGarbageAndStatusTests {
    @Test("a peer talking garbage: each kind of line warned about, quoted; a flood of it warned about at powers of ten")
    func garbage() async throws {
        let gpsd = try GarbageGPSD(interval: .milliseconds(1))
        defer { gpsd.close() }
        let source = HostilePeer.source(port: gpsd.port)
        let events = EventLog(source)
        let hundred = await events.wait(upTo: .seconds(60)) { evs in
            HostilePeer.warnings(evs).contains { $0.hasPrefix("100 lines") }
        }
        await events.stop()
        #expect(hundred)

        let warnings = HostilePeer.warnings(events.events)
        let upToHundred = Array(warnings.prefix { !$0.hasPrefix("100 lines") })
        #expect(
            Array(upToHundred.prefix(5)) == [
                "a line that is not a gpsd report: 'HTTP/1.1 400 Bad Request\\x0D'",
                "a line that is not a gpsd report: '\\xFF'",
                "an empty line, or one that starts with a NUL byte",
                #"a line that is not a gpsd report: '{"not":"a report"}\x0D'"#,
                #"a report that is not a whole JSON object: '{"class":"TPV","mode":3,"lat":\x0D'"#,
            ])
        #expect(upToHundred.count == 6)
        #expect(upToHundred.last?.hasPrefix("10 lines from gpsd refused so far on this connection; the last: ") == true)
        #expect(events.fixes.isEmpty)
        // The connection itself is fine: connected once, never lost.
        #expect(events.states.count { $0 == .connected } == 1)
        #expect(HostilePeer.failures(events.states).isEmpty)
        #expect(source.status.explanation.hasPrefix("gpsd at 127.0.0.1:\(gpsd.port) sent nothing usable: "))
    }

    @Test("gpsd's ERROR object is a warning with its message")
    func gpsdError() async throws {
        let error = #"{"class":"ERROR","message":"Can't open /dev/ttyFAKE."}"#
        let gpsd = try ScriptedGPSD(lines: [error])
        defer { gpsd.close() }
        let events = EventLog(HostilePeer.source(port: gpsd.port))
        let warned = await events.wait(upTo: .seconds(60)) { !HostilePeer.warnings($0).isEmpty }
        await events.stop()
        #expect(warned)
        #expect(
            HostilePeer.warnings(events.events) == [
                "gpsd reports an error: '{\"class\":\"ERROR\",\"message\":\"Can't open /dev/ttyFAKE.\"}\\x0D'"
            ])
    }

    @Test("why no location: gpsd down")
    func explanationDown() async throws {
        let port = try Sandbox.freeLoopbackPort()
        let source = HostilePeer.source(port: port)
        let events = EventLog(source)
        let refused = await events.wait(upTo: .seconds(60)) { _ in !HostilePeer.failures(events.states).isEmpty }
        await events.stop()
        #expect(refused)
        #expect(source.status.explanation == "gpsd at 127.0.0.1:\(port) is not reachable (can't connect to host/port pair)")
    }

    @Test("why no location: gpsd answers, then stays silent")
    func explanationSilent() async throws {
        let gpsd = try ScriptedGPSD(lines: [])
        defer { gpsd.close() }
        let source = HostilePeer.source(port: gpsd.port)
        let events = EventLog(source)
        let connected = await events.wait(upTo: .seconds(60)) { _ in events.states.contains(.connected) }
        #expect(connected)
        // Connected and silent: said so at once, or, on a loaded machine, already the silence's length.
        let answered = source.status.explanation
        #expect(
            answered == "gpsd at 127.0.0.1:\(gpsd.port) answered but reported nothing from a receiver"
                || answered.hasPrefix("gpsd at 127.0.0.1:\(gpsd.port) has sent nothing for "), "\(answered)")
        let silent = await events.wait(upTo: .seconds(60)) { _ in
            events.states.contains { if case .noData = $0 { true } else { false } }
        }
        await events.stop()
        #expect(silent)
        let silence = source.status.explanation
        #expect(
            silence.hasPrefix("gpsd at 127.0.0.1:\(gpsd.port) has sent nothing for ") && silence.hasSuffix(" s"), "\(silence)")
    }

    @Test("why no location: gpsd reports, without a fix")
    func explanationNoFix() async throws {
        let gpsd = try ScriptedGPSD(lines: [
            #"{"class":"TPV","device":"/dev/ttyFAKE","mode":1}"#, #"{"class":"TPV","device":"/dev/ttyFAKE","mode":1}"#,
        ])
        defer { gpsd.close() }
        let source = HostilePeer.source(port: gpsd.port)
        let events = EventLog(source)
        let two = await events.wait(upTo: .seconds(60)) { _ in events.tpvFixes.count == 2 }
        await events.stop()
        #expect(two)
        // The two reports without a position, or the silence that follows them on a loaded machine.
        let explanation = source.status.explanation
        #expect(
            explanation == "gpsd at 127.0.0.1:\(gpsd.port) reports no fix (2 reports without a position)"
                || explanation.hasPrefix("gpsd at 127.0.0.1:\(gpsd.port) has sent nothing for "), "\(explanation)")
    }

    @Test("why no location: the connection was lost")
    func explanationLost() async throws {
        let gpsd = try OversizedLineGPSD(size: 30_000)
        defer { gpsd.close() }
        let source = HostilePeer.source(port: gpsd.port)
        let events = EventLog(source)
        let lost = await events.wait(upTo: .seconds(60)) { _ in !HostilePeer.failures(events.states).isEmpty }
        await events.stop()
        #expect(lost)
        #expect(source.status.explanation == "connection to gpsd at 127.0.0.1:\(gpsd.port) lost (\(GPSDReader.lineTooLong))")
    }
}
