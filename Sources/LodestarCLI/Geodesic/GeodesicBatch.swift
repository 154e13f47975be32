import ArgumentParser
import LodestarInternals

/// Answers `lodestar geodesic` problems: once for values given as arguments, or line by line from
/// standard input. A bad problem gets a one-line error on standard error and, in batch mode,
/// `nan` for each output number on standard output so that output lines stay aligned with input
/// lines; the exit status is 1 once everything has been answered (64 for a bad problem given as
/// arguments). Lines are at most 4096 bytes: a longer one is reported with its number and ends the
/// reading (status 1). Answers are written as each chunk of input is read; when standard output
/// fails, reading stops.
struct GeodesicBatch {
    /// Parses one problem.
    let input: GeodesicInput
    /// Writes one answer.
    let format: GeodesicFormat
    /// How many numbers an answer has (for the `nan` line of a bad problem).
    let outputCount: Int
    /// Solves one problem: the parsed numbers in, the numbers to print out.
    let solve: ([Double]) throws(GeodesicInputError) -> [(GeodesicFormat.Quantity, Double)]

    /// The words of a problem given as arguments: `--` (which ends options) dropped.
    /// - Throws: `ExitStatus.usage` after reporting a word before `--` that starts with '-' and
    ///   is not a number: an option nobody knows.
    static func words(_ arguments: [String]) throws(ExitCode) -> [String] {
        var words = arguments
        let end = words.firstIndex(of: "--")
        if let unknown = words[..<(end ?? words.endIndex)].first(where: { $0.hasPrefix("-") && Double($0) == nil }) {
            Diagnostics.error("unknown option '\(unknown)'")
            throw ExitStatus.usage
        }
        if let end { words.remove(at: end) }
        return words
    }

    /// Runs on `arguments` if there are any, else on every line of standard input (lines are
    /// numbered from 1 in error messages).
    /// - Throws: after reporting, `ExitStatus.usage` for a bad problem given as arguments or an
    ///   unknown option; `ExitStatus.failure` when a line of standard input was bad.
    func run(arguments: [String]) throws(ExitCode) {
        let words = try Self.words(arguments)
        if !words.isEmpty {
            switch answer(words.joined(separator: " ")) {
            case .success(let line): StandardOutput.line(line)
            case .failure(let error):
                Diagnostics.error(error.description)
                throw ExitStatus.usage
            }
            return
        }
        let input: InputFile
        do {
            input = try InputFile(path: "-")
        } catch {
            Diagnostics.error(error.description)
            throw ExitStatus.failure
        }
        var failures = 0
        var output = BlockOutput(fd: 1, threshold: 64 * 1024)
        let stop = InputLines(input: input).forEach(
            { line, number in
                switch answer(line) {
                case .success(let text): output.appendLine(text)
                case .failure(let error):
                    failures += 1
                    output.appendLine(GeodesicFormat.failed(count: outputCount))
                    // What came before this line goes out before its error.
                    output.flush()
                    Diagnostics.error("line \(number): \(error.description)")
                }
                output.flushIfFull()
                return !output.failed
            }, chunkDone: { output.flush() })
        if let stop {
            Diagnostics.error(stop.description)
            throw ExitStatus.failure
        }
        if failures > 0 { throw ExitStatus.failure }
    }

    private func answer(_ text: String) -> Result<String, GeodesicInputError> {
        do throws(GeodesicInputError) {
            return .success(format.line(try solve(try input.numbers(in: text))))
        } catch {
            return .failure(error)
        }
    }
}
