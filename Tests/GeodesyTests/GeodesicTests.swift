import Foundation
import Geodesy
import Testing

/// Explicit WGS84 cases. Unless a comment says "closed form", the expected values were produced by
/// GeographicLib's Python package 2.1 (`pip install geographiclib`, C. F. F. Karney), e.g.
/// `Geodesic.WGS84.Inverse(0, 0, 90, 0)`, and printed with `repr`.
@Suite("Geodesic")
struct GeodesicTests {
    let wgs84 = Geodesic.wgs84

    func expectInverse(
        _ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double,
        s12: Double, azi1: Double, azi2: Double, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let r = wgs84.inverse(from: try coordinate(lat1, lon1), to: try coordinate(lat2, lon2))
        #expect(abs(r.distance - s12) < 1e-6, "s12 \(r.distance) vs \(s12)", sourceLocation: sourceLocation)
        #expect(
            angularError(r.initialAzimuth, azi1) < 1e-9, "azi1 \(r.initialAzimuth) vs \(azi1)", sourceLocation: sourceLocation)
        #expect(angularError(r.finalAzimuth, azi2) < 1e-9, "azi2 \(r.finalAzimuth) vs \(azi2)", sourceLocation: sourceLocation)
    }

    @Test("WGS84 parameters")
    func parameters() {
        #expect(wgs84.equatorialRadius == 6_378_137)
        #expect(wgs84.flattening == 1 / 298.257223563)
    }

    @Test("London Heathrow to Hong Kong")
    func heathrowToHongKong() throws {
        try expectInverse(
            51.47, -0.4543, 22.308, 113.9185, s12: 9647423.4131637, azi1: 57.50167120926607, azi2: 145.33528004156443)
    }

    @Test("the quarter meridian, and a quarter of the equator (closed form a·π/2)")
    func quarters() throws {
        try expectInverse(0, 0, 90, 0, s12: 10001965.729312724, azi1: 0, azi2: 0)
        try expectInverse(0, 0, 0, 90, s12: 6_378_137 * Double.pi / 2, azi1: 90, azi2: 90)
    }

    @Test("poles: pole to pole, and the azimuth at a pole is the limit along its meridian")
    func poles() throws {
        let r = wgs84.inverse(from: try coordinate(90, 0), to: try coordinate(-90, 0))
        #expect(abs(r.distance - 20003931.458625447) < 1e-6)
        try expectInverse(-90, 0, 10, 20, s12: 11107820.562547095, azi1: 20, azi2: 0)
    }

    @Test("across the antimeridian")
    func antimeridian() throws {
        try expectInverse(0, 179.5, 0, -179.5, s12: 111319.49079327357, azi1: 90, azi2: 90)
        // 180 and -180 are one meridian.
        let same = wgs84.inverse(from: try coordinate(30, 180), to: try coordinate(30, -180))
        #expect(same.distance == 0)
    }

    @Test("coincident points: distance exactly 0")
    func coincident() throws {
        let p = try coordinate(12.5, 45)
        #expect(wgs84.inverse(from: p, to: p).distance == 0)
    }

    @Test("antipodal points: half a meridian, over a pole")
    func antipodal() throws {
        let onEquator = wgs84.inverse(from: try coordinate(0, 0), to: try coordinate(0, 180))
        #expect(abs(onEquator.distance - 20003931.458625447) < 1e-6)
        // Two shortest paths (over either pole): the azimuths are 0° and 180° in one order or the other.
        let ends = [onEquator.initialAzimuth, onEquator.finalAzimuth].map { abs($0) }.sorted()
        #expect(ends == [0, 180])
        try expectInverse(0, 0, 0.5, 179.5, s12: 19936288.578965314, azi1: 25.67187286829188, azi2: 154.3270854699416)
    }

    @Test("bearings are the azimuths in [0, 360)")
    func bearings() throws {
        let r = wgs84.inverse(from: try coordinate(10, 10), to: try coordinate(-10, -10))
        #expect(r.initialAzimuth < 0)
        #expect(r.initialBearing == r.initialAzimuth + 360)
        #expect(r.finalBearing == r.finalAzimuth + 360)
        #expect(GeodesicInverse(distance: 1, initialAzimuth: -0.0, finalAzimuth: 180).initialBearing.sign == .plus)
    }

    @Test("direct: the example of PROJ's geodesic.h, JFK 10,000 km at azimuth 45°")
    func direct() throws {
        let d = try wgs84.direct(from: try coordinate(40.64, -73.78), azimuth: 45, distance: 10e6)
        #expect(abs(d.coordinate.latitude - 32.6211004637258) < 1e-12)
        #expect(abs(d.coordinate.longitude - 49.052487092959836) < 1e-12)
        #expect(abs(d.finalAzimuth - 140.40598587680074) < 1e-12)
        #expect(d.finalBearing == d.finalAzimuth)
    }

    @Test("direct then inverse gives back the distance and the azimuths")
    func roundTrip() throws {
        var trips = 0
        for lat in stride(from: -90.0, through: 90, by: 22.5) {
            for azimuth in stride(from: -177.0, to: 180, by: 47) {
                for distance in [1e-3, 1, 1e3, 1e6, 1.5e7] {
                    let start = try coordinate(lat, -71.1)
                    let d = try wgs84.direct(from: start, azimuth: azimuth, distance: distance)
                    let back = wgs84.inverse(from: start, to: d.coordinate)
                    let tolerance = 1e-8 + Angle.degrees(1e-8 / distance)
                    #expect(abs(back.distance - distance) < 1e-6, "lat \(lat) azimuth \(azimuth) s \(distance)")
                    #expect(angularError(back.initialAzimuth, azimuth) < tolerance, "lat \(lat) azimuth \(azimuth) s \(distance)")
                    #expect(
                        angularError(back.finalAzimuth, d.finalAzimuth) < tolerance, "lat \(lat) azimuth \(azimuth) s \(distance)"
                    )
                    trips += 1
                }
            }
        }
        #expect(trips == 9 * 8 * 5)
    }

    @Test("with flattening 0 the geodesic is the great circle")
    func sphere() throws {
        let radius = 6_371_008.8
        let round = try Geodesic(equatorialRadius: radius, flattening: 0)
        let sphere = try GreatCircle(radius: radius)
        for (a, b) in [((51.47, -0.4543), (22.308, 113.9185)), ((-33.9, 18.4), (40.7, -74.0)), ((1e-7, 0), (0, 1e-7))] {
            let p = try coordinate(a.0, a.1)
            let q = try coordinate(b.0, b.1)
            let e = round.inverse(from: p, to: q)
            let s = sphere.inverse(from: p, to: q)
            #expect(abs(e.distance - s.distance) < 1e-6)
            #expect(angularError(e.initialBearing, s.initialBearing) < 1e-8 + Angle.degrees(1e-8 / s.distance))
            #expect(angularError(e.finalBearing, s.finalBearing) < 1e-8 + Angle.degrees(1e-8 / s.distance))
        }
    }

    @Test("bad input: out-of-range latitude, non-finite azimuth or distance, invalid ellipsoid")
    func badInput() throws {
        #expect(throws: CoordinateError.latitudeOutOfRange(95)) { try Coordinate(latitude: 95, longitude: 0) }
        #expect(CoordinateError.latitudeOutOfRange(95).description == "latitude 95.0 is outside [-90, 90]")
        let raw = wgs84.inverse(latitude1: 95, longitude1: 0, latitude2: 0, longitude2: 0)
        #expect(raw.distance.isNaN && raw.initialAzimuth.isNaN && raw.finalAzimuth.isNaN)
        let p = try coordinate(0, 0)
        #expect(throws: GeodesyError.nonFiniteAzimuth(.infinity)) { try wgs84.direct(from: p, azimuth: .infinity, distance: 1) }
        #expect(throws: GeodesyError.nonFiniteDistance(.infinity)) {
            try wgs84.destination(from: p, azimuth: 0, distance: .infinity)
        }
        #expect(GeodesyError.nonFiniteDistance(.infinity).description == "distance inf is not a finite number")
        #expect(throws: GeodesyError.invalidRadius(0)) { try Geodesic(equatorialRadius: 0, flattening: 0) }
        #expect(throws: GeodesyError.invalidFlattening(1)) { try Geodesic(equatorialRadius: 1, flattening: 1) }
        #expect(throws: GeodesyError.self) { try Geodesic(equatorialRadius: 1, flattening: .nan) }
    }
}
