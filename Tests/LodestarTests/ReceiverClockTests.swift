import Foundation
import GNSS
import GPSD
import Geodesy
import Lodestar
import TestSupport
import Testing

/// Issue 26: a fix timed far from the monotonic clock (20 h ahead for 4 s; gpsd's 1024-week
/// rollover either way) froze the engine: every true fix after it was out of order. It is a
/// receiver clock fault, reported once, and the fixes at the true time are used again.
@Suite("receiver clock faults")
struct ReceiverClockTests {
    static let t0 = Date(timeIntervalSince1970: 1_773_480_600)  // 2026-03-14T09:30:00Z
    static let rollover = 1024.0 * 7 * 86_400

    /// A 3D fix `i` seconds into a walk north at 1.4 m/s, received at monotonic `i × pace` s,
    /// timed `offset` seconds from the truth.
    static func fix(_ i: Int, offset: Double = 0, pace: Double = 1) throws -> Fix {
        let c = try Coordinate(latitude: 51.5 + Double(i) * 1.4 / 111_200, longitude: -0.12)
        return Fix(
            time: t0.addingTimeInterval(Double(i) + offset), monotonicTime: .seconds(Double(i) * pace), coordinate: c,
            mode: .threeD, satellitesUsed: 9, hdop: 0.9,
            errors: ErrorEstimates(latitude: Uncertainty(3, .oneSigma), longitude: Uncertainty(3, .oneSigma)), speed: 1.4,
            course: 0)
    }

    /// What an engine made of `fixes`: the times of the delivered locations (seconds from t0), the
    /// warnings, and the reasons of the withheld fixes.
    static func run(
        _ fixes: [Fix], fusion: Fusion = .off, now: (Fix) -> Date? = { _ in nil }
    ) -> (delivered: [Double], fused: Int, warnings: [String], withheld: [WithholdReason]) {
        var configuration = LocationConfiguration()
        configuration.fusion = fusion
        var engine = LocationEngine(configuration: configuration, sourceName: "test")
        engine.updatingHeading = false
        var delivered: [Double] = []
        var fused = 0
        var warnings: [String] = []
        var withheld: [WithholdReason] = []
        for fix in fixes {
            engine.process(fix, now: now(fix)).forEachEvent { event in
                switch event {
                case .location(let l):
                    delivered.append(l.timestamp.timeIntervalSince(t0))
                    if l.kind == .fused { fused += 1 }
                case .warning(let text): warnings.append(text)
                case .withheld(let w): withheld.append(w.reason)
                default: break
                }
            }
        }
        return (delivered, fused, warnings, withheld)
    }

