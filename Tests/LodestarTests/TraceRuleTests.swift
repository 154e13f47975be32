import Foundation
import GNSS
import Geodesy
import Lodestar
import Testing

/// Every rule on the NMEA traces in Traces/, replayed through a `LocationManager` on the virtual
/// clock, with the expected deliveries (which fixes, and why the others were withheld) computed
/// from the generator's ground truth with `Geodesy`, not from the code under test.
@Suite("rules on the bundled traces")
struct TraceRuleTests {
    static func times(_ locations: [Location]) -> [Int] { locations.map { GroundTruth.centiseconds($0.timestamp) } }

    @Test("cold-start: desiredAccuracy 10 m withholds the no-fix and poor epochs, waiting with the best so far")
    func coldStartAccuracy() async throws {
        let rows = try GroundTruth.rows("cold-start")
        let events = try await BundledTrace.replay("cold-start", .init(desiredAccuracy: .nearestTenMeters))
        let expected = rows.filter { $0.hasFix && $0.accuracy <= 10 }
        let delivered = events.compactMap(\.location)
        #expect(Self.times(delivered) == expected.map(\.centiseconds))
        #expect(expected.count > 250 && expected.count < rows.count - 60)
        // Withheld for accuracy: every positioned epoch worse than ±10 m, in order, with its accuracy.
        let waiting = events.compactMap(\.waiting)
        let poor = rows.filter { $0.hasFix && $0.accuracy > 10 }
        #expect(waiting.map { GroundTruth.centiseconds($0.time) } == poor.map(\.centiseconds))
        for (w, row) in zip(waiting, poor) { #expect(abs((w.accuracy ?? 0) - row.accuracy) < 1e-9) }
        #expect(waiting.first?.description == "acquiring fix ±35 m (need ±10 m)")
        // The best so far falls as the fix improves: 35.4 m, then 11.3 m.
        #expect(abs((waiting.last?.bestSoFar ?? 0) - 8 * 2.squareRoot()) < 1e-9)
        #expect(Set(waiting.compactMap(\.bestSoFar).map { ($0 * 10).rounded() / 10 }) == [35.4, 11.3])
        // Withheld for no position: the first 30 epochs; "location unknown" said once.
        let noPosition = events.compactMap(\.withheld).filter { $0.reason == .noPosition }
        #expect(noPosition.map { $0.time.map(GroundTruth.centiseconds) } == rows.filter { !$0.hasFix }.map(\.centiseconds))
        #expect(noPosition.count == 30)
        #expect(events.filter { $0 == .error(.locationUnknown) }.count == 1)
    }

    @Test("stationary-jitter: distanceFilter 10 m delivers the first fix, then each fix ≥ 10 m from the last delivered")
    func stationaryDistanceFilter() async throws {
        let rows = try GroundTruth.rows("stationary-jitter")
        var expected: [Int] = []
        var moved: [Int: Double] = [:]
        var last: Coordinate?
        for row in rows {
            guard let p = row.reported else { continue }
            if let l = last {
                let d = Geodesic.wgs84.inverse(from: l, to: p).distance
                if d < 10 {
                    moved[row.centiseconds] = d
                    continue
                }
            }
            expected.append(row.centiseconds)
            last = p
        }
        let events = try await BundledTrace.replay("stationary-jitter", .init(distanceFilter: 10))
        let delivered = events.compactMap(\.location)
        #expect(Self.times(delivered) == expected)
        #expect(delivered.count > 1 && delivered.count < rows.count / 4)
        // Each withheld fix says how far it moved: the geodesic distance, or within 1% of it.
        let filtered = events.compactMap(\.withheld).filter { if case .belowDistanceFilter = $0.reason { true } else { false } }
        #expect(filtered.count == rows.count - expected.count)
        for w in filtered {
            guard case .belowDistanceFilter(let m, let filter) = w.reason, let t = w.time,
                let truth = moved[GroundTruth.centiseconds(t)]
            else {
                Issue.record("unexpected withholding \(w)")
                continue
            }
            #expect(filter == 10 && abs(m - truth) <= truth * 0.01)
        }
    }

    @Test("walk-to-pickup: the first qualifying location is always delivered, whatever the distance filter")
    func firstLocationAlwaysDelivered() async throws {
        let rows = try GroundTruth.rows("walk-to-pickup")
        let events = try await BundledTrace.replay("walk-to-pickup", .init(distanceFilter: 100_000))
        let delivered = events.compactMap(\.location)
        #expect(Self.times(delivered) == [rows[0].centiseconds])
        #expect(delivered.first?.isReplayed == true)
        #expect(delivered.first?.sourceName == "trace walk-to-pickup.nmea")
        // Also behind an accuracy rule: the first location that meets it, not the first fix.
        let cold = try await BundledTrace.replay("cold-start", .init(desiredAccuracy: .meters(3), distanceFilter: 100_000))
        let firstGood = try #require(try GroundTruth.rows("cold-start").first { $0.hasFix && $0.accuracy <= 3 })
        #expect(Self.times(cold.compactMap(\.location)) == [firstGood.centiseconds])
    }

    @Test("outage-mid-route: no-position epochs, a 45 s old repeat (stale) and a 2 s old repeat (out of order)")
    func outageStaleAndOutOfOrder() async throws {
        let rows = try GroundTruth.rows("outage-mid-route")
        let events = try await BundledTrace.replay("outage-mid-route", .init(maximumFixAge: .seconds(10)))
        let withheld = events.compactMap(\.withheld)
        let repeats = rows.filter(\.isRepeat)
        try #require(repeats.count == 2)
        let stale = withheld.filter { if case .stale = $0.reason { true } else { false } }
        let outOfOrder = withheld.filter { if case .outOfOrder = $0.reason { true } else { false } }
        #expect(stale.map { $0.time.map(GroundTruth.centiseconds) } == [repeats[0].centiseconds])
        #expect(outOfOrder.map { $0.time.map(GroundTruth.centiseconds) } == [repeats[1].centiseconds])
        if case .stale(let age, let limit) = stale.first?.reason {
            #expect(age > .seconds(45) - .microseconds(1) && age < .seconds(45) + .microseconds(1) && limit == .seconds(10))
            #expect(stale.first?.reason.description == "stale: fix is 45 s old, maximum age is 10 s")
        } else {
            Issue.record("no stale fix")
        }
        let outage = rows.filter { !$0.hasFix }
        #expect(
            withheld.filter { $0.reason == .noPosition }.map { $0.time.map(GroundTruth.centiseconds) }
                == outage.map(\.centiseconds))
        #expect(outage.count == 40)
        #expect(events.filter { $0 == .error(.locationUnknown) }.count == 1, "lost once, reported once")
        let expected = rows.filter { $0.hasFix && !$0.isRepeat }.map(\.centiseconds)
        #expect(Self.times(events.compactMap(\.location)) == expected)
    }

    @Test("midnight-rollover-10hz: every epoch across 23:59:59.9 → 00:00:00.0 on 31 December is delivered, in order")
    func midnightRollover() async throws {
        let rows = try GroundTruth.rows("midnight-rollover-10hz")
        let events = try await BundledTrace.replay("midnight-rollover-10hz", .init())
        let delivered = events.compactMap(\.location)
        #expect(Self.times(delivered) == rows.map(\.centiseconds))
        #expect(delivered.count == 603)
        #expect(
            zip(delivered, delivered.dropFirst()).allSatisfy {
                abs($1.timestamp.timeIntervalSince($0.timestamp) - 0.1) < 1e-6
            })
        #expect(!events.contains { $0.withheld != nil }, "no fix stale or out of order across the rollover")
        let new = try #require(delivered.first { GroundTruth.centiseconds($0.timestamp) == 1_798_761_600_00 })
        #expect(new.timestamp.formatted(.iso8601) == "2027-01-01T00:00:00Z")
    }
}
