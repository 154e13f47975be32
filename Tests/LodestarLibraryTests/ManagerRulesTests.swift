import Foundation
import GNSS
import Geodesy
import Lodestar
import Testing

@Suite("rules, clocks and delegates, through the public API", .timeLimit(.minutes(5)))
struct ManagerRulesTests {
    @Test("a rule out of range is a typed error where it is set, and the rules stay as they were")
    func rulesValidatedWhenSet() throws {
        #expect(throws: RuleError.self) { try DesiredAccuracy.meters(.nan) }
        #expect(throws: RuleError.desiredAccuracy(-5)) { try DesiredAccuracy.meters(-5) }
        #expect(throws: RuleError.desiredAccuracy(0)) { try DesiredAccuracy.meters(0) }
        #expect(throws: RuleError.desiredAccuracy(.infinity)) { try DesiredAccuracy.meters(.infinity) }
        #expect(throws: RuleError.distanceFilter(-1)) { try LocationConfiguration(distanceFilter: -1) }
        #expect(throws: RuleError.headingFilter(.infinity)) { try LocationConfiguration(headingFilter: .infinity) }
        #expect(throws: RuleError.maximumFixAge(.seconds(-1))) { try LocationConfiguration(maximumFixAge: .seconds(-1)) }
        #expect(throws: RuleError.headingSmoothing(.zero)) { try LocationConfiguration(headingSmoothing: .zero) }
        let here = try Coordinate(latitude: 51.5, longitude: -0.1)
        #expect(throws: RuleError.self) { try ArrivalRegion(destination: here, entryRadius: .nan) }
        #expect(throws: RuleError.arrivalDwell(.seconds(-2))) {
            try ArrivalRegion(destination: here, entryRadius: 20, dwell: .seconds(-2))
        }

        let manager = LocationManager(source: OwnSource())
        try manager.setDistanceFilter(5)
        #expect(throws: RuleError.self) { try manager.setDistanceFilter(.nan) }
        #expect(throws: RuleError.headingFilter(-3)) { try manager.setHeadingFilter(-3) }
        #expect(throws: RuleError.maximumFixAge(.zero)) { try manager.setMaximumFixAge(.zero) }
        #expect(manager.distanceFilter == 5 && manager.headingFilter == 1 && manager.maximumFixAge == nil)
        #expect(RuleError.distanceFilter(-1).description == "distanceFilter must be a finite number of metres > 0, not -1.0")
    }

    @Test("a trace is never treated as live: it brings a replay clock, and .live replays it on its own time")
    func traceIsNeverLive() async throws {
        let path = bundledTrace("walk-to-pickup")
        #expect(LocationManager(source: try NMEATraceSource(path: path)).clock == .realTime)
        #expect(LocationManager(source: RecordedFixSource(name: "r", fixes: [])).clock == .realTime)
        #expect(LocationManager(source: OwnSource()).clock == .live)
        #expect(LocationManager(source: OwnSource(), clock: .virtual).clock == .live, "a live source is live")

        // Given .live, the trace (recorded on 2026-03-14) is replayed on the virtual clock: a 10 s
        // maximum fix age measured on the wall clock would withhold every fix as stale.
        let manager = LocationManager(source: try NMEATraceSource(path: path), clock: .live)
        #expect(manager.clock == .virtual)
        try manager.setMaximumFixAge(.seconds(10))
        var locations = 0
        var stale = 0
        for await event in manager.updates() {
            switch event {
            case .location(let l):
                locations += 1
                #expect(l.provenance == .replayed)
            case .withheld(let w):
                if case .stale = w.reason { stale += 1 }
            default: break
            }
        }
        #expect(stale == 0)
        #expect(locations == 383, "every epoch of the walk")
    }

    @Test("a recording with the default clock is paced by its own timestamps")
    func recordingPacedByDefault() async throws {
        let t0 = Date(timeIntervalSince1970: 1_780_000_000)
        let fixes = (0..<4).map { i in
            Fix(
                time: t0.addingTimeInterval(0.1 * Double(i)),
                coordinate: Coordinate(uncheckedLatitude: 51.5 + Double(i) * 1e-4, longitude: 0), mode: .threeD)
        }
        let manager = LocationManager(source: RecordedFixSource(name: "four fixes", fixes: fixes))
        let start = ContinuousClock.now
        var times: [Date] = []
        for await event in manager.updates() { if case .location(let l) = event { times.append(l.timestamp) } }
        #expect(times == fixes.compactMap(\.time))
        #expect(ContinuousClock.now - start >= .milliseconds(290), "0.3 s of recording takes 0.3 s")
    }
}