    @Test("20 h ahead for 4 s, then correct: the 10 true fixes of 14 are delivered and fused, one warning")
    func futureGlitch() throws {
        let fixes = try (0..<14).map { try Self.fix($0, offset: (5...8).contains($0) ? 72_000 : 0) }
        let r = Self.run(fixes, fusion: .on)
        #expect(r.delivered == [0, 1, 2, 3, 4, 9, 10, 11, 12, 13])
        #expect(r.fused == 10, "the issue's track --fusion fused 4 of 14")
        #expect(
            r.warnings == [
                "receiver clock fault: fix time 2026-03-15T05:30:05Z is 20 h ahead of the monotonic clock (2026-03-14T09:30:05Z); "
                    + "fixes are withheld until the receiver's time agrees again"
            ])
        #expect(r.withheld.count == 4)
        #expect(r.withheld.allSatisfy { $0.description.hasPrefix("receiver clock fault: ") }, "\(r.withheld)")
    }

    @Test("gpsd's 1024-week rollover, back and ahead, for 3 s each: withheld, one warning each, the true fixes delivered")
    func rolloverBothWays() throws {
        for sign in [-1.0, 1.0] {
            let fixes = try (0..<10).map { try Self.fix($0, offset: (3...5).contains($0) ? sign * Self.rollover : 0) }
            let r = Self.run(fixes)
            #expect(r.delivered == [0, 1, 2, 6, 7, 8, 9], "sign \(sign)")
            #expect(r.warnings.count == 1, "\(r.warnings)")
            #expect(
                r.warnings.first?.contains("1024 weeks (the GPS week-number rollover) \(sign < 0 ? "behind" : "ahead of")")
                    == true,
                "\(r.warnings)")
        }
    }

    @Test("started on a time 20 h ahead, then corrected: the true time is taken after 10 s (3 fixes), said once")
    func startedOnWrongTime() throws {
        let fixes = try (0..<30).map { try Self.fix($0, offset: $0 < 2 ? 72_000 : 0) }
        let r = Self.run(fixes, fusion: .on)
        // Fixes 0 and 1 at the wrong time (nothing to tell them by); 2 to 11 withheld; from 12,
        // 10 s after the first true fix, the true time is the receiver's.
        #expect(r.delivered == [72_000, 72_001] + (12..<30).map(Double.init))
        #expect(r.warnings.count == 2, "\(r.warnings)")
        #expect(r.warnings.first?.hasPrefix("receiver clock fault: fix time 2026-03-14T09:30:02Z is 20 h behind") == true)
        #expect(
            r.warnings.last == "receiver time 2026-03-14T09:30:12Z is 20 h behind the time before it (2026-03-15T05:30:12Z) "
                + "and has held: taken as the receiver's time from now on")
    }

    @Test("started on a wrong time, with a wall clock that agrees with the correction: taken at the first true fix")
    func wallClockSettles() throws {
        let fixes = try (0..<6).map { try Self.fix($0, offset: $0 < 2 ? 72_000 : 0) }
        let r = Self.run(fixes, now: { _ in nil })
        #expect(r.delivered == [72_000, 72_001], "without a wall clock the true fixes wait")
        let live = Self.run(
            fixes, now: { fix in fix.monotonicTime.map { Self.t0.addingTimeInterval(Double($0.components.seconds) + 0.3) } })
        #expect(live.delivered == [72_000, 72_001, 2, 3, 4, 5])
        #expect(live.warnings.count == 1)
        #expect(live.warnings.first?.hasPrefix("receiver time 2026-03-14T09:30:02Z is 20 h behind") == true)
    }

    @Test("a log played 4 × faster than recorded (gpsfake), with an 18 s leap-second step back: no fault")
    func fastReplayIsNoFault() throws {
        var fixes = try (0..<1_000).map { try Self.fix($0, pace: 0.25) }
        // A receiver that reported GPS time before it knew the leap seconds: 18 s back.
        fixes += try (1_000..<1_030).map { try Self.fix($0 - 18, pace: 0.25) }
        let r = Self.run(fixes)
        #expect(r.warnings.isEmpty, "\(r.warnings)")
        #expect(r.delivered.count == 1_000 + 12, "18 fixes out of order, as before")
        #expect(r.withheld.allSatisfy { if case .outOfOrder = $0 { true } else { false } })
    }

    @Test("replayed fixes (no monotonic clock) are judged by their times alone, as before: no clock fault")
    func replayUnchanged() throws {
        let fixes = try (0..<8).map { i in
            var f = try Self.fix(i, offset: i == 3 ? 72_000 : 0)
            f.monotonicTime = nil
            return f
        }
        let r = Self.run(fixes)
        #expect(r.warnings.isEmpty)
        #expect(r.delivered == [0, 1, 2, 72_003], "a replay's clock is its fixes' times")
    }

    @Test("through the manager from a gpsd whose TPVs run 20 h ahead for 4 s: 10 locations of 14, one warning")
    func managerOverGPSD() async throws {
        let gpsd = try ScriptedGPSD(lines: ScriptedGPSD.clockGlitchTPVs(), interval: .milliseconds(50))
        defer { gpsd.close() }
        let source = GPSDSource(endpoint: GPSDEndpoint(host: "127.0.0.1", port: gpsd.port))
        let manager = LocationManager(source: source, clock: .live, configuration: LocationConfiguration())
        let stream = manager.events()
        manager.startUpdatingLocation()
        let collector = Task {
            var events: [LocationEvent] = []
            for await event in stream {
                events.append(event)
                if events.count(where: { $0.location != nil }) >= 10 { break }
            }
            return events
        }
        // A bound, not a wait: it ends as soon as the 10th location comes.
        let timer = Task {
            try await Task.sleep(for: .seconds(30))
            collector.cancel()
        }
        let events = await collector.value
        timer.cancel()
        manager.stopUpdatingLocation()
        let times = events.compactMap { $0.location.map { Int($0.timestamp.timeIntervalSince(Self.t0).rounded()) } }
        #expect(times == [0, 1, 2, 3, 4, 9, 10, 11, 12, 13])
        let warnings = events.compactMap { if case .warning(let text) = $0 { text } else { nil } }
        #expect(warnings.count == 1, "\(warnings)")
        #expect(warnings.first?.hasPrefix("receiver clock fault: fix time 2026-03-15T05:30:05Z is 20 h ahead") == true)
    }
}
