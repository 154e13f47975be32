import Foundation
import GNSS
import Lodestar
import Synchronization
import Testing

/// The manager as an application uses it: public API only (no `@testable`), a source of the
/// application's own and the bundled traces, tasks that get cancelled, managers that are released.
///
/// The time limits of this target's suites catch a hang (a reader left waiting, a pool blocked by
/// reads). They count from a test's start, which under the full suite on two cores can come some
/// 50 s before the test's task first runs (clean-clone CI on 60d46fa), so they are 5 minutes.
@Suite("the location manager's lifecycle, through the public API", .timeLimit(.minutes(5)))
struct ManagerLifecycleTests {
    @Test("iterating updates() starts the source; a break stops it within 100 ms")
    func updatesStartAndBreak() async {
        let source = OwnSource()
        let manager = LocationManager(source: source)
        #expect(source.starts == 0, "nothing runs before the iteration")
        var locations = 0
        for await event in manager.updates() {
            if case .location = event { locations += 1 }
            if locations == 3 { break }
        }
        let ended = ContinuousClock.now
        #expect(await eventually(within: .seconds(30)) { !source.isRunning })
        let stop = source.lastStop
        #expect(
            stop.map { $0 - ended < .milliseconds(100) } == true,
            "stopped \(String(describing: stop.map { $0 - ended })) after the break")
        #expect(source.starts == 1 && source.stops == 1)
    }

    @Test("cancelling the iterating task stops the source within 100 ms")
    func updatesCancelled() async {
        let source = OwnSource()
        let manager = LocationManager(source: source)
        let seen = Mutex(0)
        let reader = Task {
            for await event in manager.updates() { if case .location = event { seen.withLock { $0 += 1 } } }
        }
        #expect(await eventually(within: .seconds(30)) { seen.withLock { $0 } >= 1 }, "locations flow")
        reader.cancel()
        let cancelled = ContinuousClock.now
        await reader.value
        #expect(await eventually(within: .seconds(30)) { !source.isRunning })
        #expect(source.lastStop.map { $0 - cancelled < .milliseconds(100) } == true)
    }

    @Test("several iterations share one run of the source; it stops when the last one ends")
    func sharedSource() async {
        let source = OwnSource()
        let manager = LocationManager(source: source)
        final class Seen: Sendable { let counts = Mutex([0, 0]) }
        let seen = Seen()
        func reader(_ n: Int) -> Task<Int, Never> {
            Task {
                var count = 0
                for await event in manager.updates([.location, .heading]) {
                    if case .location = event {
                        count += 1
                        seen.counts.withLock { $0[n] = count }
                    }
                }
                return count
            }
        }
        let first = reader(0)
        let second = reader(1)
        #expect(
            await eventually(within: .seconds(30)) { seen.counts.withLock { $0.allSatisfy { $0 >= 1 } } },
            "both readers see locations")
        first.cancel()
        #expect(await first.value >= 1)
        try? await Task.sleep(for: .milliseconds(50))
        #expect(source.isRunning, "the second reader still needs the source")
        second.cancel()
        #expect(await second.value >= 1)
        #expect(await eventually(within: .seconds(30)) { !source.isRunning })
        #expect(source.starts == 1, "one run shared by both readers")
    }

    /// Starts a manager on `source`, waits until the source runs, and lets go of the manager; hands
    /// back whether the source ran, a reader's stream, a weak reference and the instant of the release.
    private static func startAndRelease(_ source: OwnSource) async -> (
        ran: Bool, events: AsyncStream<LocationEvent>, manager: () -> LocationManager?, released: ContinuousClock.Instant
    ) {
        let manager = LocationManager(source: source)
        let events = manager.events()
        manager.startUpdatingLocation()
        let ran = await eventually(within: .seconds(30)) { source.isRunning }
        weak let released = manager
        // The manager's last use is above: it goes when this scope ends, just after this instant.
        return (ran, events, { released }, ContinuousClock.now)
    }

    @Test("a released manager stops its source within a second, and its readers finish")
    func releasedManager() async {
        let source = OwnSource()
        let (ran, events, manager, released) = await Self.startAndRelease(source)
        #expect(ran && source.starts == 1, "the source ran, once, before the release")
        #expect(manager() == nil, "nothing the manager started holds it")
        // Stopped, with no call to stop: only the release can have done it. Timed from the
        // source's own stop instant, as the break and cancel tests are, so a busy test machine
        // delays the check, not the figure.
        #expect(await eventually(within: .seconds(30)) { source.starts == 1 && !source.isRunning })
        let stop = source.lastStop
        #expect(
            stop.map { $0 - released < .seconds(1) } == true,
            "stopped \(String(describing: stop.map { $0 - released })) after the release")
        // The reader's loop ends (the suite's time limit fails the test if it waits on a manager
        // that is gone).
        for await _ in events {}
        try? await Task.sleep(for: .milliseconds(100))
        #expect(source.starts == 1 && source.stops == 1)
    }

    @Test("requestLocation returns at once with a cancellation error when its task is cancelled")
    func requestCancelled() async throws {
        let source = OwnSource()
        let manager = LocationManager(source: source)
        manager.desiredAccuracy = try .meters(1)  // the source's ±3 m never qualifies
        let request = Task { () -> Result<Location, LocationError> in
            do throws(LocationError) {
                return .success(try await manager.requestLocation(timeout: .seconds(30)))
            } catch {
                return .failure(error)
            }
        }
        #expect(await eventually(within: .seconds(30)) { source.isRunning })
        try await Task.sleep(for: .milliseconds(200))
        let cancelled = ContinuousClock.now
        request.cancel()
        let result = await request.value
        #expect(ContinuousClock.now - cancelled < .seconds(15), "not after the 30 s timeout")
        guard case .failure(let error) = result else {
            Issue.record("a cancelled request returned a location")
            return
        }
        #expect(error == .cancelled)
        #expect(await eventually(within: .seconds(30)) { !source.isRunning }, "nothing else needs the source")
    }

    @Test("a settled request stops the source and lets the manager go")
    func requestSettled() async throws {
        let source = OwnSource()
        weak var released: LocationManager?
        do {
            let manager = LocationManager(source: source)
            released = manager
            let location = try await manager.requestLocation(timeout: .seconds(30))
            // Fused by default: the first fix's 2D RMS of 3 m, stated as its 68% circle (docs/fusion.md).
            let radius68 = 3 * (-log(0.32)).squareRoot()
            #expect(location.horizontalAccuracy.map { abs($0 - radius68) < 1e-9 } == true, "the first fix's ±3 m as a 68% radius")
            #expect(location.provenance == .live)
        }
        #expect(released == nil, "no timer holds the manager after the request")
        #expect(await eventually(within: .seconds(30)) { !source.isRunning })
    }

    @Test("a request that times out says what it saw: no fix met ±10 m within 60 s (best ±11 m)")
    func requestTimeoutSaysWhatItSaw() async throws {
        let manager = LocationManager(
            source: try NMEATraceSource(path: bundledTrace("cold-start")), clock: .virtual,
            configuration: try LocationConfiguration(desiredAccuracy: .nearestTenMeters, fusion: .off))
        do {
            let location = try await manager.requestLocation(timeout: .seconds(60))
            Issue.record("the cold start has no ±10 m fix in its first 60 s, yet \(location) was returned")
        } catch {
            guard case .requestFailed(let failure) = error else {
                Issue.record("expected requestFailed, got \(error)")
                return
            }
            #expect(failure.ending == .timedOut(.seconds(60)))
            #expect(failure.required == 10)
            #expect(failure.best.map { (10...12).contains($0) } == true)
            #expect(failure.positions == 31, "fixes from 30 s to 60 s of trace time")
            #expect(error.description == "no fix met ±10 m within 60 s (best ±11 m)")
        }
    }

    /// The first `count` locations of a run of `updates()`, and the withholdings seen meanwhile.
    private static func firstLocations(_ manager: LocationManager, _ count: Int) async -> ([Location], [Withholding]) {
        var locations: [Location] = []
        var withheld: [Withholding] = []
        for await event in manager.updates() {
            switch event {
            case .location(let l): locations.append(l)
            case .withheld(let w): withheld.append(w)
            default: break
            }
            if locations.count == count { break }
        }
        return (locations, withheld)
    }

    @Test("a replay stopped and started again delivers from its first fix, nothing withheld as out of order")
    func restartedReplay() async throws {
        let manager = LocationManager(source: try NMEATraceSource(path: bundledTrace("walk-to-pickup")), clock: .virtual)
        try manager.setDistanceFilter(5)
        let (first, _) = await Self.firstLocations(manager, 10)
        let (again, withheld) = await Self.firstLocations(manager, 10)
        #expect(first.count == 10)
        #expect(again.map(\.timestamp) == first.map(\.timestamp))
        #expect(again.map(\.coordinate) == first.map(\.coordinate))
        #expect(!withheld.contains { if case .outOfOrder = $0.reason { true } else { false } })
        let kept = manager.location?.timestamp
        #expect(
            kept.map { $0 >= again[9].timestamp } == true, "the last delivered location is kept (a replay runs ahead by a batch)")
    }

    @Test("startUpdatingLocationAndHeading: a replay's first fix is judged for both, as updates([.location, .heading]) judges it")
    func locationAndHeadingTogether() async throws {
        let path = bundledTrace("walk-to-pickup")
        // The reference: one iteration whose demand is both from the start.
        var expected: [LocationEvent] = []
        for await event in LocationManager(source: try NMEATraceSource(path: path), clock: .virtual)
            .updates([.location, .heading])
        {
            expected.append(event)
        }
        let manager = LocationManager(source: try NMEATraceSource(path: path), clock: .virtual)
        let events = manager.events()
        manager.startUpdatingLocationAndHeading()
        var all: [LocationEvent] = []
        for await event in events { all.append(event) }
        // The fused course is smooth (issue 23), so the heading filter passes a few on a straight walk.
        #expect(all.count(where: { if case .heading = $0 { true } else { false } }) > 5)
        #expect(all.count(where: { if case .location = $0 { true } else { false } }) > 200)
        #expect(all == expected)
    }

    @Test("events() lives across stop and start, and finishes when the manager is released")
    func eventsAcrossStopAndStart() async {
        let source = OwnSource()
        var manager: LocationManager? = LocationManager(source: source)
        guard let events = manager?.events() else { return }
        var iterator = events.makeAsyncIterator()
        func nextLocation() async -> Location? {
            while let event = await iterator.next() { if case .location(let l) = event { return l } }
            return nil
        }
        manager?.startUpdatingLocation()
        let before = await nextLocation()
        manager?.stopUpdatingLocation()
        #expect(await eventually(within: .seconds(30)) { !source.isRunning })
        manager?.startUpdatingLocation()
        #expect(await eventually(within: .seconds(30)) { source.isRunning })
        let after = await nextLocation()
        #expect(before != nil && after != nil, "the same stream carries the second run")
        #expect(source.starts == 2)
        manager = nil
        var rest = 0
        while await iterator.next() != nil { rest += 1 }
        #expect(await iterator.next() == nil, "finished for good once the manager is gone")
        #expect(await eventually(within: .seconds(30)) { !source.isRunning })
    }

    @Test("events() of a trace finish at its end; a stream made afterwards sees the next run")
    func eventsOfATrace() async throws {
        let manager = LocationManager(source: try NMEATraceSource(path: bundledTrace("walk-to-pickup")), clock: .virtual)
        func run() async -> [LocationEvent] {
            let events = manager.events()
            manager.startUpdatingLocation()
            var all: [LocationEvent] = []
            for await event in events { all.append(event) }
            return all
        }
        let first = await run()
        #expect(first.first == .sourceState(.connected) && first.last == .sourceState(.finished))
        manager.stopUpdatingLocation()
        let second = await run()
        #expect(second == first, "the trace again, from its first line, judged afresh")
    }
}
