import Foundation
import GNSS
import Lodestar
import Synchronization
import Testing

@Suite("location manager")
struct LocationManagerTests {
    static func collect(_ manager: LocationManager, heading: Bool = true) async -> [LocationEvent] {
        let stream = manager.events()
        if heading { manager.startUpdatingLocationAndHeading() } else { manager.startUpdatingLocation() }
        var events: [LocationEvent] = []
        for await event in stream { events.append(event) }
        return events
    }

    @Test("a replay on the virtual clock is deterministic: the same trace gives the same events every run")
    func deterministicReplay() async throws {
        let source = try BundledTrace.source("walk-to-pickup")
        let configuration = try LocationConfiguration(
            desiredAccuracy: .nearestTenMeters, distanceFilter: 5, headingFilter: 5, fusion: .off)
        var runs: [[LocationEvent]] = []
        for _ in 0..<3 {
            runs.append(await Self.collect(LocationManager(source: source, clock: .virtual, configuration: configuration)))
        }
        #expect(runs[0].count > 100)
        #expect(runs[0] == runs[1] && runs[1] == runs[2])
        #expect(runs[0].first == .sourceState(.connected))
        #expect(runs[0].last == .sourceState(.finished))
        // The async manager gives exactly the synchronous engine's events.
        var engine = LocationEngine(configuration: configuration, sourceName: source.name, provenance: .replayed)
        var direct: [LocationEvent] = [.sourceState(.connected)]
        engine.replay(try BundledTrace.fixes("walk-to-pickup")) { direct.append($0) }
        direct.append(.sourceState(.finished))
        #expect(runs[0] == direct)
    }

    @Test("a paced replay (2000× the trace's own clock) gives exactly the events of the virtual clock")
    func pacedMatchesVirtual() async throws {
        let configuration = try LocationConfiguration(desiredAccuracy: .nearestTenMeters, distanceFilter: 5, fusion: .off)
        let virtual = await Self.collect(
            LocationManager(source: try BundledTrace.source("walk-to-pickup"), clock: .virtual, configuration: configuration))
        let paced = await Self.collect(
            LocationManager(source: try BundledTrace.source("walk-to-pickup"), clock: .speed(2000), configuration: configuration))
        #expect(paced == virtual)
        #expect(virtual.count > 300)
    }

    /// A source that is only asynchronous, so the manager awaits each event.
    struct AsyncOnlySource: FixSource {
        let inner: NMEATraceSource
        var name: String { inner.name }
        var isLive: Bool { false }
        func events() -> AsyncStream<FixSourceEvent> { inner.events() }
    }

    @Test("an asynchronous-only source gives the same events as the batched synchronous path")
    func awaitedPathMatchesBatched() async throws {
        let source = try BundledTrace.source("outage-mid-route")
        let configuration = try LocationConfiguration(distanceFilter: 20, maximumFixAge: .seconds(10), fusion: .off)
        let batched = await Self.collect(LocationManager(source: source, clock: .virtual, configuration: configuration))
        let awaited = await Self.collect(
            LocationManager(source: AsyncOnlySource(inner: source), clock: .virtual, configuration: configuration))
        #expect(batched == awaited)
        #expect(batched.count > 100)
    }

    @Test("eventBatches carries exactly the events of events(), in order, in batches")
    func batches() async throws {
        let source = try BundledTrace.source("midnight-rollover-10hz")
        let manager = LocationManager(source: source, clock: .virtual)
        let single = manager.events()
        let batched = manager.eventBatches()
        manager.startUpdatingLocation()
        var one: [LocationEvent] = []
        for await e in single { one.append(e) }
        var many: [[LocationEvent]] = []
        for await b in batched { many.append(b) }
        #expect(many.flatMap { $0 } == one)
        #expect(one.count == 603 + 2)
        #expect(many.count < 10, "603 fixes in batches of up to 2048, plus the two state events")
    }

    @Test("requestLocation returns the first location that meets desiredAccuracy (cold-start)")
    func requestLocation() async throws {
        let rows = try GroundTruth.rows("cold-start")
        let manager = LocationManager(
            source: try BundledTrace.source("cold-start"), clock: .virtual,
            configuration: try .init(desiredAccuracy: .nearestTenMeters, distanceFilter: 1000, fusion: .off))
        let location = try await manager.requestLocation(timeout: .seconds(600))
        let expected = try #require(rows.first { $0.hasFix && $0.accuracy <= 10 })
        #expect(GroundTruth.centiseconds(location.timestamp) == expected.centiseconds)
        let reported = try #require(expected.reported)
        #expect(abs(location.coordinate.latitude - reported.latitude) < 1e-9)
        #expect(abs(location.coordinate.longitude - reported.longitude) < 1e-9)
    }

    @Test("requestLocation times out in trace time after 30 s of only poor fixes, and says what it saw")
    func requestLocationTimeout() async throws {
        let manager = LocationManager(
            source: try BundledTrace.source("cold-start"), clock: .virtual,
            configuration: try .init(desiredAccuracy: try .meters(1), fusion: .off))
        let failure = LocationRequestFailure(ending: .timedOut(.seconds(30)), required: 1, best: 35.35533905932738, positions: 1)
        await #expect(throws: LocationError.requestFailed(failure)) {
            _ = try await manager.requestLocation(timeout: .seconds(30))
        }
    }

    @Test("stop and start updating: events only for what is being updated")
    func headingOnly() async throws {
        let manager = LocationManager(source: try BundledTrace.source("vehicle-hdt"), clock: .virtual)
        let stream = manager.events()
        manager.startUpdatingHeading()
        var events: [LocationEvent] = []
        for await e in stream { events.append(e) }
        #expect(events.contains { if case .heading = $0 { true } else { false } })
        #expect(!events.contains { if case .location = $0 { true } else { false } })
    }

    @Test("the delegate receives the same events as the stream, in order")
    func delegate() async throws {
        final class Recorder: LocationManagerDelegate {
            let log = Mutex<[String]>([])
            func locationManager(_ manager: LocationManager, didUpdateLocation location: Location) {
                log.withLock { $0.append("location \(location.timestamp.timeIntervalSince1970)") }
            }
            func locationManager(_ manager: LocationManager, isWaitingForAccuracy waiting: WaitingForAccuracy) {
                log.withLock { $0.append("waiting \(waiting.time.timeIntervalSince1970)") }
            }
            func locationManager(_ manager: LocationManager, didFailWithError error: LocationError) {
                log.withLock { $0.append("error \(error)") }
            }
        }
        let recorder = Recorder()
        let manager = LocationManager(
            source: try BundledTrace.source("cold-start"), clock: .virtual,
            configuration: try .init(desiredAccuracy: .nearestTenMeters, fusion: .off))
        manager.delegate = recorder
        let events = await Self.collect(manager, heading: false)
        let expected = events.compactMap { e -> String? in
            switch e {
            case .location(let l): "location \(l.timestamp.timeIntervalSince1970)"
            case .waitingForAccuracy(let w): "waiting \(w.time.timeIntervalSince1970)"
            case .error(let error): "error \(error)"
            default: nil
            }
        }
        #expect(recorder.log.withLock { $0 } == expected)
        #expect(expected.count > 300)
    }

    @Test("a source that refuses reports sourceUnavailable; the stream ends when the source finishes")
    func sourceUnavailable() async {
        let source = RecordedFixSource(name: "gpsd nowhere:2947", events: [.state(.refused(reason: "connection refused"))])
        let events = await Self.collect(LocationManager(source: source))
        #expect(events.contains(.error(.sourceUnavailable(reason: "connection refused"))))
        #expect(events.last == .sourceState(.finished))
    }
}
