import ArgumentParser
import Geodesy

/// `lodestar geodesic inverse`: distance and azimuths between two points.
struct GeodesicInverseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inverse",
        abstract: "Distance and azimuths between two points (like GeodSolve -i).",
        discussion: """
            Input: lat1 lon1 lat2 lon2, in decimal degrees, separated by spaces and/or commas: either \
            as arguments (answered once) or one problem per line on standard input.

            Output: azi1 azi2 s12. azi1 and azi2 are the azimuths at the two ends in degrees \
            clockwise from north, in [-180, 180], as Karney's algorithm gives them; azi2 is the \
            direction of travel on arrival, not the bearing back. s12 is the distance in metres. \
            Numbers are printed in their shortest round-trip decimal form. With --sphere, azi1 and \
            azi2 are the initial and final bearings of the great circle, in [0, 360).

            Bad input (a latitude outside [-90, 90], a word where a number goes, the wrong number \
            of fields) gets a one-line error on standard error naming the line. In batch mode that \
            line's output is "nan nan nan", so output lines stay aligned with input lines, the \
            other lines are still answered, and the exit status is 1 at the end.

            Examples:
              $ echo "51.4700 -0.4543 22.3080 113.9185" | lodestar geodesic inverse
              57.50167120926607 145.33528004156443 9647423.4131637
              $ lodestar geodesic inverse --sphere 51.4700 -0.4543 22.3080 113.9185
              $ lodestar geodesic inverse < pairs.txt > answers.txt
            """)

    @OptionGroup var options: GeodesicOptions

    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp(
            "The four numbers of one problem (negative numbers are fine). Omit them to read problems from standard input.",
            valueName: "lat1 lon1 lat2 lon2"))
    var values: [String] = []

    func run() throws {
        let sphere = options.sphere
        let batch = GeodesicBatch(input: GeodesicInput(fieldNames: ["lat1", "lon1", "lat2", "lon2"])) {
            (v: [Double]) throws(GeodesicInputError) -> (Double, Double, Double) in
            let start = try Coordinate.parsed(v[0], v[1]), end = try Coordinate.parsed(v[2], v[3])
            if sphere {
                let r = GreatCircle.earth.inverse(from: start, to: end)
                return (r.initialBearing, r.finalBearing, r.distance)
            }
            let r = Geodesic.wgs84.inverse(from: start, to: end)
            return (r.initialAzimuth, r.finalAzimuth, r.distance)
        }
        try batch.run(arguments: values)
    }
}
