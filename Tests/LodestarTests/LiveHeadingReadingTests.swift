import Foundation
import GNSS
import Geodesy
import Lodestar
import Testing

/// A live source reports a heading sensor apart from the GNSS fix: gpsd's ATT, or a compass
/// sentence gpsd relays, comes as a fix with only a heading and a monotonic receive time. The
/// engine dates it from the last timed fix and lets it take precedence over course over ground.
@Suite("heading readings on their own, as a live source reports them")
struct LiveHeadingReadingTests {
    static let t0 = Date(timeIntervalSince1970: 1_782_907_200)  // 2026-07-01T12:00:00Z
    static let here = Coordinate(uncheckedLatitude: 64.1466, longitude: -21.9426)

    /// A 3D fix at `t0 + s`, received at monotonic `100 s + s`, walking at 1.5 m/s on course 40°.
    static func gnss(_ s: Double) -> Fix {
        Fix(
            time: t0.addingTimeInterval(s), monotonicTime: .seconds(100) + .milliseconds(Int64(s * 1000)),
            coordinate: here, mode: .threeD, speed: 1.5, course: 40)
    }

    /// A compass reading received at monotonic `100 s + s`, with the given variation.
    static func compass(_ s: Double, _ magnetic: Double, variation: Double? = 1.5) -> Fix {
        Fix(
            monotonicTime: .seconds(100) + .milliseconds(Int64(s * 1000)),
            heading: HeadingReading(magneticHeading: magnetic, variation: variation))
    }

    @Test(
        "a reading without time is dated by the monotonic clock from the last timed fix, and not reported as a withheld location")
    func datedFromTheAnchor() throws {
        var engine = LocationEngine(configuration: try LocationConfiguration(headingFilter: nil, fusion: .off))
        _ = engine.process(Self.gnss(0), now: Self.t0)
        let outcome = engine.process(Self.compass(0.4, 60), now: Self.t0.addingTimeInterval(30))
        let h = try #require(outcome.heading)
        #expect(h.timestamp == Self.t0.addingTimeInterval(0.4), "the anchor's time + 0.4 s, not `now`")
        #expect(h.source == .magneticPlusDeclination)
        #expect(h.magneticHeading == 60 && h.trueHeading == 61.5 && h.declinationSource == .receiver)
        #expect(outcome.withheld == nil && outcome.error == nil && outcome.qualified == nil)
    }

    @Test("before any timed fix, a live reading is dated by now; without a clock or anchor it is withheld as before")
    func beforeAnyTimedFix() throws {
        var live = LocationEngine(configuration: try LocationConfiguration(headingFilter: nil, fusion: .off))
        let now = Self.t0.addingTimeInterval(-5)
        let h = try #require(live.process(Self.compass(0, 60), now: now).heading)
        #expect(h.timestamp == now)
        var replay = LocationEngine(configuration: try LocationConfiguration(headingFilter: nil, fusion: .off))
        let outcome = replay.process(Self.compass(0, 60), now: nil)
        #expect(outcome.heading == nil)
        #expect(outcome.withheld?.reason == .noPosition)
    }

    @Test("for 2 s after a sensor heading, course over ground is not the heading; after that it is again")
    func sensorPrecedence() throws {
        #expect(LocationEngine.sensorHeadingPrecedence == .seconds(2))
        var engine = LocationEngine(configuration: try LocationConfiguration(headingFilter: nil, fusion: .off))
        // Course alone: the heading is the course.
        #expect(engine.process(Self.gnss(0), now: Self.t0).heading?.source == .courseOverGround)
        #expect(engine.process(Self.compass(0.5, 60), now: nil).heading?.source == .magneticPlusDeclination)
        // 1 s and 2 s after the compass: no course heading.
        #expect(engine.process(Self.gnss(1.5), now: nil).heading == nil)
        #expect(engine.process(Self.gnss(2.5), now: nil).heading == nil)
        // 2.5 s after it, with no compass since: the course is the heading again.
        let later = try #require(engine.process(Self.gnss(3), now: nil).heading)
        #expect(later.source == .courseOverGround && later.trueHeading == 40)
    }

    @Test("a true sensor outranks a magnetic one the same way: its heading holds for 2 s")
    func trueOutranksMagnetic() throws {
        var engine = LocationEngine(configuration: try LocationConfiguration(headingFilter: nil, fusion: .off))
        _ = engine.process(Self.gnss(0), now: Self.t0)
        let gyro = Fix(monotonicTime: .seconds(100) + .milliseconds(200), heading: HeadingReading(trueHeading: 45))
        #expect(engine.process(gyro, now: nil).heading?.source == .trueSensor)
        // A compass reading 0.3 s later, and the course 0.8 s later: neither is the heading.
        #expect(engine.process(Self.compass(0.5, 60), now: nil).heading == nil)
        #expect(engine.process(Self.gnss(1), now: nil).heading == nil)
        // The compass alone, 2.3 s after the gyro: it is the heading again, and holds off the course.
        #expect(engine.process(Self.compass(2.5, 61), now: nil).heading?.source == .magneticPlusDeclination)
        #expect(engine.process(Self.gnss(3), now: nil).heading == nil)
    }
}
