import Foundation
import GNSS
import Geodesy
import Lodestar
import Testing

/// Every rule on traces from Traces/, with the expected deliveries computed from the ground truth.
@Suite("rules on the bundled traces")
struct TraceRuleTests {
    /// Runs the engine over fixes, collecting every event.
    static func run(_ fixes: [Fix], _ configuration: LocationConfiguration) -> [LocationEvent] {
        var engine = LocationEngine(configuration: configuration, sourceName: "test", provenance: .replayed)
        var events: [LocationEvent] = []
        engine.replay(fixes) { events.append($0) }
        return events
    }

    static func locations(_ events: [LocationEvent]) -> [Location] {
        events.compactMap { if case .location(let l) = $0 { l } else { nil } }
    }

    @Test("cold-start: desiredAccuracy 10 m withholds the no-fix and poor epochs, waiting with the best so far")
    func coldStartAccuracy() throws {
        let rows = try GroundTruth.rows("cold-start")
        let events = Self.run(rows.map { GroundTruth.fix($0, TruthOptions()) }, .init(desiredAccuracy: .nearestTenMeters))
        let expectedTimes = rows.filter { $0.hasFix && $0.accuracy <= 10 }.map(\.time)
        #expect(Self.locations(events).map(\.timestamp) == expectedTimes)
        let waiting = events.compactMap { if case .waitingForAccuracy(let w) = $0 { w } else { nil } }
        let poor = rows.filter { $0.hasFix && $0.accuracy > 10 }
        #expect(waiting.map(\.time) == poor.map(\.time))
        #expect(waiting.first?.description == "acquiring fix ±35 m (need ±10 m)")
        // The best so far falls as the fix improves: 35.4 m, then 11.3 m.
        #expect(abs((waiting.last?.bestSoFar ?? 0) - 8 * 2.squareRoot()) < 1e-9)
        let noPosition = events.filter { if case .withheld(let w) = $0 { w.reason == .noPosition } else { false } }
        #expect(noPosition.count == rows.filter { !$0.hasFix }.count)
        #expect(events.filter { $0 == .error(.locationUnknown) }.count == 1)
    }

    @Test("stationary-jitter: distanceFilter 10 m delivers the first fix, then each fix ≥ 10 m from the last delivered")
    func stationaryDistanceFilter() throws {
        let rows = try GroundTruth.rows("stationary-jitter")
        var expected: [Date] = []
        var last: Coordinate?
        for row in rows {
            guard let p = row.reported else { continue }
            if let l = last, Geodesic.wgs84.inverse(from: l, to: p).distance < 10 { continue }
            expected.append(row.time)
            last = p
        }
        let events = Self.run(rows.map { GroundTruth.fix($0, TruthOptions()) }, .init(distanceFilter: 10))
        let delivered = Self.locations(events)
        #expect(delivered.map(\.timestamp) == expected)
        #expect(delivered.count > 1 && delivered.count < rows.count / 4)
        let filtered = events.filter { if case .withheld(let w) = $0, case .belowDistanceFilter = w.reason { true } else { false } }
        #expect(filtered.count == rows.count - expected.count)
    }

    @Test("walk-to-pickup: the first qualifying location is always delivered, whatever the distance filter")
    func firstLocationAlwaysDelivered() throws {
        let rows = try GroundTruth.rows("walk-to-pickup")
        let events = Self.run(rows.map { GroundTruth.fix($0, TruthOptions()) }, .init(distanceFilter: 100_000))
        #expect(Self.locations(events).map(\.timestamp) == [rows[0].time])
        #expect(Self.locations(events).first?.isReplayed == true)
    }

    @Test("outage-mid-route: no-position epochs, a 45 s old repeat (stale) and a 2 s old repeat (out of order)")
    func outageStaleAndOutOfOrder() throws {
        let rows = try GroundTruth.rows("outage-mid-route")
        let events = Self.run(rows.map { GroundTruth.fix($0, TruthOptions()) }, .init(maximumFixAge: .seconds(10)))
        let withheld = events.compactMap { if case .withheld(let w) = $0 { w } else { nil } }
        let repeats = rows.filter(\.isRepeat)
        #expect(repeats.count == 2)
        let stale = withheld.filter { if case .stale = $0.reason { true } else { false } }
        let outOfOrder = withheld.filter { if case .outOfOrder = $0.reason { true } else { false } }
        #expect(stale.map(\.time) == [repeats[0].time])
        #expect(outOfOrder.map(\.time) == [repeats[1].time])
        if case .stale(let age, let limit) = stale.first?.reason {
            #expect(abs(age - 45) < 1e-6 && limit == 10)
        }
        let outage = rows.filter { !$0.hasFix }
        #expect(withheld.filter { $0.reason == .noPosition }.map(\.time) == outage.map(\.time))
        #expect(outage.count == 40)
        #expect(events.filter { $0 == .error(.locationUnknown) }.count == 1, "lost once, reported once")
        let expected = rows.filter { $0.hasFix && !$0.isRepeat }.map(\.time)
        #expect(Self.locations(events).map(\.timestamp) == expected)
    }

    @Test("midnight-rollover-10hz: every epoch across 23:59:59.9 → 00:00:00.0 is delivered, in order")
    func midnightRollover() throws {
        let rows = try GroundTruth.rows("midnight-rollover-10hz")
        let events = Self.run(rows.map { GroundTruth.fix($0, TruthOptions(gst: false)) }, .init())
        let times = Self.locations(events).map(\.timestamp)
        #expect(times == rows.map(\.time))
        #expect(times.count == 603)
        #expect(zip(times, times.dropFirst()).allSatisfy { abs($1.timeIntervalSince($0) - 0.1) < 1e-6 })
    }
}
