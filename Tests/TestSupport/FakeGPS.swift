import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A real gpsd, started by gpsfake on the sandbox's port and fed a log through a pty.
///
/// `gpsfake -q -P PORT -c CYCLE LOG` loops the log, one sentence every CYCLE seconds (without a
/// delay gpsd reports no fixes to a watching client). gpsd opens the pty only when a client
/// watches, so a client sees the log from where it joined. Stopping the process group stops
/// gpsfake and its gpsd.
public final class FakeGPS: Sendable {
    public static let gpsfake = "/usr/bin/gpsfake"
    public let process: ChildProcess
    public let port: UInt16

    public init(log: String, sandbox: Sandbox, cycle: Double = 0.05, port: UInt16? = nil) throws {
        let port = port ?? sandbox.port
        self.port = port
        process = try sandbox.start(FakeGPS.gpsfake, ["-q", "-P", String(port), "-c", String(cycle), log], name: "gpsfake")
        try waitUntilListening(port, process: process)
    }

    public func stop() { process.stop() }
}

/// A real gpsd with no device at all: it answers a WATCH and then sends nothing.
public final class SilentGPSD: Sendable {
    public static let gpsd = "/usr/sbin/gpsd"
    public let process: ChildProcess

    public init(sandbox: Sandbox) throws {
        process = try sandbox.start(
            SilentGPSD.gpsd, ["-N", "-S", String(sandbox.port), "-F", sandbox.path("gpsd.sock")], name: "gpsd")
        try waitUntilListening(sandbox.port, process: process)
    }

    public func stop() { process.stop() }
}

/// Waits (up to 10 s) until `port` accepts connections; stops `process` and throws if it never does.
private func waitUntilListening(_ port: UInt16, process: ChildProcess) throws {
    var exited = false
    let listening = blockUntil(upTo: .seconds(10), poll: .milliseconds(50)) {
        if Sandbox.isListening(port) { return true }
        exited = process.waitForExit(timeout: .zero) != nil
        return exited
    }
    if !listening || exited {
        process.stop()
        throw SpawnError(command: process.command, reason: "nothing listens on port \(port). \(process.stderr)")
    }
}
