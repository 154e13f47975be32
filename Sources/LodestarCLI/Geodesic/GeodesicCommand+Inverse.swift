import ArgumentParser
import Geodesy

extension GeodesicCommand {
    /// `lodestar geodesic inverse`: distance and azimuths between two points; with `-I`, points
    /// along the geodesic between them.
    struct Inverse: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "inverse",
            abstract: "Distance and azimuths between two points (like GeodSolve -i); -I: points along the geodesic.",
            discussion: """
                Input: lat1 lon1 lat2 lon2, in decimal degrees or DMS, separated by spaces and/or \
                commas: either as arguments (answered once) or one problem per line on standard input.

                Output: azi1 azi2 s12. azi1 and azi2 are the azimuths at the two ends in degrees \
                clockwise from north, in [-180, 180], as Karney's algorithm gives them; azi2 is the \
                direction of travel on arrival, not the bearing back. s12 is the distance in metres. \
                Numbers are printed in their shortest round-trip decimal form, or with -p N decimals \
                as GeodSolve prints them. With --sphere, azi1 and azi2 are the initial and final \
                bearings of the great circle, in [0, 360). With -f: lat1 lon1 azi1 lat2 lon2 azi2 \
                s12 a12 m12 M12 M21 S12 (arc length in degrees, reduced length in metres, geodesic \
                scales, area under the geodesic in m²).

                With -I, the arguments are lat1 lon1 lat2 lon2 of one geodesic, and each line of \
                standard input is a distance s12 from point 1 along it, in metres (negative goes \
                backwards; beyond point 2 continues): the output is lat2 lon2 azi2 of that point \
                (GeodSolve -I).

                Bad input (a latitude outside [-90, 90], a longitude outside [-180, 180], a word \
                where a number goes, the wrong number of fields) gets a one-line error on standard \
                error naming the line. As arguments, it is a usage error (status 64). In batch mode \
                that line's output is "nan nan nan" (twelve nans with -f), so output lines stay aligned with \
                input lines, the other lines are still answered, and the exit status is 1 at the end.

                Examples:
                  $ echo "51.4700 -0.4543 22.3080 113.9185" | lodestar geodesic inverse
                  57.50167120926607 145.33528004156443 9647423.4131637
                  $ lodestar geodesic inverse --sphere 51.4700 -0.4543 22.3080 113.9185
                  $ lodestar geodesic inverse < pairs.txt > answers.txt
                  $ seq 0 1000000 9000000 | lodestar geodesic inverse -p 0 -I 51.47 -0.4543 22.308 113.9185
                """)

        @OptionGroup var options: GeodesicOptions

        @Flag(
            name: .customShort("I"),
            help: "Points along the geodesic from lat1 lon1 to lat2 lon2, at the distances read from standard input.")
        var line = false

        @Argument(
            parsing: .allUnrecognized,
            help: ArgumentHelp(
                "The four numbers of one problem (negative numbers are fine). Omit them to read problems from standard input.",
                valueName: "lat1 lon1 lat2 lon2"))
        var values: [String] = []

        func run() throws {
            let sphere = options.sphere
            let full = options.full
            let input = GeodesicInput(["lat1", "lon1", "lat2", "lon2"], longitudeFirst: options.longitudeFirst)
            if line {
                try GeodesicLine.run(definedBy: input, arguments: values, options: options) { v throws(GeodesicInputError) in
                    let start = try Coordinate.parsed(v[0], v[1])
                    let end = try Coordinate.parsed(v[2], v[3])
                    return (
                        start,
                        sphere
                            ? GreatCircle.earth.inverse(from: start, to: end).initialBearing
                            : Geodesic.wgs84.inverse(from: start, to: end).initialAzimuth
                    )
                }
                return
            }
            let batch = GeodesicBatch(input: input, format: options.format, outputCount: full ? 12 : 3) {
                (v: [Double]) throws(GeodesicInputError) -> [(GeodesicFormat.Quantity, Double)] in
                let start = try Coordinate.parsed(v[0], v[1])
                let end = try Coordinate.parsed(v[2], v[3])
                if sphere {
                    let r = GreatCircle.earth.inverse(from: start, to: end)
                    return [(.angle, r.initialBearing), (.angle, r.finalBearing), (.length, r.distance)]
                }
                if full { return GeodesicFormat.full(Geodesic.wgs84.solution(from: start, to: end)) }
                let r = Geodesic.wgs84.inverse(from: start, to: end)
                return [(.angle, r.initialAzimuth), (.angle, r.finalAzimuth), (.length, r.distance)]
            }
            try batch.run(arguments: values)
        }
    }
}
