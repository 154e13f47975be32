import ArgumentParser
import Geodesy

extension GeodesicCommand {
    /// `lodestar geodesic direct`: where a path of given start, azimuth and length ends; with
    /// `-L`, points along one geodesic.
    struct Direct: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "direct",
            abstract: "End point and final azimuth of a path from a point (like GeodSolve); -L: points along it.",
            discussion: """
                Input: lat1 lon1 azi1 s12: the start in decimal degrees or DMS, the azimuth at the \
                start in degrees clockwise from north, and the length in metres (negative goes \
                backwards), separated by spaces and/or commas: either as arguments (answered once) \
                or one problem per line on standard input.

                Output: lat2 lon2 azi2: the end point in degrees (longitude in [-180, 180)) and the \
                azimuth on arrival in degrees, in [-180, 180]; with --sphere, the final bearing of the \
                great circle, in [0, 360). Numbers are printed in their shortest round-trip decimal \
                form, or with -p N decimals as GeodSolve prints them. With -f: lat1 lon1 azi1 lat2 \
                lon2 azi2 s12 a12 m12 M12 M21 S12.

                With -L, the arguments are lat1 lon1 azi1 of one geodesic, and each line of standard \
                input is a distance s12 along it, in metres: the output is lat2 lon2 azi2 of that \
                point (GeodSolve -L).

                Bad input (a latitude outside [-90, 90], a longitude outside [-180, 180], a word \
                where a number goes, the wrong number of fields) gets a one-line error on standard \
                error naming the line. As arguments, it is a usage error (status 64). In batch mode \
                that line's output is "nan nan nan" (twelve nans with -f), so output lines stay aligned with \
                input lines, the other lines are still answered, and the exit status is 1 at the end.

                Examples:
                  $ echo "40.64 -73.78 45 10e6" | lodestar geodesic direct
                  32.621100463725796 49.05248709295982 140.40598587680074
                  $ lodestar geodesic direct --sphere 51.4700 -0.4543 57.5 9647423.4
                  $ printf '0\\n1000\\n2000\\n' | lodestar geodesic direct -p 3 -L 40:38:23N 73:46:44W 45
                """)

        @OptionGroup var options: GeodesicOptions

        @Flag(
            name: .customShort("L"),
            help: "Points along the geodesic from lat1 lon1 with azimuth azi1, at the distances read from standard input.")
        var line = false

        @Argument(
            parsing: .allUnrecognized,
            help: ArgumentHelp(
                "The four numbers of one problem (negative numbers are fine). Omit them to read problems from standard input.",
                valueName: "lat1 lon1 azi1 s12"))
        var values: [String] = []

        func run() throws {
            let sphere = options.sphere
            let full = options.full
            if line {
                let input = GeodesicInput(["lat1", "lon1", "azi1"], longitudeFirst: options.longitudeFirst)
                try GeodesicLine.run(definedBy: input, arguments: values, options: options) { v throws(GeodesicInputError) in
                    (try Coordinate.parsed(v[0], v[1]), v[2])
                }
                return
            }
            let input = GeodesicInput(["lat1", "lon1", "azi1", "s12"], longitudeFirst: options.longitudeFirst)
            let batch = GeodesicBatch(input: input, format: options.format, outputCount: full ? 12 : 3) {
                (v: [Double]) throws(GeodesicInputError) -> [(GeodesicFormat.Quantity, Double)] in
                try GeodesicLine.point(
                    from: try Coordinate.parsed(v[0], v[1]), azimuth: v[2], distance: v[3], sphere: sphere, full: full)
            }
            try batch.run(arguments: values)
        }
    }
}
