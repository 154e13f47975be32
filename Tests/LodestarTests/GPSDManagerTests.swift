import Foundation
import GNSS
import GPSD
import Geodesy
import LiveGPSDSupport
import Lodestar
import Testing

/// The gpsd source through the same `LocationManager`, against a real gpsd fed a bundled trace by
/// gpsfake; the expected decisions come from the trace's ground truth.
@Suite("gpsd through the location manager", .serialized)
struct GPSDManagerTests {
    @Test("walk-to-pickup served by a real gpsd: the manager's rules, headings and arrival on gpsd's fixes")
    func walkThroughGPSD() async throws {
        let sandbox = try await Sandbox.acquire()
        defer { sandbox.release() }
        let gpsd = try FakeGPS(log: BundledTrace.path("walk-to-pickup"), sandbox: sandbox, cycle: 0.05)
        defer { gpsd.stop() }

        // gpsd 3.22 ignores GST: its eph is HDOP 1.4 × 19 m = 26.6 m (95%), ±13.3 m at 68%.
        let truth = try GroundTruth.rows("walk-to-pickup")
        let start = try #require(truth.first?.reported)
        let configuration = LocationConfiguration(
            desiredAccuracy: .meters(15), distanceFilter: 5,
            arrivalRegion: ArrivalRegion(destination: start, entryRadius: 1000))
        let source = GPSDSource(
            endpoint: GPSDEndpoint(host: "localhost", port: gpsd.port),
            options: GPSDSourceOptions(noFixTimeout: .seconds(5), noDataTimeout: .seconds(5), pollInterval: .milliseconds(100)))
        let manager = LocationManager(source: source, clock: .live, configuration: configuration)
        let stream = manager.events()
        manager.startUpdatingLocation()
        manager.startUpdatingHeading()
        let collector = Task {
            var events: [LocationEvent] = []
            for await event in stream {
                events.append(event)
                if events.count(where: { $0.location != nil }) >= 12 { break }
            }
            return events
        }
        let timeout = Task {
            try await Task.sleep(for: .seconds(45))
            collector.cancel()
        }
        let events = await collector.value
        timeout.cancel()
        manager.stopUpdatingLocation()
        manager.stopUpdatingHeading()

        let byTime = Dictionary(uniqueKeysWithValues: truth.map { ($0.centiseconds, $0) })
        let delivered = events.compactMap(\.location)
        try #require(delivered.count >= 12, "only \(delivered.count) locations from gpsd in 45 s")
        #expect(events.contains(.sourceState(.connected)))
        for l in delivered {
            let row = try #require(byTime[GroundTruth.centiseconds(l.timestamp)], "a fix at \(l.timestamp) not in the trace")
            let reported = try #require(row.reported)
            #expect(abs(l.coordinate.latitude - reported.latitude) < 1e-8)
            #expect(abs(l.coordinate.longitude - reported.longitude) < 1e-8)
            #expect(abs((l.horizontalAccuracy ?? .nan) - 13.3) < 1e-9, "gpsd's 95% eph, halved")
            #expect(l.provenance == .live && l.monotonicTime != nil && l.sourceName == "gpsd localhost:\(gpsd.port)")
        }
        // The distance filter, decided again from the truth for every fix that met the accuracy rule.
        var lastDelivered: Coordinate?
        var decisions = 0
        for event in events {
            let (time, wasDelivered): (Date, Bool)
            switch event {
            case .location(let l): (time, wasDelivered) = (l.timestamp, true)
            case .withheld(let w):
                guard case .belowDistanceFilter = w.reason, let t = w.time else { continue }
                (time, wasDelivered) = (t, false)
            default: continue
            }
            let position = try #require(byTime[GroundTruth.centiseconds(time)]?.reported)
            let expected = lastDelivered.map { Geodesic.wgs84.inverse(from: $0, to: position).distance >= 5 } ?? true
            #expect(wasDelivered == expected, "\(time)")
            if wasDelivered { lastDelivered = position }
            decisions += 1
        }
        #expect(decisions > delivered.count, "some fixes were within 5 m of the last delivered")
        // gpsd's first TPV of a session has no error estimate: the accuracy rule withholds it.
        for w in events.compactMap(\.waiting) { #expect(w.accuracy == nil || (w.accuracy ?? 0) > 15) }
        // Headings: course over ground (walking at 1.4 m/s), gpsd's track = the RMC course written.
        let headings = events.compactMap(\.heading)
        #expect(headings.count >= 6)
        for h in headings {
            let row = try #require(byTime[GroundTruth.centiseconds(h.timestamp)])
            #expect(h.source == .courseOverGround)
            #expect(abs((h.trueHeading ?? .nan) - (row.reportedCourse ?? .nan)) < 1e-6)
        }
        // Arrival: the walk starts inside the 1 km circle round its first position.
        let arrivals = events.filter { if case .arrived = $0 { true } else { false } }
        #expect(arrivals.count == 1)
    }
}
