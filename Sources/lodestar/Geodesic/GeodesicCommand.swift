import ArgumentParser

/// `lodestar geodesic`: distances, azimuths and destinations on the WGS84 ellipsoid or a sphere.
struct GeodesicCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "geodesic",
        abstract: "Distances, azimuths and destinations on the WGS84 ellipsoid, or on a sphere.",
        discussion: """
            The ellipsoid uses C. F. F. Karney's algorithms (J. Geodesy 87, 2013) through PROJ, \
            accurate to about 15 nm; --sphere uses great circles on a sphere of radius 6371008.8 m. \
            Input and output follow GeographicLib's GeodSolve.

            Example:
              $ echo "51.4700 -0.4543 22.3080 113.9185" | lodestar geodesic inverse
              57.50167120926607 145.33528004156443 9647423.4131637
            """,
        subcommands: [GeodesicInverseCommand.self, GeodesicDirectCommand.self])
}
