// Distance and bearing from London Heathrow to Hong Kong, on the WGS84 ellipsoid and on a sphere,
// and the point 5,000 km along the way. `swift run GeodesicDistance`.
import Geodesy

// snippet.points
// A Coordinate is checked when it is made: latitude in [-90, 90], a finite longitude.
let heathrow = try Coordinate(latitude: 51.4700, longitude: -0.4543)
let hongKong = try Coordinate(latitude: 22.3080, longitude: 113.9185)
// snippet.end

// snippet.inverse
// The shortest path on the WGS84 ellipsoid (Karney's algorithm, through GeographicLib):
// metres, and azimuths in degrees clockwise from true north.
let line = Geodesic.wgs84.inverse(from: heathrow, to: hongKong)
print("ellipsoid: \(line.distance) m, initial azimuth \(line.initialAzimuth)°, final azimuth \(line.finalAzimuth)°")
// snippet.end

// snippet.direct
// Where a traveller is after 5,000 km on that initial azimuth.
let waypoint = try Geodesic.wgs84.direct(from: heathrow, azimuth: line.initialAzimuth, distance: 5_000_000)
print("after 5000 km: \(waypoint.coordinate), azimuth there \(waypoint.finalAzimuth)°")
// snippet.end

// snippet.sphere
// The same on a sphere of radius 6,371,008.8 m: faster, and about 0.5% off for a long line.
let arc = GreatCircle.earth.inverse(from: heathrow, to: hongKong)
print("sphere: \(arc.distance) m, initial bearing \(arc.initialBearing)°")
// snippet.end
