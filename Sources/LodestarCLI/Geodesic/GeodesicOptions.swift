import ArgumentParser
import Geodesy

/// Options shared by `lodestar geodesic inverse` and `direct`, after GeodSolve's.
struct GeodesicOptions: ParsableArguments {
    @Flag(help: "Solve on a sphere of radius 6371008.8 m (great circles) instead of the WGS84 ellipsoid.")
    var sphere = false

    @Option(
        name: [.customLong("precision"), .customShort("p")], parsing: .unconditional,
        help: ArgumentHelp(
            "Fixed decimals, as GeodSolve -p: N for metres, N+5 for degrees, N+7 for geodesic scales, N-7 for areas in m² (0 to 10). Default: the shortest form that reads back exactly.",
            valueName: "N"))
    var precision: Int?

    @Flag(
        name: [.customLong("longitude-first"), .customShort("w")],
        help: "Longitude before latitude, in input and output (GeodSolve -w).")
    var longitudeFirst = false

    @Flag(
        name: [.customLong("full"), .customShort("f")],
        help: "Full output, as GeodSolve -f: lat1 lon1 azi1 lat2 lon2 azi2 s12 a12 m12 M12 M21 S12 (ellipsoid only).")
    var full = false

    /// -p: GeodSolve's range.
    static let precisionRange = OptionRange("--precision", 0...10)

    func validate() throws {
        try Self.precisionRange.check(precision)
        if full && sphere { throw ValidationError("--full is for the ellipsoid; drop --sphere") }
    }

    /// How answers are written.
    var format: GeodesicFormat { GeodesicFormat(precision: precision, longitudeFirst: longitudeFirst) }
}
