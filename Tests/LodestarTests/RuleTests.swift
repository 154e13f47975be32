import Foundation
import Geodesy
import Lodestar
import Testing

@Suite("rules as pure values")
struct RuleTests {
    @Test("desiredAccuracy names map to CoreLocation's metres; best and bestForNavigation have no limit")
    func desiredAccuracyLimits() throws {
        #expect(DesiredAccuracy.best.limit == nil)
        #expect(DesiredAccuracy.bestForNavigation.limit == nil)
        #expect(DesiredAccuracy.nearestTenMeters.limit == 10)
        #expect(DesiredAccuracy.hundredMeters.limit == 100)
        #expect(DesiredAccuracy.kilometer.limit == 1000)
        #expect(DesiredAccuracy.threeKilometers.limit == 3000)
        #expect(try DesiredAccuracy.meters(7.5).limit == 7.5)
        #expect(throws: RuleError.desiredAccuracy(-1)) { try DesiredAccuracy.meters(-1) }
        #expect(throws: RuleError.self) { try DesiredAccuracy.meters(.nan) }
        #expect(throws: RuleError.desiredAccuracy(.infinity)) { try DesiredAccuracy.meters(.infinity) }
    }

    @Test("the accuracy gate withholds worse-than-desired and unknown accuracy, with the reason")
    func accuracyGate() {
        let gate = AccuracyGate(desiredAccuracy: .nearestTenMeters)
        #expect(gate.check(horizontalAccuracy: 10) == nil)
        #expect(gate.check(horizontalAccuracy: 10.01) == .insufficientAccuracy(accuracy: 10.01, required: 10))
        #expect(gate.check(horizontalAccuracy: nil) == .insufficientAccuracy(accuracy: nil, required: 10))
        #expect(AccuracyGate(desiredAccuracy: .best).check(horizontalAccuracy: nil) == nil)
        #expect(AccuracyGate(desiredAccuracy: .bestForNavigation).check(horizontalAccuracy: 5000) == nil)
        let reason = gate.check(horizontalAccuracy: 35.4)
        #expect(reason?.description == "accuracy ±35.4 m is worse than the desired ±10 m")
    }

    @Test("the heading filter measures on the circle: 359° to 1° is 2°")
    func headingFilterWrap() {
        let filter = HeadingFilter(degrees: 5)
        #expect(!filter.admits(1, lastDelivered: 359))
        #expect(filter.admits(4, lastDelivered: 359))
        #expect(!filter.admits(358, lastDelivered: 2))
        #expect(filter.admits(100, lastDelivered: nil))
        #expect(HeadingFilter().degrees == 1)
        #expect(HeadingFilter(degrees: nil).admits(0.001, lastDelivered: 0))
    }

    @Test("the distance filter decides exactly as Karney's geodesic, on both sides of the threshold")
    func distanceFilterMatchesGeodesic() throws {
        let origin = try Coordinate(latitude: 51.5, longitude: -0.12)
        let filter = DistanceFilter(distance: 10)
        var checked = 0
        for azimuth in stride(from: 0.0, to: 360, by: 7.5) {
            for d in [0.0, 5, 9.89, 9.99, 9.999_999, 10, 10.000_001, 10.01, 10.2, 50, 5000] {
                let p = try Geodesic.wgs84.destination(from: origin, azimuth: azimuth, distance: d)
                let exact = Geodesic.wgs84.inverse(from: origin, to: p).distance
                let verdict = filter.check(p, lastDelivered: origin)
                #expect((verdict == nil) == (exact >= 10), "azimuth \(azimuth), distance \(d)")
                checked += 1
            }
        }
        #expect(checked == 48 * 11)
        #expect(filter.check(origin, lastDelivered: nil) == nil, "the first location is always delivered")
    }

    @Test("stale and out-of-order fix times are rejected with their reasons")
    func fixTimeRule() {
        let rule = FixTimeRule(maximumFixAge: .seconds(10))
        let now = Date(timeIntervalSince1970: 1_780_000_000)
        #expect(rule.check(time: now.addingTimeInterval(-9), now: now, lastAccepted: nil) == nil)
        #expect(
            rule.check(time: now.addingTimeInterval(-11), now: now, lastAccepted: nil)
                == .stale(age: .seconds(11), limit: .seconds(10)))
        let last = now.addingTimeInterval(-2)
        #expect(rule.check(time: last, now: now, lastAccepted: last) == .outOfOrder(time: last, previous: last))
        #expect(
            rule.check(time: now.addingTimeInterval(-3), now: now, lastAccepted: last)
                == .outOfOrder(time: now.addingTimeInterval(-3), previous: last))
        #expect(FixTimeRule(maximumFixAge: nil).check(time: .distantPast, now: now, lastAccepted: nil) == nil)
        #expect(
            WithholdReason.stale(age: .seconds(45), limit: .seconds(10)).description
                == "stale: fix is 45 s old, maximum age is 10 s")
    }
}
