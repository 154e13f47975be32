import ArgumentParser
import LodestarInternals

/// Answers `lodestar geodesic` problems: once for values given as arguments, or line by line from
/// standard input. A bad problem gets a one-line error on standard error and, in batch mode,
/// `nan nan nan` on standard output so that output lines stay aligned with input lines; the exit
/// status is 1 once everything has been answered. Lines are at most 4096 bytes: a longer one is
/// reported with its number and ends the reading (status 1). Answers are written as each chunk of
/// input is read; when standard output fails, reading stops.
struct GeodesicBatch {
    /// Parses one problem.
    let input: GeodesicInput
    /// Solves one problem: the parsed numbers in, the three numbers to print out.
    let solve: ([Double]) throws(GeodesicInputError) -> (Double, Double, Double)

    /// Runs on `arguments` if there are any, else on every line of standard input (lines are
    /// numbered from 1 in error messages).
    /// - Throws: after reporting, `ExitStatus.usage` for a bad problem given as arguments or an
    ///   unknown option; `ExitStatus.failure` when a line of standard input was bad.
    func run(arguments: [String]) throws(ExitCode) {
        var words = arguments
        // `.allUnrecognized` keeps the `--` that ends options; it is not a value.
        let end = words.firstIndex(of: "--")
        // Before `--`, a word that starts with '-' and is not a number is an option nobody knows.
        if let unknown = words[..<(end ?? words.endIndex)].first(where: { $0.hasPrefix("-") && Double($0) == nil }) {
            report("unknown option '\(unknown)'")
            throw ExitStatus.usage
        }
        if let end { words.remove(at: end) }
        if !words.isEmpty {
            switch answer(words.joined(separator: " ")) {
            case .success(let line): StandardOutput.line(line)
            case .failure(let error):
                report(error.description)
                throw ExitStatus.usage
            }
            return
        }
        let input: InputFile
        do {
            input = try InputFile(path: "-")
        } catch {
            report(error.description)
            throw ExitCode.failure
        }
        var failures = 0
        var output = BlockOutput(fd: 1, threshold: 64 * 1024)
        let stop = InputLines(input: input).forEach({ line, number in
            switch answer(line) {
            case .success(let text): output.appendLine(text)
            case .failure(let error):
                failures += 1
                output.appendLine("nan nan nan")
                // What came before this line goes out before its error.
                output.flush()
                report("line \(number): \(error.description)")
            }
            output.flushIfFull()
            return !output.failed
        }, chunkDone: { output.flush() })
        if let stop {
            report(stop.description)
            throw ExitCode.failure
        }
        if failures > 0 { throw ExitCode.failure }
    }

    private func answer(_ text: String) -> Result<String, GeodesicInputError> {
        do throws(GeodesicInputError) {
            let (a, b, c) = try solve(try input.numbers(in: text))
            return .success("\(a) \(b) \(c)")
        } catch {
            return .failure(error)
        }
    }

    private func report(_ message: String) {
        Diagnostics.error(message)
    }
}
