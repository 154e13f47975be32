import Foundation
import GNSS
import Geodesy
import Lodestar
import Testing

/// The fusion filter's behaviours on fixes built here, where the truth is exact: stationary hold,
/// leaving a stop, the outlier gate, a real jump, dead reckoning and its limit.
@Suite("fusion: behaviours")
struct FusionBehaviourTests {
    static let t0 = Date(timeIntervalSince1970: 1_790_000_000)
    static let start = Coordinate(uncheckedLatitude: 51.5, longitude: -0.1)

    /// A fix at `second`, `metres` east of the start, ±`sigma` per axis (GST), with a Doppler speed
    /// and course; `offset` (east, north) metres of error added to the reported position.
    static func fix(
        _ second: Int, east metres: Double, speed: Double, sigma: Double = 2,
        offset: (Double, Double) = (0, 0), position: Bool = true
    ) -> Fix {
        let truth = (try? Geodesic.wgs84.destination(from: start, azimuth: 90, distance: metres)) ?? start
        var reported = truth
        if offset.0 != 0 {
            reported = (try? Geodesic.wgs84.destination(from: reported, azimuth: 90, distance: offset.0)) ?? reported
        }
        if offset.1 != 0 {
            reported = (try? Geodesic.wgs84.destination(from: reported, azimuth: 0, distance: offset.1)) ?? reported
        }
        return Fix(
            time: t0.addingTimeInterval(Double(second)), coordinate: position ? reported : nil, altitudeMSL: position ? 20 : nil,
            mode: position ? .threeD : .noFix,
            errors: position
                ? ErrorEstimates(
                    latitude: Uncertainty(sigma, .oneSigma), longitude: Uncertainty(sigma, .oneSigma),
                    vertical: Uncertainty(3, .oneSigma)) : ErrorEstimates(),
            speed: position ? speed : nil, course: position && speed > 0.5 ? 90 : nil)
    }

    static func truth(east metres: Double) -> Coordinate {
        (try? Geodesic.wgs84.destination(from: start, azimuth: 90, distance: metres)) ?? start
    }

    /// The locations (and errors) the engine delivers for `fixes`, fused for `activity`.
    static func run(_ fixes: [Fix], activity: ActivityType = .automotive) throws -> [LocationEvent] {
        var configuration = LocationConfiguration()
        configuration.fusion = try .fused(for: activity)
        var engine = LocationEngine(configuration: configuration, sourceName: "test", provenance: .replayed)
        engine.updatingHeading = false
        var events: [LocationEvent] = []
        engine.replay(fixes) { events.append($0) }
        return events
    }

    static func locations(_ events: [LocationEvent]) -> [Location] {
        events.compactMap { if case .location(let l) = $0 { l } else { nil } }
    }

    @Test("a still receiver is held still, and leaving the stop is seen within two epochs")
    func stationary() throws {
        // 30 s still with a 2 m wobble and 0.05 m/s of Doppler noise, then 1.4 m/s east.
        var fixes: [Fix] = []
        for s in 0..<30 {
            let wobble = (2 * sin(Double(s) * 1.7), 2 * cos(Double(s) * 2.3))
            fixes.append(Self.fix(s, east: 0, speed: 0.05 * Double(s % 3), offset: wobble))
        }
        for s in 30..<40 { fixes.append(Self.fix(s, east: 1.4 * Double(s - 29), speed: 1.4)) }
        let located = Self.locations(try Self.run(fixes, activity: .fitness))
        #expect(located.count == 40)
        #expect(located.allSatisfy { $0.kind == .fused && $0.raw != nil })
        #expect(!located[0].isStationary && !located[1].isStationary)
        #expect(located[2...29].allSatisfy { $0.isStationary }, "still from the third slow epoch on")
        let stop = located[3...29]
        let wander = zip(stop, stop.dropFirst()).map { $0.distance(from: $1) }.reduce(0, +)
        #expect(wander < 2, "the held location moved \(wander) m while the fixes wobbled ±2 m")
        #expect(stop.allSatisfy { $0.speed == 0 })
        // Moving from 30 s: no longer still by the second moving epoch (31 s).
        #expect(!located[31].isStationary)
        #expect(located[32...].allSatisfy { !$0.isStationary && ($0.speed ?? 0) > 1 })
    }

