import Foundation
import Geodesy
import Lodestar
import Testing

@Suite("arrival")
struct ArrivalTests {
    static func transitions(_ fixes: [LocationEvent]) -> [LocationEvent] {
        fixes.filter { if case .arrived = $0 { true } else if case .departed = $0 { true } else { false } }
    }

    @Test("stationary-jitter at the boundary: arrived fires once, departed never, though fixes cross the entry radius")
    func jitterAtBoundary() async throws {
        let rows = try GroundTruth.rows("stationary-jitter")
        // A destination 20 m north of the receiver, with an entry radius of 20 m: jitter crosses it.
        let destination = try Geodesic.wgs84.destination(from: rows[0].coordinate, azimuth: 0, distance: 20)
        let region = try ArrivalRegion(destination: destination, entryRadius: 20, exitRadius: 35)
        let distances = rows.compactMap { $0.reported.map { Geodesic.wgs84.inverse(from: $0, to: destination).distance } }
        let crossings = zip(distances, distances.dropFirst()).filter { ($0 <= 20) != ($1 <= 20) }.count
        #expect(crossings > 20, "the fixture must jitter across the boundary")
        #expect(distances.allSatisfy { $0 <= 35 })
        let firstInside = try #require(
            rows.first { r in
                r.reported.map { Geodesic.wgs84.inverse(from: $0, to: destination).distance <= 20 } ?? false
            })
        let events = try await BundledTrace.replay("stationary-jitter", .init(arrivalRegion: region))
        let t = Self.transitions(events)
        #expect(t.count == 1)
        guard case .arrived(let arrival) = t.first else {
            Issue.record("expected arrival")
            return
        }
        #expect(GroundTruth.centiseconds(arrival.location.timestamp) == firstInside.centiseconds)
    }

    @Test("a fix whose accuracy circle is larger than the radius does not declare arrival")
    func vagueFixDoesNotArrive() throws {
        let here = try Coordinate(latitude: 51.5, longitude: -0.1)
        var monitor = ArrivalMonitor(region: try ArrivalRegion(destination: here, entryRadius: 20))
        let t0 = Date(timeIntervalSince1970: 1_780_000_000)
        #expect(monitor.update(Location(coordinate: here, horizontalAccuracy: 25, timestamp: t0)) == nil)
        #expect(monitor.phase == .approaching)
        let good = Location(coordinate: here, horizontalAccuracy: 5, timestamp: t0.addingTimeInterval(1))
        #expect(monitor.update(good) == .arrived(ArrivalEvent(region: monitor.region, location: good, distance: 0)))
        #expect(monitor.update(good) == nil, "arrived fires once")
    }

    @Test("dwell, then departure once beyond the exit radius, then nothing")
    func dwellAndDeparture() throws {
        let destination = try Coordinate(latitude: 51.5, longitude: -0.1)
        var monitor = ArrivalMonitor(region: try ArrivalRegion(destination: destination, entryRadius: 20, dwell: .seconds(5)))
        #expect(monitor.region.exitRadius == 30)
        let t0 = Date(timeIntervalSince1970: 1_780_000_000)
        func at(_ s: Double, _ d: Double) throws -> Location {
            let p = try Geodesic.wgs84.destination(from: destination, azimuth: 45, distance: d)
            return Location(coordinate: p, horizontalAccuracy: 3, timestamp: t0.addingTimeInterval(s))
        }
        var fired: [String] = []
        let track: [(Double, Double)] = [
            (0, 50), (1, 15), (3, 10), (4, 25), (5, 12), (9, 12), (10, 5), (11, 28), (12, 31),
            (13, 10), (14, 40),
        ]
        for (s, d) in track {
            switch monitor.update(try at(s, d)) {
            case .arrived(let e): fired.append("arrived \(Int(e.location.timestamp.timeIntervalSince(t0)))")
            case .departed(let e): fired.append("departed \(Int(e.location.timestamp.timeIntervalSince(t0)))")
            case nil: break
            }
        }
        // Inside from 1 s, out at 4 s (dwell restarts), inside from 5 s: arrives at 10 s; out past 30 m at 12 s.
        #expect(fired == ["arrived 10", "departed 12"])
        #expect(monitor.phase == .departed)
    }

    @Test("walk-to-pickup: arrival within 20 m fires once, at the first fix the ground truth puts inside")
    func walkArrival() async throws {
        let rows = try GroundTruth.rows("walk-to-pickup")
        let pickup = try Coordinate(latitude: 51.50850, longitude: -0.12470)
        let expected = try #require(
            rows.first { r in
                r.accuracy <= 20 && (r.reported.map { Geodesic.wgs84.inverse(from: $0, to: pickup).distance <= 20 } ?? false)
            })
        let events = try await BundledTrace.replay(
            "walk-to-pickup", .init(arrivalRegion: ArrivalRegion(destination: pickup, entryRadius: 20)))
        let t = Self.transitions(events)
        #expect(t.count == 1)
        if case .arrived(let e) = t.first {
            #expect(GroundTruth.centiseconds(e.location.timestamp) == expected.centiseconds)
            let distance = Geodesic.wgs84.inverse(from: try #require(expected.reported), to: pickup).distance
            #expect(abs(e.distance - distance) < 1e-4, "the truth's reported position has 9 decimals")
        } else {
            Issue.record("expected one arrival")
        }
    }
}
