import ArgumentParser

/// `lodestar geodesic`: distances, azimuths and destinations on the WGS84 ellipsoid or a sphere.
struct GeodesicCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "geodesic",
        abstract: "Distances, azimuths and destinations on the WGS84 ellipsoid, or on a sphere.",
        discussion: """
            The ellipsoid uses C. F. F. Karney's algorithms (J. Geodesy 87, 2013) through GeographicLib, \
            accurate to about 15 nm; --sphere uses great circles on a sphere of radius 6371008.8 m. \
            Input and output follow GeographicLib's GeodSolve: angles in decimal degrees or DMS \
            (40d38'23"N, 40:38:23N, with hemisphere letters a pair may come in either order), \
            -p N for fixed decimals, -w for longitude first, -f for the full output, and \
            'direct -L' / 'inverse -I' for points along one geodesic.

            Example:
              $ echo "51.4700 -0.4543 22.3080 113.9185" | lodestar geodesic inverse
              57.50167120926607 145.33528004156443 9647423.4131637
              $ lodestar geodesic inverse -p 3 "51d28'12\\"N" "0d27'15\\"W" 22.3080 113.9185
              57.50177284 145.33523527 9647415.599

            See also: GeodSolve(1).
            """,
        subcommands: [Inverse.self, Direct.self])
}
