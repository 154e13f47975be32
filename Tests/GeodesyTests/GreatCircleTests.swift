import Foundation
import Geodesy
import Testing

/// Closed-form cases on the sphere: quarter circles, poles, the antimeridian, coincident and
/// antipodal points, round trips, and cross-track / along-track distances.
@Suite("GreatCircle")
struct GreatCircleTests {
    let sphere = GreatCircle.earth
    static let earthRadius = 6_371_008.8
    /// Metres along the sphere for a central angle in degrees.
    static func arc(_ degrees: Double) -> Double { earthRadius * degrees * .pi / 180 }

    @Test("the default sphere has the IUGG mean radius; other radii are checked")
    func radius() throws {
        #expect(GreatCircle.earth.radius == 6_371_008.8)
        #expect(GreatCircle().radius == 6_371_008.8)
        let moon = try GreatCircle(radius: 1_737_400)
        #expect(abs(moon.distance(from: try coordinate(0, 0), to: try coordinate(0, 90)) - 1_737_400 * .pi / 2) < 1e-8)
        #expect(throws: GeodesyError.invalidRadius(0)) { try GreatCircle(radius: 0) }
        #expect(throws: GeodesyError.invalidRadius(-1)) { try GreatCircle(radius: -1) }
        #expect(throws: GeodesyError.self) { try GreatCircle(radius: .infinity) }
        #expect(throws: GeodesyError.self) { try GreatCircle(radius: .nan) }
    }

    @Test("a quarter of the equator: distance πR/2, due east at both ends, midpoint at 45°E")
    func equatorQuarter() throws {
        let r = sphere.inverse(from: try coordinate(0, 0), to: try coordinate(0, 90))
        #expect(abs(r.distance - Self.arc(90)) < 1e-8)
        #expect(r.initialBearing == 90)
        #expect(r.finalBearing == 90)
        let m = sphere.midpoint(between: try coordinate(0, 0), and: try coordinate(0, 90))
        #expect(abs(m.latitude) < 1e-12 && abs(m.longitude - 45) < 1e-12)
    }

    @Test("poles: the bearing at a pole is the limit along its meridian, 180° − Δλ at the north pole")
    func poles() throws {
        let north = try coordinate(90, 0)
        let south = try coordinate(-90, 0)
        let fromPole = sphere.inverse(from: north, to: try coordinate(0, 30))
        #expect(abs(fromPole.distance - Self.arc(90)) < 1e-8)
        #expect(abs(fromPole.initialBearing - 150) < 1e-12)
        #expect(abs(fromPole.finalBearing - 180) < 1e-12)

        let toPole = sphere.inverse(from: try coordinate(0, 30), to: north)
        #expect(abs(toPole.initialBearing) < 1e-12)
        #expect(abs(toPole.finalBearing - 330) < 1e-12)  // the bearing back, 150°, plus 180°

        let poleToPole = sphere.inverse(from: north, to: south)
        #expect(abs(poleToPole.distance - Self.arc(180)) < 1e-8)
        #expect(abs(poleToPole.initialBearing - 180) < 1e-12)

        // From the north pole, bearing 90° on meridian 0 heads down meridian 180° − 90° = 90°E.
        let d = try sphere.direct(from: north, bearing: 90, distance: Self.arc(10))
        #expect(abs(d.coordinate.latitude - 80) < 1e-12)
        #expect(abs(d.coordinate.longitude - 90) < 1e-12)
        #expect(abs(d.finalBearing - 180) < 1e-12)
        // Due north from 80°N, 10° of arc ends exactly on the pole.
        let top = try sphere.destination(from: try coordinate(80, 25), bearing: 0, distance: Self.arc(10))
        #expect(top.latitude == 90)
    }

