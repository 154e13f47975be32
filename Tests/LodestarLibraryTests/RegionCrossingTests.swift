import Foundation
import Geodesy
import Lodestar
import Testing

@Suite("regions: crossings between fixes", .timeLimit(.minutes(2)))
struct RegionCrossingTests {
    /// A car driving east at 15 m/s with a fix every 30 s (450 m apart), from 1000 m west of the origin;
    /// a 60 m circle on the road at 100 m east, a 40 m wide rectangle across it from 500 to 540 m, and
    /// a 60 m circle whose edge is 60 m north of the road.
    static func drive(rule: RegionRule) throws -> [String: [RegionEvent]] {
        let map = RegionMap()
        var engine = try RegionEngine(rule: rule)
        engine.add(try RegionCondition(id: "circle", shape: .circle(center: map.at(east: 100, north: 0), checkedRadius: 60)))
        let rectangle = try RegionPolygon(outer: [
            map.at(east: 500, north: -200), map.at(east: 540, north: -200), map.at(east: 540, north: 200),
            map.at(east: 500, north: 200), map.at(east: 500, north: -200),
        ])
        engine.add(try RegionCondition(id: "rectangle", shape: .polygon(rectangle)))
        engine.add(try RegionCondition(id: "aside", shape: .circle(center: map.at(east: 100, north: 120), checkedRadius: 60)))
        var events: [RegionEvent] = []
        for k in 0...6 {
            let t = 30.0 * Double(k)
            events += engine.update(regionFix(map.at(east: -1000 + 15 * t, north: 0), second: t, accuracy: 5))
        }
        return regionEventsByID(events)
    }

    @Test("a car at 15 m/s, fixes 30 s apart: enter and exit of a 60 m circle and a 40 m rectangle, interpolated, on time")
    func carCrossesBetweenFixes() throws {
        let events = try Self.drive(rule: .uncertainty)
        // Constant-speed geometry: x(t) = −1000 + 15 t; the circle's edges at 40 and 160 m, the
        // rectangle's at 500 and 540 m.
        let truth: [String: [Double]] = ["circle": [1040 / 15, 1160 / 15], "rectangle": [1500 / 15, 1540 / 15]]
        for (id, times) in truth {
            let list = try #require(events[id])
            #expect(list.map(\.kind) == [.outside, .enter, .exit], "\(id)")
            #expect(list.first?.initial == true && list.dropFirst().allSatisfy { $0.interpolated && !$0.initial })
            for (event, expected) in zip(list.dropFirst(), times) {
                #expect(
                    abs(regionSecond(event.time) - expected) < 2,
                    "\(id) \(event.kind) at \(regionSecond(event.time)) s, not \(expected)")
            }
            // The interpolated place is on the road at the edge.
            let enter = try #require(list.dropFirst().first?.coordinate)
            let edge = RegionMap().at(east: -1000 + 15 * times[0], north: 0)
            #expect(Geodesic.wgs84.inverse(from: enter, to: edge).distance < 2)
        }
        #expect(events["aside"]?.map(\.kind) == [.outside])
        #expect(events["aside"]?.first?.initial == true)
    }

    @Test("the point rule finds the same crossings between fixes (its circles have no radius)")
    func pointRuleCrossings() throws {
        let events = try Self.drive(rule: .point)
        #expect(events["circle"]?.map(\.kind) == [.outside, .enter, .exit])
        #expect(events["rectangle"]?.map(\.kind) == [.outside, .enter, .exit])
        #expect(events["aside"]?.map(\.kind) == [.outside])
    }

    @Test("a segment that only grazes a region (less deep than the fixes' accuracy) is no crossing")
    func grazingIsNoCrossing() throws {
        let map = RegionMap()
        var engine = try RegionEngine()
        // The road passes 57 m from the centre of a 60 m circle: 3 m deep, less than the 5 m accuracy.
        engine.add(try RegionCondition(id: "graze", shape: .circle(center: map.at(east: 0, north: 57), checkedRadius: 60)))
        #expect(engine.update(regionFix(map.at(east: -300, north: 0), second: 0, accuracy: 5)).map(\.kind) == [.outside])
        #expect(engine.update(regionFix(map.at(east: 300, north: 0), second: 40, accuracy: 5)).isEmpty)
        // 10 m deep is a crossing.
        engine.add(try RegionCondition(id: "deep", shape: .circle(center: map.at(east: 0, north: 50), checkedRadius: 60)))
        #expect(engine.update(regionFix(map.at(east: -300, north: 0), second: 80, accuracy: 5)).map(\.kind) == [.outside])
        let crossing = engine.update(regionFix(map.at(east: 300, north: 0), second: 120, accuracy: 5))
        #expect(crossing.map(\.kind) == [.enter, .exit] && crossing.allSatisfy(\.interpolated))
        // x = ±√(60² − 50²) = ±33.17 m at 15 m/s from −300 m at 80 s.
        let entry = 80 + (300 - 33.166) / 15
        let exit = 80 + (300 + 33.166) / 15
        #expect(abs(regionSecond(crossing[0].time) - entry) < 1 && abs(regionSecond(crossing[1].time) - exit) < 1)
    }

    @Test("a crossing through a polygon's hole and a multipolygon's second part")
    func holesAndMultipolygons() throws {
        let map = RegionMap()
        func square(_ x0: Double, _ x1: Double, _ y0: Double, _ y1: Double) -> [Coordinate] {
            [map.at(east: x0, north: y0), map.at(east: x1, north: y0), map.at(east: x1, north: y1), map.at(east: x0, north: y1)]
        }
        var engine = try RegionEngine()
        let holed = try RegionPolygon(outer: square(-200, 200, -200, 200), holes: [square(-100, 100, -100, 100)])
        let parts = [try RegionPolygon(outer: square(1000, 1100, -50, 50)), try RegionPolygon(outer: square(-60, 60, 300, 400))]
        engine.add(try RegionCondition(id: "holed", shape: .polygon(holed)))
        engine.add(try RegionCondition(id: "parts", shape: .multiPolygon(parts)))
        #expect(Set(engine.update(regionFix(map.origin, second: 0, accuracy: 5)).map(\.kind)) == [.outside])
        #expect(engine.state(of: "holed") == .outside, "the hole is outside")
        // North from the hole through the ring (100...200 m) and into the second part (300...400 m).
        let events = regionEventsByID(engine.update(regionFix(map.at(east: 0, north: 350), second: 35, accuracy: 5)))
        #expect(events["holed"]?.map(\.kind) == [.enter, .exit] && events["holed"]?.allSatisfy(\.interpolated) == true)
        #expect(events["parts"]?.map(\.kind) == [.enter])
        if let holed = events["holed"] {
            #expect(abs(regionSecond(holed[0].time) - 10) < 0.5 && abs(regionSecond(holed[1].time) - 20) < 0.5)
        }
    }
}
