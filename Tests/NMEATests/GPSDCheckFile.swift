import Foundation

/// A gpsd regression log (`.log`) and its expected output (`.log.chk`), aligned line by line.
///
/// The `.chk` echoes every sentence gpsd accepted, interleaved with the JSON reports it produced.
/// Each echoed sentence is matched to its line in the `.log` (in order; a sentence that gpsd
/// recovered from the end of a corrupted line matches that line's tail), and each `TPV` report is
/// attributed to the log line of the sentence that triggered it.
struct GPSDCheckFile {
    struct Report {
        /// Line (1-based) in the `.log` of the sentence after which gpsd emitted the report; 0 when
        /// it came before any sentence.
        var line: Int
        var tpv: [String: JSON]
    }

    let name: String
    let logBytes: [UInt8]
    let reports: [Report]

    init(name: String) throws {
        self.name = name
        let logURL = SharedData.gpsdTraces.appendingPathComponent(name)
        let log = try Data(contentsOf: logURL)
        logBytes = [UInt8](log)
        let logLines = GPSDCheckFile.lines(log)
        let chkLines = GPSDCheckFile.lines(try Data(contentsOf: logURL.appendingPathExtension("chk")))
        let decoder = JSONDecoder()
        var reports: [Report] = []
        var cursor = 0  // index into logLines of the next candidate
        var lastLine = 0
        for text in chkLines {
            if text.hasPrefix("{") {
                guard let json = try? decoder.decode(JSON.self, from: Data(text.utf8)),
                    json["class"]?.string == "TPV", let object = json.object
                else { continue }
                reports.append(Report(line: lastLine, tpv: object))
            } else if !text.isEmpty {
                var i = cursor
                while i < logLines.count && !(logLines[i] == text || logLines[i].hasSuffix(text)) { i += 1 }
                if i < logLines.count {
                    lastLine = i + 1
                    cursor = i + 1
                }
            }
        }
        self.reports = reports
    }

    /// The lines of a file split at LF (bytes, so that CR LF is not one character), trimmed.
    static func lines(_ data: Data) -> [String] {
        data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }
}
