import ArgumentParser
import Foundation

/// Answers `lodestar geodesic` problems: once for values given as arguments, or line by line from
/// standard input. A bad problem gets a one-line error on standard error and, in batch mode,
/// `nan nan nan` on standard output so that output lines stay aligned with input lines; the exit
/// status is 1 once everything has been answered.
struct GeodesicBatch {
    /// Parses one problem.
    let input: GeodesicInput
    /// Solves one problem: the parsed numbers in, the three numbers to print out.
    let solve: ([Double]) throws(GeodesicInputError) -> (Double, Double, Double)

    /// Runs on `arguments` if there are any, else on every line of standard input (lines are
    /// numbered from 1 in error messages).
    /// - Throws: `ExitCode.failure` after reporting, when any problem was bad.
    func run(arguments: [String]) throws(ExitCode) {
        var words = arguments
        // `.allUnrecognized` keeps the `--` that ends options; it is not a value.
        if let end = words.firstIndex(of: "--") { words.remove(at: end) }
        if !words.isEmpty {
            switch answer(words.joined(separator: " ")) {
            case .success(let line): print(line)
            case .failure(let error):
                report(error.description)
                throw ExitCode.failure
            }
            return
        }
        var lineNumber = 0, failures = 0
        while let line = readLine(strippingNewline: true) {
            lineNumber += 1
            switch answer(line) {
            case .success(let output): print(output)
            case .failure(let error):
                failures += 1
                print("nan nan nan")
                report("line \(lineNumber): \(error.description)")
            }
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
        FileHandle.standardError.write(Data("lodestar: \(message)\n".utf8))
    }
}
