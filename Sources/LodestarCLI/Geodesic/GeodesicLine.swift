import ArgumentParser
import Geodesy

/// `geodesic direct -L` and `geodesic inverse -I`: one geodesic given as arguments, and the
/// points at the distances read from standard input, one per line (GeodSolve's line modes).
enum GeodesicLine {
    /// Parses the line's definition from `arguments` (with `input`'s fields), turns it into a start
    /// and an azimuth with `start`, and answers every distance on standard input.
    /// - Throws: `ExitStatus.usage` after reporting a missing or bad definition; what
    ///   ``GeodesicBatch/run(arguments:)`` throws for the distances.
    static func run(
        definedBy input: GeodesicInput, arguments: [String], options: GeodesicOptions,
        start: ([Double]) throws(GeodesicInputError) -> (Coordinate, Double)
    ) throws(ExitCode) {
        let words = try GeodesicBatch.words(arguments)
        guard !words.isEmpty else {
            Diagnostics.error("give the geodesic as arguments: \(input.names); the distances come from standard input")
            throw ExitStatus.usage
        }
        let origin: Coordinate
        let azimuth: Double
        do throws(GeodesicInputError) {
            (origin, azimuth) = try start(try input.numbers(in: words.joined(separator: " ")))
        } catch {
            Diagnostics.error(error.description)
            throw ExitStatus.usage
        }
        let sphere = options.sphere
        let full = options.full
        let batch = GeodesicBatch(input: GeodesicInput(["s12"]), format: options.format, outputCount: full ? 12 : 3) {
            (v: [Double]) throws(GeodesicInputError) -> [(GeodesicFormat.Quantity, Double)] in
            try point(from: origin, azimuth: azimuth, distance: v[0], sphere: sphere, full: full)
        }
        try batch.run(arguments: [])
    }

    /// The direct problem's answer: lat2 lon2 azi2, or the twelve numbers of `-f`.
    static func point(
        from start: Coordinate, azimuth: Double, distance: Double, sphere: Bool, full: Bool
    ) throws(GeodesicInputError) -> [(GeodesicFormat.Quantity, Double)] {
        do throws(GeodesyError) {
            if sphere {
                let d = try GreatCircle.earth.direct(from: start, bearing: azimuth, distance: distance)
                return [(.latitude, d.coordinate.latitude), (.longitude, d.coordinate.longitude), (.angle, d.finalBearing)]
            }
            if full { return GeodesicFormat.full(try Geodesic.wgs84.solution(from: start, azimuth: azimuth, distance: distance)) }
            let d = try Geodesic.wgs84.direct(from: start, azimuth: azimuth, distance: distance)
            return [(.latitude, d.coordinate.latitude), (.longitude, d.coordinate.longitude), (.angle, d.finalAzimuth)]
        } catch {
            throw GeodesicInputError(error)
        }
    }
}
