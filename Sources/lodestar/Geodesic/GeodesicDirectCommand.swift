import ArgumentParser
import Geodesy

/// `lodestar geodesic direct`: where a path of given start, azimuth and length ends.
struct GeodesicDirectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "direct",
        abstract: "End point and final azimuth of a path from a point (like GeodSolve).",
        discussion: """
            Input: lat1 lon1 azi1 s12: the start in decimal degrees, the azimuth at the start in \
            degrees clockwise from north, and the length in metres (negative goes backwards), \
            separated by spaces and/or commas: either as arguments (answered once) or one problem \
            per line on standard input.

            Output: lat2 lon2 azi2: the end point in degrees (longitude in [-180, 180)) and the \
            azimuth on arrival in degrees, in [-180, 180]; with --sphere, the final bearing of the \
            great circle, in [0, 360). Numbers are printed in their shortest round-trip decimal form.

            Bad input (a latitude outside [-90, 90], a word where a number goes, the wrong number \
            of fields) gets a one-line error on standard error naming the line. In batch mode that \
            line's output is "nan nan nan", so output lines stay aligned with input lines, the \
            other lines are still answered, and the exit status is 1 at the end.

            Examples:
              $ echo "40.64 -73.78 45 10e6" | lodestar geodesic direct
              32.621100463725796 49.05248709295982 140.40598587680074
              $ lodestar geodesic direct --sphere 51.4700 -0.4543 57.5 9647423.4
            """)

    @OptionGroup var options: GeodesicOptions

    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp(
            "The four numbers of one problem (negative numbers are fine). Omit them to read problems from standard input.",
            valueName: "lat1 lon1 azi1 s12"))
    var values: [String] = []

    func run() throws {
        let sphere = options.sphere
        let batch = GeodesicBatch(input: GeodesicInput(fieldNames: ["lat1", "lon1", "azi1", "s12"])) {
            (v: [Double]) throws(GeodesicInputError) -> (Double, Double, Double) in
            let start = try Coordinate.parsed(v[0], v[1])
            do throws(GeodesyError) {
                if sphere {
                    let d = try GreatCircle.earth.direct(from: start, bearing: v[2], distance: v[3])
                    return (d.coordinate.latitude, d.coordinate.longitude, d.finalBearing)
                }
                let d = try Geodesic.wgs84.direct(from: start, azimuth: v[2], distance: v[3])
                return (d.coordinate.latitude, d.coordinate.longitude, d.finalAzimuth)
            } catch {
                throw GeodesicInputError(error)
            }
        }
        try batch.run(arguments: values)
    }
}