/// A delegate on the main actor, written without a single `nonisolated`.
@MainActor
final class MainActorModel: MainActorLocationManagerDelegate {
    var locations: [Location] = []
    var finished = false

    func locationManager(_ manager: LocationManager, didUpdateLocation location: Location) {
        MainActor.assertIsolated()
        locations.append(location)
    }

    func locationManager(_ manager: LocationManager, didChangeSourceState state: SourceState) {
        if state == .finished { finished = true }
    }
}

@Suite("a main-actor delegate", .timeLimit(.minutes(5)))
@MainActor
struct MainActorDelegateTests {
    @Test("is called on the main actor, in order, with every location")
    func delivered() async throws {
        let model = MainActorModel()
        let manager = LocationManager(source: try NMEATraceSource(path: bundledTrace("walk-to-pickup")), clock: .virtual)
        manager.mainActorDelegate = model
        #expect(manager.mainActorDelegate === model)
        manager.startUpdatingLocation()
        let deadline = ContinuousClock.now + .seconds(20)
        while !model.finished, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(model.finished)
        #expect(model.locations.count == 383, "every epoch of the walk")
        #expect(zip(model.locations, model.locations.dropFirst()).allSatisfy { $0.timestamp < $1.timestamp })
    }
}

@Suite("a location reads back what was written")
struct LocationStorageTests {
    @Test("nil is nil, NaN is NaN, a number is that number")
    func readsBack() throws {
        var location = Location(coordinate: try Coordinate(latitude: 51.5, longitude: 0), timestamp: Date())
        #expect(location.speed == nil && location.horizontalAccuracy == nil)
        location.speed = .nan
        location.horizontalAccuracy = 4.25
        location.course = -0.0
        #expect(location.speed?.isNaN == true)
        #expect(location.horizontalAccuracy == 4.25)
        #expect(location.course == 0 && location.course?.sign == .minus)
        location.speed = nil
        #expect(location.speed == nil)
        location.monotonicTime = .nanoseconds(Int64.max)
        #expect(location.monotonicTime == .nanoseconds(Int64.max))
    }
}

@Suite("times at the API are Durations")
struct DurationAPITests {
    @Test("a stale fix's age, the source's silences, the reconnect delay and the heading window")
    func durations() async throws {
        let manager = LocationManager(source: try NMEATraceSource(path: bundledTrace("outage-mid-route")), clock: .virtual)
        try manager.setMaximumFixAge(.seconds(10))
        #expect(manager.maximumFixAge == .seconds(10))
        var stale: [(age: Duration, limit: Duration)] = []
        for await event in manager.updates() {
            if case .withheld(let w) = event, case .stale(let age, let limit) = w.reason { stale.append((age, limit)) }
        }
        // The trace sends a 45 s old epoch again once: stale by the trace's own clock.
        #expect(stale.count == 1)
        #expect(stale.first.map { $0.age > .milliseconds(44_999) && $0.age < .milliseconds(45_001) } == true)
        #expect(stale.first?.limit == .seconds(10))
        #expect(
            WithholdReason.stale(age: .seconds(45), limit: .seconds(10)).description
                == "stale: fix is 45 s old, maximum age is 10 s")
        let states: [SourceState] = [
            .noFix(for: .seconds(10)), .noData(for: .milliseconds(5_500)),
            .reconnecting(attempt: 2, delay: .seconds(1)),
        ]
        #expect(states.count == 3)
        #expect(LocationEngine.sensorHeadingPrecedence == .seconds(2))
    }
}
