import Foundation
import Geodesy
import Lodestar
import Testing

@Suite("guidance")
struct GuidanceTests {
    static let t0 = Date(timeIntervalSince1970: 1_780_000_000)

    static func location(_ lat: Double, _ lon: Double, speed: Double? = nil) throws -> Location {
        Location(coordinate: try Coordinate(latitude: lat, longitude: lon), horizontalAccuracy: 3, speed: speed, timestamp: t0)
    }

    @Test(
        "distance and bearing agree with Geodesy's WGS84 inverse",
        arguments: [
            (51.5119, -0.1228, 51.5085, -0.1247), (51.47, -0.4543, 22.308, 113.9185), (-33.9, 151.2, -33.95, 151.1),
            (0, 179.99, 0.01, -179.99), (89.9, 0, 89.9, 180),
        ])
    func agreesWithGeodesy(_ a: (Double, Double, Double, Double)) throws {
        let here = try Self.location(a.0, a.1, speed: 2)
        let there = try Coordinate(latitude: a.2, longitude: a.3)
        let g = Guidance(from: here, heading: 90, to: there)
        let reference = Geodesic.wgs84.inverse(from: here.coordinate, to: there)
        #expect(g.distance == reference.distance)
        #expect(g.bearing == reference.initialBearing)
        #expect(g.relativeBearing == Angle.difference(from: 90, to: reference.initialBearing))
        #expect(g.timeToGo == reference.distance / 2)
        #expect(here.distance(from: Location(coordinate: there, timestamp: Self.t0)) == reference.distance)
    }

    @Test("turn instructions along a synthetic sequence of turns")
    func turnSequence() throws {
        // Headings swept past a fixed bearing of 0° give relative bearings from +180 down to -175.
        let cases: [(Double, TurnInstruction, String)] = [
            (0, .ahead, "ahead"), (350, .ahead, "ahead"), (10, .ahead, "ahead"), (349.5, .right(degrees: 11), "turn right 11°"),
            (337, .right(degrees: 23), "turn right 23°"), (23, .left(degrees: 23), "turn left 23°"),
            (190, .right(degrees: 170), "turn right 170°"), (170, .left(degrees: 170), "turn left 170°"),
            (189.9, .turnAround, "turn around"), (180, .turnAround, "turn around"), (175, .turnAround, "turn around"),
            (90, .left(degrees: 90), "turn left 90°"), (270, .right(degrees: 90), "turn right 90°"),
        ]
        for (heading, expected, text) in cases {
            let relative = Angle.difference(from: heading, to: 0)
            #expect(relative > -180 && relative <= 180)
            let turn = TurnInstruction(relativeBearing: relative)
            #expect(turn == expected, "heading \(heading)")
            #expect(turn.description == text)
        }
        // A walker turning through a square: headings 0, 90, 180, 270 toward a point due east.
        let here = try Self.location(51.5, -0.1)
        let east = try Geodesic.wgs84.destination(from: here.coordinate, azimuth: 90, distance: 200)
        let turns = [0.0, 90, 180, 270].map { Guidance(from: here, heading: $0, to: east).turn?.description ?? "" }
        #expect(turns == ["turn right 90°", "ahead", "turn left 90°", "turn around"])
    }

    @Test("no ETA when stationary or speed unknown; no turn without a heading")
    func stationary() throws {
        let there = try Coordinate(latitude: 51.51, longitude: -0.12)
        #expect(Guidance(from: try Self.location(51.5, -0.12, speed: 0), heading: 10, to: there).timeToGo == nil)
        #expect(Guidance(from: try Self.location(51.5, -0.12), heading: 10, to: there).estimatedArrival == nil)
        let noHeading = Guidance(from: try Self.location(51.5, -0.12, speed: 1.4), heading: nil, to: there)
        #expect(noHeading.turn == nil && noHeading.relativeBearing == nil)
        #expect(noHeading.compassPoint == .n)
        let moving = Guidance(from: try Self.location(51.5, -0.12, speed: 1.4), heading: 0, to: there)
        #expect(moving.estimatedArrival == Self.t0.addingTimeInterval(moving.distance / 1.4))
    }

    @Test("an ETA only while closing in: walking away (course more than 90° off the bearing) gives none")
    func closingIn() throws {
        let here = try Self.location(51.5, -0.12)
        let north = try Geodesic.wgs84.destination(from: here.coordinate, azimuth: 0, distance: 500)
        func guidance(course: Double?, speed: Double) -> Guidance {
            var l = here
            l.speed = speed
            l.course = course
            return Guidance(from: l, heading: course, to: north)
        }
        let toward = guidance(course: 30, speed: 1.4)
        #expect(abs((toward.closingSpeed ?? .nan) - 1.4 * cos(30 * .pi / 180)) < 1e-9)
        #expect(!toward.isMovingAway && abs((toward.timeToGo ?? .nan) - 500 / 1.4) < 1e-6)
        let away = guidance(course: 135, speed: 1.4)
        #expect(away.isMovingAway && away.timeToGo == nil && away.estimatedArrival == nil)
        #expect((away.closingSpeed ?? 0) < 0)
        #expect(guidance(course: 180, speed: 0.1).isMovingAway == false, "standing still is not moving away")
        #expect(guidance(course: nil, speed: 1.4).timeToGo != nil, "no course: the direction cannot be told")
    }

    @Test("each turn has an arrow that leans its way")
    func arrows() {
        let cases: [(TurnInstruction, String)] = [
            (.ahead, "↑"), (.right(degrees: 11), "↗"), (.right(degrees: 67), "↗"), (.right(degrees: 68), "→"),
            (.right(degrees: 112), "→"), (.right(degrees: 113), "↘"), (.left(degrees: 23), "↖"), (.left(degrees: 90), "←"),
            (.left(degrees: 170), "↙"), (.turnAround, "↓"),
        ]
        for (turn, arrow) in cases { #expect(turn.arrow == arrow, "\(turn)") }
    }

    @Test("compass points")
    func compassPoints() {
        #expect(CompassPoint(bearing: 0) == .n)
        #expect(CompassPoint(bearing: 359) == .n)
        #expect(CompassPoint(bearing: 45) == .ne)
        #expect(CompassPoint(bearing: 202.5) == .ssw)
        #expect(CompassPoint(bearing: -90) == .w)
    }
}
