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

    /// Processes one line, numbered from 1: writes its output line, reports its problem.
    /// - Returns: whether the line was good (blank lines and comments are).
    func line(
        _ line: String, number lineNumber: Int, write: (String) -> Void, report: (String) -> Void
    ) -> Bool {
        let trimmed = line.drop(while: { $0.isWhitespace })
        if trimmed.isEmpty || trimmed.hasPrefix("#") {
            write(line)
            return true
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
            return true
        } catch {
            write(DeclinationFormat.badBatchLine)
            report("line \(lineNumber): \(error)")
            return false
        }
    }
}
