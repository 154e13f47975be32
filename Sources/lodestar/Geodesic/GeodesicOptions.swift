import ArgumentParser
import Geodesy

/// Options shared by `lodestar geodesic inverse` and `direct`.
struct GeodesicOptions: ParsableArguments {
    @Flag(help: "Solve on a sphere of radius 6371008.8 m (great circles) instead of the WGS84 ellipsoid.")
    var sphere = false
}