    @Test("across the antimeridian: same as the mirror case at Greenwich, midpoint on ±180°")
    func antimeridian() throws {
        let across = sphere.inverse(from: try coordinate(10, 179.9), to: try coordinate(10, -179.9))
        let greenwich = sphere.inverse(from: try coordinate(10, -0.1), to: try coordinate(10, 0.1))
        #expect(abs(across.distance - greenwich.distance) < 1e-8)
        #expect(abs(across.initialBearing - greenwich.initialBearing) < 1e-9)
        #expect(abs(across.finalBearing - greenwich.finalBearing) < 1e-9)
        #expect(across.distance < 22_000)  // the short way, not round the world
        let equator = sphere.inverse(from: try coordinate(0, 179.5), to: try coordinate(0, -179.5))
        #expect(abs(equator.distance - Self.arc(1)) < 1e-8)
        #expect(equator.initialBearing == 90)
        let m = sphere.midpoint(between: try coordinate(0, 179.5), and: try coordinate(0, -179.5))
        #expect(angularError(m.longitude, 180) < 1e-12 && abs(m.latitude) < 1e-12)
        let east = try sphere.destination(from: try coordinate(0, 179.5), bearing: 90, distance: Self.arc(1))
        #expect(abs(east.longitude - -179.5) < 1e-12)
    }

    @Test("coincident points: distance 0, midpoint the point itself, no path for cross-track")
    func coincident() throws {
        let p = try coordinate(48.8566, 2.3522)
        let r = sphere.inverse(from: p, to: p)
        #expect(r.distance == 0)
        #expect(r.initialBearing >= 0 && r.initialBearing < 360)
        let m = sphere.midpoint(between: p, and: p)
        #expect(abs(m.latitude - p.latitude) < 1e-12 && abs(m.longitude - p.longitude) < 1e-12)
        #expect(sphere.crossTrackDistance(of: try coordinate(0, 0), from: p, to: p) == nil)
        #expect(sphere.alongTrackDistance(of: try coordinate(0, 0), from: p, to: p) == nil)
    }

    @Test("antipodal points: distance πR, the midpoint a quarter circle from both, no defined path")
    func antipodal() throws {
        let cases = [((10.0, 20.0), (-10.0, -160.0)), ((0, 0), (0, 180)), ((45, 10), (-45, -170)), ((90, 0), (-90, 0))]
        for ((lat1, lon1), (lat2, lon2)) in cases {
            let a = try coordinate(lat1, lon1)
            let b = try coordinate(lat2, lon2)
            #expect(abs(sphere.distance(from: a, to: b) - Self.arc(180)) < 1e-6)
            let m = sphere.midpoint(between: a, and: b)
            #expect(abs(sphere.distance(from: a, to: m) - Self.arc(90)) < 1e-6, "midpoint of \(a) and \(b): \(m)")
            #expect(abs(sphere.distance(from: b, to: m) - Self.arc(90)) < 1e-6, "midpoint of \(a) and \(b): \(m)")
            #expect(sphere.crossTrackDistance(of: m, from: a, to: b) == nil)
        }
    }

