import Foundation
import TestSupport

/// Runs the built `lodestar` executable, as a user would, and captures what it prints.
///
/// The binary sits beside the test bundle in the build products directory, whatever scratch path
/// the build used.
enum CLIRunner {
    struct Result: Sendable {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Whether the process ended by a signal (then ``status`` is the signal's number).
        var signalled = false

        /// The lines written to standard error.
        var stderrLines: [Substring] { stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast() }
    }

    /// Where the child's standard output goes.
    enum Output: Sendable {
        /// A pipe this runner reads (``Result/stdout``).
        case pipe
        /// This file or device, such as `/dev/full`.
        case path(String)
        /// Closed: the child starts without a descriptor 1.
        case closed
    }

    /// The products directory of this build (where `lodestar` and the test bundle live).
    static var productsDirectory: URL { TestData.productsDirectory(holding: "lodestar") }

    /// Runs `lodestar ARGS`, feeding `stdin` (if any; or the file `input`), with standard output
    /// to `output` (and more shell redirections, such as `2>&-`), and waits for it to end.
    /// `environment` is added to this process's (a nil value removes the variable).
    ///
    /// The child is run and waited for on a thread of its own: a test awaiting it blocks no thread of
    /// the cooperative pool, which the asynchronous tests running beside it need.
    static func run(
        _ arguments: [String], stdin: String? = nil, output: Output = .pipe, input: String? = nil, redirecting more: String = "",
        environment: [String: String?] = [:]
    ) async throws -> Result {
        try await offPool {
            try runBlocking(arguments, stdin: stdin, output: output, input: input, redirecting: more, environment: environment)
        }
    }

    /// ``run(_:stdin:output:input:redirecting:environment:)`` on the calling thread.
    static func runBlocking(
        _ arguments: [String], stdin: String? = nil, output: Output = .pipe, input: String? = nil, redirecting more: String = "",
        environment: [String: String?] = [:]
    ) throws -> Result {
        let process = Process()
        if !environment.isEmpty {
            var merged = ProcessInfo.processInfo.environment
            for (name, value) in environment { merged[name] = value }
            process.environment = merged
        }
        let lodestar = productsDirectory.appendingPathComponent("lodestar").path
        var redirections = (input.map { " < '\($0)'" } ?? "") + (more.isEmpty ? "" : " " + more)
        switch output {
        case .pipe: break
        case .path(let path): redirections += " > '\(path)'"
        case .closed: redirections += " >&-"
        }
        if redirections.isEmpty {
            process.executableURL = URL(fileURLWithPath: lodestar)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "exec \"$0\" \"$@\"" + redirections, lodestar] + arguments
        }
        let out = Pipe()
        let err = Pipe()
        let inp = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inp
        try process.run()
        if let stdin { inp.fileHandleForWriting.write(Data(stdin.utf8)) }
        try inp.fileHandleForWriting.close()
        // Drain standard error on another thread while this one drains standard output, so that
        // neither pipe can fill up and block the child.
        let errBox = DataBox()
        let errThread = Thread {
            errBox.data = err.fileHandleForReading.readDataToEndOfFile()
            errBox.done.signal()
        }
        errThread.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        errBox.done.wait()
        let errAll = errBox.data
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errAll, as: UTF8.self),
            signalled: process.terminationReason == .uncaughtSignal)
    }
}

/// Holds what the standard-error thread read; the semaphore orders the write before the read.
final class DataBox: @unchecked Sendable {
    var data = Data()
    let done = DispatchSemaphore(value: 0)
}
