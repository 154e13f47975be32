import GNSS
import Testing

@testable import GPSD

@Suite("reconnect backoff and silence watchdog")
struct ReconnectBackoffTests {
    @Test("defaults double from 0.5 s and stop at 30 s")
    func defaults() {
        let b = ReconnectBackoff()
        let delays = (1...9).map { b.delay(forAttempt: $0) }
        #expect(
            delays == [
                .milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(16), .seconds(30), .seconds(30),
                .seconds(30),
            ])
    }

    @Test("huge attempt numbers stay at the cap")
    func noOverflow() {
        #expect(ReconnectBackoff().delay(forAttempt: 10_000) == .seconds(30))
        #expect(ReconnectBackoff().delay(forAttempt: Int.max) == .seconds(30))
    }

    @Test("a cap below the first delay is raised to it; a multiplier below 1 is 1")
    func clamps() {
        let b = ReconnectBackoff(initial: .seconds(2), maximum: .seconds(1), multiplier: 0.5)
        #expect(b.maximum == .seconds(2))
        #expect(b.delay(forAttempt: 5) == .seconds(2))
    }

    @Test("noData at each multiple of its timeout; data ends the silence")
    func noData() {
        var w = SilenceWatchdog(start: .seconds(100), noData: .seconds(5), noFix: .seconds(10))
        let checks = [104, 105, 107, 110].map { w.check(now: .seconds($0)) }
        #expect(checks == [[], [.noData(for: .seconds(5))], [], [.noData(for: .seconds(10))]])
        let endsSilence = w.dataArrived(at: .seconds(111))
        let endsAgain = w.dataArrived(at: .seconds(112))
        #expect(endsSilence && !endsAgain)
    }

    @Test("noFix only while data flows; a position restarts its clock")
    func noFix() {
        var w = SilenceWatchdog(start: .zero, noData: .seconds(5), noFix: .seconds(10))
        var seen: [[SourceState]] = []
        _ = w.dataArrived(at: .seconds(9))
        seen.append(w.check(now: .seconds(10)))
        _ = w.dataArrived(at: .seconds(19))
        seen.append(w.check(now: .seconds(19.5)))
        seen.append(w.check(now: .seconds(20)))
        w.positionArrived(at: .seconds(21))
        _ = w.dataArrived(at: .seconds(26))
        seen.append(w.check(now: .seconds(30)))
        _ = w.dataArrived(at: .seconds(30))
        seen.append(w.check(now: .seconds(31)))
        // Silence: noData, and no noFix on top of it.
        seen.append(w.check(now: .seconds(41)))
        #expect(
            seen == [
                [.noFix(for: .seconds(10))], [], [.noFix(for: .seconds(20))], [], [.noFix(for: .seconds(10))],
                [.noData(for: .seconds(11))],
            ])
    }
}