    /// Seen on a real RTK drive (docs/fusion.md, "A real recording"): a stop held by a 0.3 m/s
    /// threshold left the location 1 m behind a car creeping on, and a lurch of 0.4 m at a light
    /// was rejected as a reflection for 25 s.
    @Test(
        "an RTK receiver (1 cm) creeping at 0.2 m/s is not held; a 0.4 m lurch at a stop is followed; a 1 m jump at rest is not")
    func preciseReceiverAtAStop() throws {
        var truth: [Double] = []
        var fixes: [Fix] = []
        // RTK fixed (1 cm) to 45 s, then float (15 cm): the lurch's Doppler speeds stay below
        // twice the float fixes' threshold, so only the fixes show that it moved.
        func add(_ s: Int, _ east: Double, speed: Double, jump: Double = 0) {
            truth.append(east)
            fixes.append(Self.fix(s, east: east, speed: speed, sigma: s < 40 ? 0.01 : 0.15, offset: (0, jump)))
        }
        for s in 0..<20 { add(s, 0, speed: 0.005 * Double(s % 3)) }
        for s in 20..<25 { add(s, 0.2 * Double(s - 19), speed: 0.2) }  // creeping on to 1 m
        for s in 25..<45 { add(s, 1.0, speed: 0.005 * Double(s % 3)) }
        add(45, 1.06, speed: 0.14)  // the lurch
        add(46, 1.3, speed: 0.28)
        for s in 47..<60 { add(s, 1.4, speed: 0.005 * Double(s % 3)) }
        for s in 60..<65 { add(s, 1.4, speed: 0.005, jump: 1) }  // 1 m north, no Doppler: a reflection
        for s in 65..<75 { add(s, 1.4, speed: 0.005 * Double(s % 3)) }
        let located = Self.locations(try Self.run(fixes))
        #expect(located.count == 75)
        let errors = located.enumerated().map { $0.element.distance(from: Self.truth(east: truth[$0.offset])) }
        #expect(located[10].isStationary, "still at rest")
        #expect(located[20..<25].allSatisfy { !$0.isStationary }, "creeping at 0.2 m/s is moving for a 1 cm receiver")
        for s in 20..<25 { #expect(errors[s] < 0.1, "creeping, at \(s) s the location is \(errors[s]) m off") }
        #expect(located[44].isStationary, "still again")
        for s in 47..<60 { #expect(errors[s] < 0.1, "after the lurch, at \(s) s the location is \(errors[s]) m off") }
        for s in 60..<75 {
            #expect(errors[s] < 0.1, "through the 1 m jump at rest, at \(s) s the location is \(errors[s]) m off")
        }
    }

    /// An RTK receiver switches between fixed and float solutions every few seconds and states
    /// their errors from different models; here the float fixes overstate theirs tenfold. One λ
    /// learnt from them would shrink the fixed fixes' variances and the fused radius with them.
    @Test("RTK fixed and float fixes keep a λ each: float fixes that overstate tenfold do not shrink the fixed epochs' radius")
    func noiseScalePerKindOfFix() throws {
        var fixes: [Fix] = []
        for s in 0..<180 {
            let float = (s / 10) % 2 == 0
            let wobble = 0.02 * sin(Double(s) * 1.3)
            var fix = Self.fix(s, east: 10 * Double(s), speed: 10, sigma: float ? 0.2 : 0.02, offset: (wobble, -wobble))
            fix.quality = float ? .rtkFloat : .rtkFixed
            fixes.append(fix)
        }
        let located = Self.locations(try Self.run(fixes))
        #expect(located.count == 180)
        // After the first minute: the fixed epochs' fused radius against the receiver's own
        // (one λ for both kinds shrank it to 0.65 × on this run; a λ each keeps it at 1.0 ×).
        let fixedEpochs = located.indices.filter { $0 >= 60 && fixes[$0].quality == .rtkFixed }
        try #require(fixedEpochs.count == 60)
        let radii = fixedEpochs.map { located[$0].horizontalAccuracy ?? 0 }.sorted()
        let stated = try #require(located[fixedEpochs[0]].raw?.horizontalAccuracy)
        #expect(radii[30] >= 0.8 * stated, "the fixed epochs' median fused radius is \(radii[30]) m, the fixes state \(stated) m")
    }

    @Test("a 40 m multipath jump for 4 s that the fix's sigma does not admit moves the location by under 10 m")
    func multipath() throws {
        var fixes: [Fix] = []
        for s in 0..<60 {
            let jump = (20..<24).contains(s) ? (30.0, 25.0) : (0, 0)  // 39 m north-east
            fixes.append(Self.fix(s, east: 10 * Double(s), speed: 10, offset: jump))
        }
        let located = Self.locations(try Self.run(fixes))
        #expect(located.count == 60)
        for (s, l) in located.enumerated() where s >= 5 {
            let error = l.distance(from: Self.truth(east: 10 * Double(s)))
            #expect(error < 10, "at \(s) s the location is \(error) m from the truth")
        }
        let worst = located[20..<24].map { $0.distance(from: Self.truth(east: 10 * Double(located.firstIndex(of: $0) ?? 0))) }
        #expect(worst.allSatisfy { $0 < 5 })
    }

    /// With a Doppler velocity to coast on, a jump that the velocity does not show is taken for a
    /// reflection for as long as reflections last (20 s, issue 23), then believed.
    @Test("a real jump (the fixes stay 200 m away) is believed after the reflection patience and a few epochs")
    func realJump() throws {
        var fixes: [Fix] = []
        for s in 0..<80 {
            let moved = s >= 20 ? (0.0, 200.0) : (0, 0)
            fixes.append(Self.fix(s, east: 10 * Double(s), speed: 10, offset: moved))
        }
        let located = Self.locations(try Self.run(fixes))
        #expect(FusionFilter.reflectionPatience == 25)
        for s in 21..<40 {
            let error = located[s].distance(from: Self.truth(east: 10 * Double(s)))
            #expect(error < 10, "at \(s) s, inside the reflection patience, the location is \(error) m from the old track")
        }
        let patience = 29  // 25 s of patience, then a few epochs to settle
        for s in (20 + patience)..<80 {
            let newTruth = (try? Geodesic.wgs84.destination(from: Self.truth(east: 10 * Double(s)), azimuth: 0, distance: 200))
            let error = newTruth.map { located[s].distance(from: $0) } ?? .infinity
            #expect(error < 10, "at \(s) s the location is \(error) m from where the receiver now is")
        }
    }

    @Test("an outage is dead-reckoned for at most 30 s, marked so, its accuracy growing; then the location is unknown")
    func deadReckoning() throws {
        var fixes: [Fix] = []
        for s in 0..<60 { fixes.append(Self.fix(s, east: 25 * Double(s), speed: 25)) }
        for s in 60..<100 { fixes.append(Self.fix(s, east: 25 * Double(s), speed: 25, position: false)) }
        let events = try Self.run(fixes)
        let located = Self.locations(events)
        let reckoned = located.filter { $0.kind == .deadReckoned }
        #expect(reckoned.count == 30, "60 s ... 89 s: the last fix was at 59 s, so up to 30 s after it")
        #expect(zip(reckoned, reckoned.dropFirst()).allSatisfy { ($0.horizontalAccuracy ?? 0) < ($1.horizontalAccuracy ?? 0) })
        for l in reckoned {
            let s = l.timestamp.timeIntervalSince(Self.t0)
            #expect(l.distance(from: Self.truth(east: 25 * s)) < 15, "dead-reckoned \(s) s")
            #expect(l.raw == nil)
        }
        #expect(events.filter { $0 == .error(.locationUnknown) }.count == 1, "unknown once the dead reckoning ends")
        #expect(located.last?.timestamp == Self.t0.addingTimeInterval(89))
    }

    @Test("with fusion off the receiver's fixes are delivered unchanged")
    func off() throws {
        let fixes = (0..<10).map { Self.fix($0, east: 10 * Double($0), speed: 10, offset: (1, -1)) }
        var configuration = LocationConfiguration()
        configuration.fusion = .off
        var engine = LocationEngine(configuration: configuration)
        var located: [Location] = []
        engine.replay(fixes) { if case .location(let l) = $0 { located.append(l) } }
        #expect(located.count == 10)
        #expect(located.allSatisfy { $0.kind == .raw && $0.raw == nil && !$0.isStationary })
        #expect(located.map(\.coordinate) == fixes.compactMap(\.coordinate))
    }

    @Test("fusion settings are checked")
    func settings() throws {
        #expect(throws: RuleError.maximumDeadReckoning(.zero)) { try Fusion.fused(for: .automotive, maximumDeadReckoning: .zero) }
        #expect(throws: RuleError.maximumDeadReckoning(.seconds(601))) {
            try Fusion.fused(for: .fitness, maximumDeadReckoning: .seconds(601))
        }
        #expect(try Fusion.fused(for: .fitness).maximumDeadReckoning == .seconds(15))
        #expect(try Fusion.fused(for: .maritime).maximumDeadReckoning == .seconds(60))
        #expect(Fusion.on.isEnabled && !Fusion.off.isEnabled)
        #expect(LocationConfiguration().fusion == .on, "on by default, as in CoreLocation")
    }
}
