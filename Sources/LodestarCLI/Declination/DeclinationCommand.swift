import ArgumentParser
import Foundation
import GeoMagnetism
import Geodesy
import LodestarInternals

/// `lodestar declination`: the magnetic declination (and the rest of the field) from the World
/// Magnetic Model 2025, for one point or for lines read from standard input.
struct DeclinationCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "declination",
        abstract: "Magnetic declination from the World Magnetic Model 2025.",
        discussion: """
            Prints the declination (east positive) with NOAA's one-sigma uncertainty and the compass \
            zone (blackout where H < 2000 nT, caution where H < 6000 nT), then the inclination and \
            intensities. The model is valid from 2025.0 until 2030.0 and from -1 km to 850 km above \
            the WGS84 ellipsoid.

            With --batch, reads lines 'decimal_year height_km lat lon' from standard input and \
            writes 'D I H X Y Z F' (degrees, nT) for each, one output line per input line. A bad \
            line gives 'nan nan nan nan nan nan nan' and a message naming its line on standard \
            error, and the exit status is non-zero. Blank lines and '#' comments are copied through. \
            A line longer than 4096 bytes is reported with its number and ends the reading \
            (status 1).

            Examples:
              lodestar declination 51.47 -0.4543 --year 2026.5
              lodestar declination -33.9 151.2 --date 2027-03-01 --height-km 0.1
              echo '2026.0 0 -33.9 151.2' | lodestar declination --batch
            """)

    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp(
            "Geodetic latitude and longitude in degrees (south and west negative).",
            valueName: "lat lon"))
    var position: [String] = []

    @Option(
        name: .customLong("height-km"), parsing: .unconditional,
        help: "Height above the WGS84 ellipsoid, km (-1 to 850; default 0).")
    var heightKilometres: String?

    @Option(help: "Date, YYYY-MM-DD (00:00 UTC). Default: now.")
    var date: String?

    @Option(parsing: .unconditional, help: "Date as a decimal year, such as 2026.5 (1900 to 2100).")
    var year: String?

    @Flag(help: "Read 'decimal_year height_km lat lon' lines from standard input.")
    var batch = false

    @Flag(help: "Compute outside 2025.0–2030.0 by extrapolation, with a warning, instead of failing.")
    var allowExtrapolation = false

    func run() throws {
        let badLines: Int
        // Once the model is loaded and until standard input is read, every error is about the
        // arguments: a usage error (64). A model that cannot load, or input that cannot be read: 1.
        var usage = false
        do throws(DeclinationError) {
            let model: WorldMagneticModel
            do {
                model = try WorldMagneticModel.wmm2025
            } catch {
                throw .model(error)
            }
            usage = true
            if batch {
                badLines = try runBatch(model, usage: &usage)
            } else {
                try runSingle(model)
                badLines = 0
            }
        } catch {
            Self.report(error.description)
            throw usage ? ExitStatus.usage : ExitStatus.failure
        }
        // Each bad line has been reported on its own line already.
        if badLines > 0 { throw ExitStatus.failure }
    }

    private func runSingle(_ model: WorldMagneticModel) throws(DeclinationError) {
        // `--` ends the options; what follows it is already collected here.
        let position = position.filter { $0 != "--" }
        if let stray = position.first(where: { $0.hasPrefix("--") || Double($0) == nil && $0.hasPrefix("-") }) {
            throw .unexpectedArgument(stray)
        }
        guard position.count == 2 else {
            throw .wrongCount(what: "arguments (lat lon)", expected: 2, got: position.count)
        }
        let point = try DeclinationInput.coordinate(latitude: position[0], longitude: position[1])
        let metres =
            try heightKilometres.map { text throws(DeclinationError) in
                try DeclinationInput.heightMetres(kilometres: text)
            } ?? 0
        let decimalYear: Double
        switch (date, year) {
        case (.some, .some):
            throw .conflictingOptions("give --date or --year, not both")
        case (.some(let text), nil):
            decimalYear = try DeclinationInput.decimalYear(date: text)
        case (nil, .some(let text)):
            decimalYear = try DeclinationInput.year(text, "--year")
        case (nil, nil):
            decimalYear = DecimalYear.from(Date())
        }
        let field: MagneticField
        do {
            field = try model.field(
                at: point, heightAboveEllipsoid: metres, decimalYear: decimalYear,
                allowExtrapolation: allowExtrapolation)
        } catch {
            throw .model(error)
        }
        if let warning = field.warning { Self.report("warning: \(warning)") }
        StandardOutput.line(DeclinationFormat.summary(field))
    }

    /// Runs batch mode and returns the number of bad lines.
    private func runBatch(_ model: WorldMagneticModel, usage: inout Bool) throws(DeclinationError) -> Int {
        if let first = position.first(where: { $0 != "--" }) { throw .unexpectedArgument(first) }
        if date != nil || year != nil || heightKilometres != nil {
            throw .conflictingOptions(
                "--batch reads the date and height from each line; drop --date, --year and --height-km")
        }
        let batch = DeclinationBatch(model: model, allowExtrapolation: allowExtrapolation)
        usage = false
        let input: InputFile
        do {
            input = try InputFile(path: "-")
        } catch {
            throw .unreadable(error.description)
        }
        var output = BlockOutput(fd: 1, threshold: 64 * 1024)
        var bad = 0
        let stop = InputLines(input: input).forEach(
            { line, number in
                let good = batch.line(
                    line, number: number, write: { output.appendLine($0) },
                    report: { message in
                        // What came before this line goes out before its message.
                        output.flush()
                        Self.report(message)
                    })
                if !good { bad += 1 }
                output.flushIfFull()
                return !output.failed
            }, chunkDone: { output.flush() })
        if let stop { throw .unreadable(stop.description) }
        return bad
    }

    /// Writes one line to standard error, prefixed with the command name.
    static func report(_ message: String) {
        Diagnostics.error(message)
    }
}
