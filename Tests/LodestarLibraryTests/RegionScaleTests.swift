import Foundation
import Geodesy
import Lodestar
import Testing

@Suite("regions: many circles over a city and a 40 minute drive", .timeLimit(.minutes(3)))
struct RegionScaleTests {
    /// Random circles of 20–300 m over a 20 km square (about 4.5 s in a debug build).
    static let circleCount = 100_000

    struct Point {
        var x: Double
        var y: Double
    }

    /// Distance from p to the segment a b in the test map's plane, metres.
    static func distance(_ p: Point, _ a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x
        let dy = b.y - a.y
        let t = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)))
        let ex = a.x + t * dx - p.x
        let ey = a.y + t * dy - p.y
        return (ex * ex + ey * ey).squareRoot()
    }

    @Test(
        "every circle the route passes 25 m inside is entered; none it stays 25 m outside of sees more than its initial outside")
    func cityDrive() throws {
        let map = RegionMap()
        var noise = RegionNoise(seed: 2026)
        var engine = try RegionEngine()
        var circles: [(center: Point, radius: Double)] = []
        for i in 0..<Self.circleCount {
            let c = Point(x: noise.uniform(-10_000...10_000), y: noise.uniform(-10_000...10_000))
            let radius = noise.uniform(20...300)
            circles.append((c, radius))
            engine.add(
                try RegionCondition(id: "c\(i)", shape: .circle(center: map.at(east: c.x, north: c.y), checkedRadius: radius)))
        }
        // The route: a polyline of 30.2 km driven at 12 m/s (about 42 minutes), a fix a second.
        let route = [Point(x: -8000, y: -8000), Point(x: 6000, y: -4000), Point(x: -3000, y: 3000), Point(x: 0, y: 6000)]
        var truth: [Point] = []
        for (a, b) in zip(route, route.dropFirst()) {
            let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            var s = 0.0
            while s < length {
                truth.append(Point(x: a.x + (b.x - a.x) * s / length, y: a.y + (b.y - a.y) * s / length))
                s += 12
            }
        }
        #expect(truth.count > 2400)
        var jitter = GaussMarkovJitter(seed: 11, sigma: 3 / 2.squareRoot(), tau: 10)
        var events: [RegionEvent] = []
        for (second, p) in truth.enumerated() {
            let (e, n) = jitter.step()
            events += engine.update(regionFix(map.at(east: p.x + e, north: p.y + n), second: Double(second), accuracy: 4))
        }
        let byID = regionEventsByID(events)
        // Brute force, independently of the monitor: each circle's least distance to the route.
        var deep = 0
        var far = 0
        for (i, circle) in circles.enumerated() {
            let nearest = zip(route, route.dropFirst()).map { Self.distance(circle.center, $0, $1) }.min() ?? .infinity
            let list = byID["c\(i)"] ?? []
            #expect(list.filter(\.initial).count == 1, "c\(i): \(list.map(\.kind))")
            if nearest <= circle.radius - 25 {
                deep += 1
                #expect(list.contains { $0.kind == .enter || ($0.kind == .inside && $0.initial) }, "c\(i) not entered")
            } else if nearest >= circle.radius + 25 {
                far += 1
                #expect(list.map(\.kind) == [.outside], "c\(i): \(list.map(\.kind))")
            }
        }
        #expect(deep > 200 && far > 75_000, "deep \(deep), far \(far)")
    }
}
