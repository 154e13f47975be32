import Glibc
import NMEA

/// What `lodestar replay` tells on standard error: each skipped line (up to a limit) as it
/// happens, then a summary of epochs, sentences by type and skipped lines by reason.
struct DecodeSummary {
    let maxReports: Int
    var reported = 0
    var withPosition = 0

    init(maxReports: Int) { self.maxReports = maxReports }

    mutating func count(_ epoch: NMEAEpoch) {
        if epoch.fix.hasPosition { withPosition += 1 }
    }

    /// Reports one skipped line, or only counts it once the limit is reached.
    mutating func report(_ line: NMEADecoder.RejectedLine) {
        reported += 1
        if reported <= maxReports {
            Diagnostics.error("skipped line \(line.line): \(line.error): \(line.text)")
        } else if reported == maxReports + 1 {
            Diagnostics.error("further skipped lines are counted, not listed (--max-reports \(maxReports))")
        }
    }

    /// The summary.
    func print(_ s: NMEAStatistics, input: String) {
        var text =
            "replay \(input): \(Plural.count(s.lines, "line")), \(Plural.count(s.epochs, "epoch")) (\(withPosition) with a position)\n"
        let types = s.sentencesByType.map { "\($0.type) \($0.count)" }.joined(separator: ", ")
        text += "  sentences: \(s.sentencesTotal)" + (types.isEmpty ? "" : " (\(types))") + "\n"
        let reasons = s.rejected.sorted { $0.key < $1.key }.map { "\($0.key.rawValue) \($0.value)" }
        text += "  skipped: \(s.rejectedTotal)" + (reasons.isEmpty ? "" : " (\(reasons.joined(separator: ", ")))") + "\n"
        if s.commentLines + s.blankLines > 0 {
            text += "  ignored: \(Plural.count(s.commentLines, "comment line")), \(Plural.count(s.blankLines, "blank line"))\n"
        }
        Diagnostics.text(text)
    }
}