    @Test("destination then inverse gives back the distance and the bearings")
    func roundTrip() throws {
        var trips = 0
        for lat in stride(from: -90.0, through: 90, by: 22.5) {
            for bearing in stride(from: 3.0, to: 360, by: 47) {
                for distance in [1e-3, 1, 1e3, 1e6, 1.5e7] {
                    let start = try coordinate(lat, 33.3)
                    let d = try sphere.direct(from: start, bearing: bearing, distance: distance)
                    let back = sphere.inverse(from: start, to: d.coordinate)
                    let tolerance = 1e-8 + Angle.degrees(1e-8 / distance)
                    #expect(abs(back.distance - distance) < 1e-6, "lat \(lat) bearing \(bearing) s \(distance)")
                    #expect(angularError(back.initialBearing, bearing) < tolerance, "lat \(lat) bearing \(bearing) s \(distance)")
                    #expect(
                        angularError(back.finalBearing, d.finalBearing) < tolerance, "lat \(lat) bearing \(bearing) s \(distance)"
                    )
                    trips += 1
                }
            }
        }
        #expect(trips == 9 * 8 * 5)
        // Negative distances go backwards.
        let back = try sphere.destination(from: try coordinate(0, 0), bearing: 90, distance: -Self.arc(10))
        #expect(abs(back.longitude - -10) < 1e-12)
    }

    @Test("cross-track and along-track from a path on the equator: closed form")
    func trackOnTheEquator() throws {
        let start = try coordinate(0, 0)
        let end = try coordinate(0, 90)
        // Heading east, the northern side is on the left (negative).
        let north = try coordinate(10, 45)
        let south = try coordinate(-10, 45)
        #expect(
            try #require(sphere.crossTrackDistance(of: north, from: start, to: end)).distance(to: -Self.arc(10)).magnitude < 1e-8)
        #expect(
            try #require(sphere.crossTrackDistance(of: south, from: start, to: end)).distance(to: Self.arc(10)).magnitude < 1e-8)
        #expect(
            try #require(sphere.alongTrackDistance(of: north, from: start, to: end)).distance(to: Self.arc(45)).magnitude < 1e-8)
        // Behind the start is negative; beyond the end keeps counting.
        let behind = try coordinate(0, -30)
        let beyond = try coordinate(5, 120)
        #expect(
            try #require(sphere.alongTrackDistance(of: behind, from: start, to: end)).distance(to: -Self.arc(30)).magnitude < 1e-8
        )
        #expect(try #require(sphere.crossTrackDistance(of: behind, from: start, to: end)).magnitude < 1e-8)
        #expect(
            try #require(sphere.alongTrackDistance(of: beyond, from: start, to: end)).distance(to: Self.arc(120)).magnitude < 1e-8
        )
        // The pole of the path is a quarter circle to the left.
        #expect(
            try #require(sphere.crossTrackDistance(of: try coordinate(90, 0), from: start, to: end)).distance(to: -Self.arc(90))
                .magnitude < 1e-8)
    }

    @Test("cross-track and along-track from a path up a meridian: R·asin(cos φ sin λ), R·atan2(sin φ, cos φ cos λ)")
    func trackOnAMeridian() throws {
        let start = try coordinate(0, 0)
        let end = try coordinate(45, 0)
        for (lat, lon) in [(10.0, 5.0), (-20, -7.5), (60, 30), (30, -150)] {
            let φ = Angle.radians(lat)
            let λ = Angle.radians(lon)
            let p = try coordinate(lat, lon)
            let cross = try #require(sphere.crossTrackDistance(of: p, from: start, to: end))
            let along = try #require(sphere.alongTrackDistance(of: p, from: start, to: end))
            #expect(abs(cross - Self.earthRadius * asin(cos(φ) * sin(λ))) < 1e-8, "point \(lat), \(lon)")  // east is right
            #expect(abs(along - Self.earthRadius * atan2(sin(φ), cos(φ) * cos(λ))) < 1e-8, "point \(lat), \(lon)")
        }
    }

    @Test("raw-degree inverse returns NaN for a latitude outside [-90, 90]")
    func rawOutOfRange() {
        let r = sphere.inverse(latitude1: 95, longitude1: 0, latitude2: 0, longitude2: 0)
        #expect(r.distance.isNaN && r.initialBearing.isNaN && r.finalBearing.isNaN)
        #expect(sphere.inverse(latitude1: .nan, longitude1: 0, latitude2: 0, longitude2: 0).distance.isNaN)
        let ok = sphere.inverse(latitude1: 0, longitude1: 0, latitude2: 0, longitude2: 90)
        #expect(abs(ok.distance - Self.arc(90)) < 1e-8)
    }

    @Test("a non-finite bearing or distance is a typed error, not a wrong answer")
    func badDirectInput() throws {
        let p = try coordinate(0, 0)
        #expect(throws: GeodesyError.nonFiniteAzimuth(.infinity)) { try sphere.direct(from: p, bearing: .infinity, distance: 1) }
        #expect(throws: GeodesyError.nonFiniteDistance(-.infinity)) {
            try sphere.destination(from: p, bearing: 0, distance: -.infinity)
        }
        #expect(throws: GeodesyError.self) { try sphere.direct(from: p, bearing: 0, distance: .nan) }
    }
}
