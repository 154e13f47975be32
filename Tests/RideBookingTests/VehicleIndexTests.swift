import Foundation
import Geodesy
import Lodestar
import LodestarInternals
import RideBooking
import RideTestSupport
import Testing

/// The k-d tree on n-vectors gives exactly the linear scan's answer on the ellipsoid.
@Suite struct VehicleIndexTests {
    static func positions(_ count: Int, around center: Coordinate, radius: Double, seed: UInt64) -> [Coordinate] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            Fixture.point(from: center, azimuth: 360 * random.nextUnit(), distance: radius * random.nextUnit().squareRoot())
        }
    }

    @Test func agreesWithTheLinearScan() {
        let positions = Self.positions(5_000, around: Fixture.charingCross, radius: 40_000, seed: 1)
        let index = VehicleIndex(positions: positions)
        var random = SplitMix64(seed: 2)
        let busy = (0..<positions.count).map { _ in random.nextUnit() < 0.3 }
        for _ in 0..<300 {
            let query = Fixture.point(azimuth: 360 * random.nextUnit(), distance: 60_000 * random.nextUnit())
            let range = [200.0, 1_000, 5_000, 50_000][Int(random.next() % 4)]
            let fast = index.nearest(to: query, within: range) { !busy[$0] }
            let slow = index.nearestByLinearScan(to: query, within: range) { !busy[$0] }
            #expect(fast?.slot == slow?.slot)
            #expect(fast?.distance == slow?.distance)
        }
    }

    @Test func agreesAfterVehiclesMove() {
        var index = VehicleIndex(positions: Self.positions(5_000, around: Fixture.charingCross, radius: 20_000, seed: 3))
        var random = SplitMix64(seed: 4)
        // 400 moves: more than max(64, n/64), so the tree is rebuilt on the way.
        for _ in 0..<400 {
            index.move(
                slot: Int(random.next() % 5_000),
                to: Fixture.point(azimuth: 360 * random.nextUnit(), distance: 25_000 * random.nextUnit()))
            let query = Fixture.point(azimuth: 360 * random.nextUnit(), distance: 20_000 * random.nextUnit())
            #expect(
                index.nearest(to: query, within: 50_000) { _ in true }?.slot
                    == index.nearestByLinearScan(to: query, within: 50_000) { _ in true }?.slot)
        }
    }

    @Test func strictlyWithinRange() {
        let at = Fixture.point(azimuth: 123, distance: 7_000)
        let index = VehicleIndex(positions: [at])
        let d = Geodesic.wgs84.inverse(from: Fixture.charingCross, to: at).distance
        #expect(index.nearest(to: Fixture.charingCross, within: d) { _ in true } == nil)
        #expect(index.nearest(to: Fixture.charingCross, within: d.nextUp) { _ in true }?.distance == d)
        #expect(index.nearestByLinearScan(to: Fixture.charingCross, within: d) { _ in true } == nil)
    }

    @Test func acrossTheAntimeridianAndAtThePole() throws {
        let positions = [
            try Coordinate(latitude: 10, longitude: 179.9), try Coordinate(latitude: 10, longitude: 170),
            try Coordinate(latitude: 89.99, longitude: 45), try Coordinate(latitude: -45, longitude: 0),
        ]
        let index = VehicleIndex(positions: positions)
        #expect(index.nearest(to: try Coordinate(latitude: 10, longitude: -179.9), within: 50_000) { _ in true }?.slot == 0)
        #expect(index.nearest(to: try Coordinate(latitude: 90, longitude: -120), within: 50_000) { _ in true }?.slot == 2)
        #expect(index.nearest(to: try Coordinate(latitude: 45, longitude: 0), within: 50_000) { _ in true } == nil)
    }

    @Test func emptyAndIneligible() {
        #expect(VehicleIndex(positions: []).nearest(to: Fixture.charingCross, within: 1e7) { _ in true } == nil)
        let index = VehicleIndex(positions: [Fixture.charingCross])
        #expect(index.nearest(to: Fixture.charingCross, within: 1) { _ in false } == nil)
        #expect(index.nearest(to: Fixture.charingCross, within: 1) { _ in true }?.distance == 0)
    }
}
