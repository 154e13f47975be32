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
    }

    /// The products directory of this build (where `lodestar` and the test bundle live).
    static var productsDirectory: URL {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments.first ?? ".").deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        for dir in candidates where FileManager.default.isExecutableFile(atPath: dir.appendingPathComponent("lodestar").path) {
            return dir
        }
        return TestData.package(".build/debug")
    }

    /// Runs `lodestar ARGS`, feeding `stdin` (if any), and waits for it to end.
    static func run(_ arguments: [String], stdin: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = productsDirectory.appendingPathComponent("lodestar")
        process.arguments = arguments
        let out = Pipe(), err = Pipe(), inp = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inp
        try process.run()
        if let stdin { inp.fileHandleForWriting.write(Data(stdin.utf8)) }
        try inp.fileHandleForWriting.close()
        // Drain standard error on another thread while this one drains standard output, so that
        // neither pipe can fill up and block the child.
        let errBox = DataBox()
        let errThread = Thread { errBox.data = err.fileHandleForReading.readDataToEndOfFile(); errBox.done.signal() }
        errThread.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        errBox.done.wait()
        let errAll = errBox.data
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errAll, as: UTF8.self))
    }
}

/// Holds what the standard-error thread read; the semaphore orders the write before the read.
final class DataBox: @unchecked Sendable {
    var data = Data()
    let done = DispatchSemaphore(value: 0)
}
