import GeoMagnetism

/// Batch mode of `lodestar declination`: `decimal_year height_km lat lon` lines in,
/// `D I H X Y Z F` lines out, one output line per input line.
///
/// A bad line prints `nan nan nan nan nan nan nan` and reports its line number and problem on
/// standard error; the other lines are still computed. Blank lines and `#` comments are copied
/// through unchanged, so output lines stay aligned with input lines.
struct DeclinationBatch {
    var model: WorldMagneticModel
    var allowExtrapolation: Bool

    /// Processes every line from `readLine` and returns the number of bad lines.
    func run(
        readLine: () -> String?, write: (String) -> Void, report: (String) -> Void
    ) -> Int {
        var bad = 0
        var lineNumber = 0
        while let line = readLine() {
            lineNumber += 1
            let trimmed = line.drop(while: { $0.isWhitespace })
            if trimmed.isEmpty || trimmed.hasPrefix("#") {
                write(line)
                continue
            }
            do throws(DeclinationError) {
                let input = try DeclinationInput.batchLine(line)
                let field: MagneticField
                do {
                    field = try model.field(
                        at: input.at, heightAboveEllipsoid: input.metres, decimalYear: input.year,
                        allowExtrapolation: allowExtrapolation)
                } catch {
                    throw .model(error)
                }
                if let warning = field.warning { report("line \(lineNumber): warning: \(warning)") }
                write(DeclinationFormat.batchLine(field))
            } catch {
                bad += 1
                write(DeclinationFormat.badBatchLine)
                report("line \(lineNumber): \(error)")
            }
        }
        return bad
    }
}
