import Foundation
import Synchronization
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Runs `lodestar` with its standard output on a pseudo-terminal of a given width, as `guide` runs
/// in a person's terminal, and captures what the terminal receives; the window can be narrowed
/// (TIOCSWINSZ on the master, then SIGWINCH to the child, as a terminal emulator does) once the
/// output holds a number of status redraws.
enum GuideTerminal {
    struct Result: Sendable {
        var status: Int32
        /// Everything written to the terminal, escape sequences included (the pty turns "\n" into "\r\n").
        var screen: String
        var stderr: String

        /// The status lines drawn, in order: each "\r…ESC[K" piece, without its escapes.
        var statusLines: [String] { Self.statusLines(screen) }

        /// The pieces of `text` drawn in place: between a carriage return and the erase-to-end-of-line.
        static func statusLines(_ text: String) -> [String] {
            text.components(separatedBy: "\r").compactMap { piece -> String? in
                guard let end = piece.range(of: "\u{1B}[K") else { return nil }
                return String(piece[..<end.lowerBound]).replacingOccurrences(of: "\u{1B}[2K", with: "")
            }.filter { !$0.isEmpty }
        }
    }

    /// A window change: to `columns`, once the terminal has received `afterRedraws` status redraws.
    struct Resize: Sendable {
        var columns: Int
        var afterRedraws: Int
    }

    static func run(_ arguments: [String], columns: Int, resize: Resize? = nil) async throws -> Result {
        try await offPool { try runBlocking(arguments, columns: columns, resize: resize) }
    }

    private static func setSize(_ fd: Int32, columns: Int) {
        var size = winsize(ws_row: 24, ws_col: UInt16(clamping: columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(fd, UInt(TIOCSWINSZ), &size)
    }

    /// ``run(_:columns:resize:)`` on the calling thread.
    static func runBlocking(_ arguments: [String], columns: Int, resize: Resize?) throws -> Result {
        let openpt = try TerminalRunner.function("posix_openpt", as: TerminalRunner.OpenPT.self)
        let grantpt = try TerminalRunner.function("grantpt", as: TerminalRunner.PTFunction.self)
        let unlockpt = try TerminalRunner.function("unlockpt", as: TerminalRunner.PTFunction.self)
        let ptsname = try TerminalRunner.function("ptsname", as: TerminalRunner.PTSName.self)
        let master = openpt(O_RDWR | O_NOCTTY)
        guard master >= 0 else {
            throw TerminalRunner.TerminalError(description: "posix_openpt: \(String(cString: strerror(errno)))")
        }
        defer { close(master) }
        guard grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
            throw TerminalRunner.TerminalError(description: "grantpt/unlockpt/ptsname: \(String(cString: strerror(errno)))")
        }
        setSize(master, columns: columns)
        let slave = open(name, O_RDWR | O_NOCTTY)
        guard slave >= 0 else {
            throw TerminalRunner.TerminalError(description: "open \(String(cString: name)): \(String(cString: strerror(errno)))")
        }
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: true)

        let process = Process()
        process.executableURL = CLIRunner.productsDirectory.appendingPathComponent("lodestar")
        process.arguments = arguments
        let err = Pipe()
        process.standardOutput = terminal
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try terminal.close()
        // The terminal's side, read until the child (the last holder of the slave) has exited.
        let screen = Mutex(Data())
        let ended = DispatchSemaphore(value: 0)
        Thread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = read(master, &buffer, buffer.count)
                if n > 0 {
                    screen.withLock { $0.append(contentsOf: buffer[0..<n]) }
                } else if n < 0, errno == EINTR {
                    continue
                } else {
                    break
                }
            }
            ended.signal()
        }.start()
        let errBox = DataBox()
        Thread {
            errBox.data = err.fileHandleForReading.readDataToEndOfFile()
            errBox.done.signal()
        }.start()
        if let resize {
            let marker = Data("\u{1B}[K".utf8)
            // Polls what the terminal received (not a timed expectation: the run goes on meanwhile).
            _ = blockUntil(upTo: .seconds(60), poll: .milliseconds(5)) {
                let count = screen.withLock { data in
                    var n = 0
                    var from = data.startIndex
                    while let r = data.range(of: marker, in: from..<data.endIndex) {
                        n += 1
                        from = r.upperBound
                    }
                    return n
                }
                return count >= resize.afterRedraws || !process.isRunning
            }
            setSize(master, columns: resize.columns)
            kill(process.processIdentifier, SIGWINCH)
        }
        errBox.done.wait()
        process.waitUntilExit()
        ended.wait()
        return Result(
            status: process.terminationStatus, screen: String(decoding: screen.withLock { $0 }, as: UTF8.self),
            stderr: String(decoding: errBox.data, as: UTF8.self))
    }
}
