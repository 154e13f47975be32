import Foundation
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Runs `lodestar` with its standard input on a pseudo-terminal, as a person at a terminal runs
/// it, typing `typed` ahead: the terminal's line discipline holds the text until the program
/// reads each line. Standard output and error are pipes, captured as ``CLIRunner/run(_:stdin:)``
/// captures them.
enum TerminalRunner {
    struct TerminalError: Error, CustomStringConvertible {
        var description: String
    }

    /// The C library's pseudo-terminal functions. Glibc's module map leaves them out (they are
    /// declared only under _XOPEN_SOURCE), so they are looked up by name.
    typealias OpenPT = @convention(c) (Int32) -> Int32
    typealias PTFunction = @convention(c) (Int32) -> Int32
    typealias PTSName = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

    static func function<T>(_ name: String, as type: T.Type) throws -> T {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else {
            throw TerminalError(description: "\(name) not found in the C library")
        }
        return unsafeBitCast(symbol, to: type)
    }

    static func run(_ arguments: [String], typing typed: String) async throws -> CLIRunner.Result {
        try await offPool { try runBlocking(arguments, typing: typed) }
    }

    /// ``run(_:typing:)`` on the calling thread.
    static func runBlocking(_ arguments: [String], typing typed: String) throws -> CLIRunner.Result {
        let openpt = try function("posix_openpt", as: OpenPT.self)
        let grantpt = try function("grantpt", as: PTFunction.self)
        let unlockpt = try function("unlockpt", as: PTFunction.self)
        let ptsname = try function("ptsname", as: PTSName.self)
        let master = openpt(O_RDWR | O_NOCTTY)
        guard master >= 0 else { throw TerminalError(description: "posix_openpt: \(String(cString: strerror(errno)))") }
        defer { close(master) }
        guard grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
            throw TerminalError(description: "grantpt/unlockpt/ptsname: \(String(cString: strerror(errno)))")
        }
        let slave = open(name, O_RDWR | O_NOCTTY)
        guard slave >= 0 else {
            throw TerminalError(description: "open \(String(cString: name)): \(String(cString: strerror(errno)))")
        }
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: true)

        let process = Process()
        process.executableURL = CLIRunner.productsDirectory.appendingPathComponent("lodestar")
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = terminal
        try process.run()
        try terminal.close()
        // Type ahead; the echo the terminal sends back is read and dropped on another thread so
        // that it can never fill the master's buffer. The read fails (EIO) once the child, the
        // last holder of the slave, has exited.
        _ = typed.withCString { write(master, $0, strlen($0)) }
        let echoEnded = DispatchSemaphore(value: 0)
        Thread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while read(master, &buffer, buffer.count) > 0 {}
            echoEnded.signal()
        }.start()
        let errBox = DataBox()
        Thread {
            errBox.data = err.fileHandleForReading.readDataToEndOfFile()
            errBox.done.signal()
        }.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        errBox.done.wait()
        process.waitUntilExit()
        echoEnded.wait()
        return CLIRunner.Result(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errBox.data, as: UTF8.self))
    }
}
