import Foundation
import Geodesy
import Lodestar
import Testing

/// The guidance `lodestar guide` shows, followed along the bundled traces through the manager, and
/// compared with `Geodesy` and the ground truth.
@Suite("guide session")
struct GuideSessionTests {
    static let pickup = Coordinate(uncheckedLatitude: 51.50850, longitude: -0.12470)

    /// Every update of a session over a trace replayed on the virtual clock.
    static func updates(_ trace: String, _ session: inout GuideSession, desiredAccuracy: DesiredAccuracy = .best)
        async throws -> [GuideUpdate]
    {
        var configuration = session.configuration(desiredAccuracy: desiredAccuracy)
        configuration.fusion = .off  // compared with the receiver's reported positions
        let manager = LocationManager(source: try BundledTrace.source(trace), clock: .virtual, configuration: configuration)
        let stream = manager.events()
        manager.startUpdatingLocationAndHeading()
        var updates: [GuideUpdate] = []
        for await event in stream {
            if let update = session.handle(event) { updates.append(update) }
        }
        return updates
    }

    /// The heading guidance should use at each row of a walk, from the truth alone: course over
    /// ground above 1 m/s, kept while it changes by less than the 1° heading filter (measured from
    /// the last delivered heading), and forgotten when the walker stops (heading unavailable).
    static func expectedHeadings(_ rows: [TruthRow]) -> [Int: Double] {
        var out: [Int: Double] = [:]
        var lastDelivered: Double?
        var current: Double?
        var unavailableSaid = false
        for row in rows where row.hasFix {
            if let speed = row.reportedSpeed, speed > 1, let course = row.reportedCourse {
                unavailableSaid = false
                if lastDelivered.map({ abs(GroundTruth.circularDifference(from: $0, to: course)) >= 1 }) ?? true {
                    lastDelivered = course
                    current = course
                }
            } else if !unavailableSaid {
                unavailableSaid = true
                current = nil
            }
            out[row.centiseconds] = current
        }
        return out
    }

    @Test(
        "walk-to-pickup: at every location, distance and bearing are Geodesy's from the reported position; the turn uses that fix's heading"
    )
    func guidanceAlongTheWalk() async throws {
        let rows = try GroundTruth.rows("walk-to-pickup")
        let byTime = Dictionary(uniqueKeysWithValues: rows.map { ($0.centiseconds, $0) })
        let headings = Self.expectedHeadings(rows)
        var session = GuideSession(region: try ArrivalRegion(destination: Self.pickup, entryRadius: 20))
        let updates = try await Self.updates("walk-to-pickup", &session)
        var checked = 0
        var turns = 0
        for case .location(let location, let g) in updates {
            let row = try #require(byTime[GroundTruth.centiseconds(location.timestamp)])
            // The truth's reported position has 9 decimals (±0.06 mm); the trace's minutes have 5.
            let reference = Geodesic.wgs84.inverse(from: try #require(row.reported), to: Self.pickup)
            #expect(abs(g.distance - reference.distance) < 1e-4)
            let bearingTolerance = 1e-4 / max(reference.distance, 1) * 180 / .pi
            #expect(abs(GroundTruth.circularDifference(from: reference.initialBearing, to: g.bearing)) < bearingTolerance)
            if let speed = row.reportedSpeed, speed >= 0.3 {
                // An ETA only while closing in: the course within 90° of the bearing.
                let away =
                    row.reportedCourse.map { abs(GroundTruth.circularDifference(from: $0, to: reference.initialBearing)) > 90 }
                    ?? false
                if away {
                    #expect(g.timeToGo == nil && g.isMovingAway)
                } else {
                    #expect(abs((g.timeToGo ?? .nan) - reference.distance / speed) < 1e-3 * (g.timeToGo ?? 0) + 1e-6)
                }
            }
            guard let heading = headings[row.centiseconds] else {
                #expect(g.heading == nil && g.turn == nil)
                continue
            }
            #expect(abs((g.heading ?? .nan) - heading) < 1e-9)
            let relative = GroundTruth.circularDifference(from: heading, to: reference.initialBearing)
            #expect(abs((g.relativeBearing ?? .nan) - relative) < bearingTolerance + 1e-9)
            // Away from the rounding boundaries of the instruction, it is the one the truth gives.
            let magnitude = abs(relative)
            if abs(magnitude - magnitude.rounded(.down) - 0.5) > 0.01, abs(magnitude - 10) > 0.01, abs(magnitude - 170) > 0.01 {
                let expectedTurn: TurnInstruction =
                    magnitude <= 10
                    ? .ahead
                    : magnitude > 170
                        ? .turnAround
                        : relative > 0 ? .right(degrees: Int(magnitude.rounded())) : .left(degrees: Int(magnitude.rounded()))
                #expect(g.turn == expectedTurn)
                turns += 1
            }
            checked += 1
        }
        #expect(checked > 200 && turns > 200)
    }

    @Test("walk-to-pickup: arrival within 20 m is declared once, where the ground truth puts it, and the session stops there")
    func arrivalOnce() async throws {
        let rows = try GroundTruth.rows("walk-to-pickup")
        let expected = try #require(
            rows.first { r in
                r.accuracy <= 20 && (r.reported.map { Geodesic.wgs84.inverse(from: $0, to: Self.pickup).distance <= 20 } ?? false)
            })
        var session = GuideSession(region: try ArrivalRegion(destination: Self.pickup, entryRadius: 20))
        let updates = try await Self.updates("walk-to-pickup", &session)
        let arrivals = updates.compactMap { if case .arrived(let e, let g) = $0 { (e, g) } else { nil } }
        try #require(arrivals.count == 1)
        let (event, guidance) = arrivals[0]
        #expect(GroundTruth.centiseconds(event.location.timestamp) == expected.centiseconds)
        #expect(
            abs(event.distance - Geodesic.wgs84.inverse(from: try #require(expected.reported), to: Self.pickup).distance) < 1e-4)
        #expect(guidance.arrived && abs(guidance.distance - event.distance) < 1e-9)
        #expect(session.hasArrived && session.arrival == event)
        // The walker waits at the pickup for a minute: jitter there declares nothing more.
        #expect(!updates.contains { if case .departed = $0 { true } else { false } })
    }

    @Test("cold-start with desiredAccuracy 10 m: 'acquiring fix' while the rule withholds, then guidance")
    func acquiring() async throws {
        var session = GuideSession(region: try ArrivalRegion(destination: Self.pickup, entryRadius: 20))
        let all = try await Self.updates("cold-start", &session, desiredAccuracy: .nearestTenMeters)
        // The 30 s without a fix come first, each epoch saying how long (a cold start: no fix yet).
        let losses = all.prefix { if case .noFix = $0 { true } else { false } }
            .compactMap { if case .noFix(let loss) = $0 { loss } else { nil } }
        #expect(losses.map(\.duration) == (0..<30).map(Double.init))
        #expect(losses.allSatisfy { $0.isColdStart })
        let updates = Array(all.dropFirst(losses.count))
        let first = try #require(updates.first)
        guard case .acquiring(let w) = first else {
            Issue.record("expected acquiring first, got \(first)")
            return
        }
        #expect(w.description == "acquiring fix ±35 m (need ±10 m)")
        let firstLocation = try #require(updates.firstIndex { if case .location = $0 { true } else { false } })
        #expect(updates[..<firstLocation].allSatisfy { if case .acquiring = $0 { true } else { false } })
        #expect(updates[firstLocation...].contains { if case .location = $0 { true } else { false } })
        #expect(!session.hasArrived, "the cold-start walk goes nowhere near the pickup")
    }
}
