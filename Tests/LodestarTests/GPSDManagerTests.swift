import Foundation
import GNSS
import GPSD
import GeoMagnetism
import Geodesy
import Lodestar
import TestSupport
import Testing

/// The gpsd source through the same `LocationManager`, against a real gpsd fed a bundled trace by
/// gpsfake; the expected decisions come from the trace's ground truth.
@Suite("gpsd through the location manager", .serialized, .tags(.liveGPSD))
struct GPSDManagerTests {
    /// Starts the manager's location and heading updates and collects its events until `enough`
    /// holds for them, or `timeout` has passed; then stops the updates.
    static func events(
        of manager: LocationManager, upTo timeout: Duration, until enough: @escaping @Sendable ([LocationEvent]) -> Bool
    ) async -> [LocationEvent] {
        let stream = manager.events()
        manager.startUpdatingLocationAndHeading()
        let collector = Task {
            var events: [LocationEvent] = []
            for await event in stream {
                events.append(event)
                if enough(events) { break }
            }
            return events
        }
        let timer = Task {
            try await Task.sleep(for: timeout)
            collector.cancel()
        }
        let events = await collector.value
        timer.cancel()
        manager.stopUpdatingLocation()
        manager.stopUpdatingHeading()
        return events
    }

    @Test("walk-to-pickup served by a real gpsd: the manager's rules, headings and arrival on gpsd's fixes")
    func walkThroughGPSD() async throws {
        let sandbox = try await Sandbox.acquire()
        defer { sandbox.release() }
        let gpsd = try FakeGPS(log: BundledTrace.path("walk-to-pickup"), sandbox: sandbox, cycle: 0.05)
        defer { gpsd.stop() }

        // gpsd 3.22 ignores GST: its eph is HDOP 1.4 × 19 m = 26.6 m (95%), ±13.3 m at 68%.
        let truth = try GroundTruth.rows("walk-to-pickup")
        let start = try #require(truth.first?.reported)
        let configuration = try LocationConfiguration(
            desiredAccuracy: try .meters(15), distanceFilter: 5,
            arrivalRegion: try ArrivalRegion(destination: start, entryRadius: 1000),
            fusion: .off)  // compared with gpsd's own fixes
        let source = GPSDSource(
            endpoint: GPSDEndpoint(host: "localhost", port: gpsd.port),
            options: GPSDSourceOptions(noFixTimeout: .seconds(5), noDataTimeout: .seconds(5), pollInterval: .milliseconds(100)))
        let manager = LocationManager(source: source, clock: .live, configuration: configuration)
        let events = await Self.events(of: manager, upTo: .seconds(45)) { $0.count(where: { $0.location != nil }) >= 12 }

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

    @Test("compass-hdm-reykjavik served by a real gpsd: the HDM gpsd only relays becomes a true heading with WMM's declination")
    func magneticCompassThroughGPSD() async throws {
        let sandbox = try await Sandbox.acquire()
        defer { sandbox.release() }
        let trace = BundledTrace.path("compass-hdm-reykjavik")
        let gpsd = try FakeGPS(log: trace, sandbox: sandbox, cycle: 0.05)
        defer { gpsd.stop() }
        let source = GPSDSource(
            endpoint: GPSDEndpoint(host: "localhost", port: gpsd.port),
            options: GPSDSourceOptions(noFixTimeout: .seconds(5), noDataTimeout: .seconds(5), pollInterval: .milliseconds(100)))
        // Every heading delivered (no heading filter), so that they can be matched one to one.
        let manager = LocationManager(
            source: source, clock: .live, configuration: try LocationConfiguration(headingFilter: nil, fusion: .off))
        let headings = await Self.events(of: manager, upTo: .seconds(30)) {
            $0.count(where: { $0.heading?.trueHeading != nil && $0.heading?.source == .magneticPlusDeclination }) >= 10
        }.compactMap(\.heading)
        let compass = headings.filter { $0.source == .magneticPlusDeclination }
        try #require(
            compass.count(where: { $0.trueHeading != nil }) >= 10, "only \(compass.count) compass headings from gpsd in 30 s")
        // Walking at 1.3 m/s, each TPV's course would be a heading too; once the compass speaks, it
        // takes precedence. (Before it, the first TPV may give one course heading.)
        let firstCompass = try #require(headings.firstIndex { $0.source == .magneticPlusDeclination })
        #expect(headings[firstCompass...].allSatisfy { $0.source == .magneticPlusDeclination })
        // Only a reading that arrives before gpsd's first position has no true heading (no location,
        // no variation): the rule "with no location, true heading is unknown".
        #expect(compass.drop { $0.trueHeading == nil }.allSatisfy { $0.trueHeading != nil })

        // The compass's own words, read from the trace as text: `$HCHDM,61.7,M*19`.
        let written = try String(contentsOfFile: trace, encoding: .utf8).split(whereSeparator: \.isNewline)
            .filter { $0.hasPrefix("$HCHDM,") }.compactMap { Double($0.split(separator: ",")[1]) }
        #expect(contiguousRun(compass.compactMap(\.magneticHeading), in: written + written) != nil)
        // No variation anywhere in the trace: the declination is WMM2025's, about 11° W here (the
        // walk spans 300 m, over which it changes by less than 0.01°).
        let start = try Coordinate(latitude: 64.14660, longitude: -21.94260)
        let declination = try WorldMagneticModel.wmm2025.declination(
            at: start, date: Date(timeIntervalSince1970: 1_782_907_200))  // 2026-07-01T12:00:00Z
        #expect(declination < -10 && declination > -12.5)
        for h in compass where h.trueHeading != nil {
            #expect(h.declinationSource == .worldMagneticModel)
            let expected = (h.magneticHeading ?? .nan) + declination
            #expect(abs(Angle.difference(from: expected, to: h.trueHeading ?? .nan)) < 0.05, "\(h)")
        }
    }
}
