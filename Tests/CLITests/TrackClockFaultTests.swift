import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Issue 26: `track --fusion` against a gpsd whose TPVs are timed 20 h ahead for 4 s fused 4 of
/// 14 fixes and said nothing. The fault is said once and the true fixes are fused again.
@Suite("lodestar track --fusion through a receiver clock fault")
struct TrackClockFaultTests {
    @Test("20 h ahead for 4 s: 10 fused lines of 14 TPVs, the fault said once on standard error")
    func futureGlitch() async throws {
        let gpsd = try ScriptedGPSD(lines: ScriptedGPSD.clockGlitchTPVs(), interval: .milliseconds(50))
        defer { gpsd.close() }
        let h = try await Sandbox.acquire()
        defer { h.release() }
        let track = try h.startLodestar(["track", "--gpsd", "127.0.0.1:\(gpsd.port)", "--fusion"])
        defer { track.stop() }
        let last = await waitUntil(upTo: .seconds(60)) { track.stdout.contains("2026-03-14T09:30:13.000Z") }
        track.send(SIGINT)
        #expect(await track.exited(within: .seconds(5)) == 0)
        #expect(last, "the last true fix was printed: \(track.stdout) \(track.stderr)")
        let times = track.stdoutLines.map { String($0.prefix(19)) }
        #expect(times == [0, 1, 2, 3, 4, 9, 10, 11, 12, 13].map { String(format: "2026-03-14T09:30:%02d", $0) })
        #expect(track.stdoutLines.allSatisfy { $0.hasSuffix("  fused") })
        let faults = track.stderrLines.filter { $0.contains("receiver clock fault") }
        #expect(faults.count == 1, "\(faults)")
        // The monotonic clock gives 09:30:04 and the 50 ms since (more on a loaded machine).
        #expect(
            faults.first?.hasPrefix(
                "lodestar track: warning: receiver clock fault: fix time 2026-03-15T05:30:05Z is 20 h ahead of the monotonic clock (2026-03-14T09:30:0"
            ) == true)
        #expect(faults.first?.hasSuffix("); fixes are withheld until the receiver's time agrees again") == true)
        #expect(track.stderrLines.last?.contains("; 10 fused, 0 dead-reckoned") == true, "\(track.stderr)")
    }
}
