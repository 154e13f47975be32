import Foundation

/// A real gpsd, started by gpsfake on the sandbox's port and fed a log through a pty.
///
/// `gpsfake -q -P PORT -c CYCLE LOG` loops the log, one sentence every CYCLE seconds (without a
/// delay gpsd reports no fixes to a watching client). gpsd opens the pty only when a client
/// watches, so a client sees the log from where it joined. Stopping the process group stops
/// gpsfake and its gpsd.
final class FakeGPS: Sendable {
    static let gpsfake = "/usr/bin/gpsfake"
    let process: ChildProcess
    let port: UInt16

    init(log: String, sandbox: Sandbox, cycle: Double = 0.05, port: UInt16? = nil) throws {
        let port = port ?? sandbox.port
        self.port = port
        process = try ChildProcess(
            FakeGPS.gpsfake, ["-q", "-P", String(port), "-c", String(cycle), log],
            environment: sandbox.environment,
            stdout: sandbox.path("gpsfake.out"), stderr: sandbox.path("gpsfake.err"))
        try waitUntilListening(port, process: process, sandbox: sandbox)
    }

    func stop() { process.stop() }
}

/// A real gpsd with no device at all: it answers a WATCH and then sends nothing.
final class SilentGPSD: Sendable {
    static let gpsd = "/usr/sbin/gpsd"
    let process: ChildProcess

    init(sandbox: Sandbox) throws {
        process = try ChildProcess(
            SilentGPSD.gpsd, ["-N", "-S", String(sandbox.port), "-F", sandbox.path("gpsd.sock")],
            environment: sandbox.environment,
            stdout: sandbox.path("gpsd.out"), stderr: sandbox.path("gpsd.err"))
        try waitUntilListening(sandbox.port, process: process, sandbox: sandbox)
    }

    func stop() { process.stop() }
}

/// Waits (up to 10 s) until `port` accepts connections; stops `process` and throws if it never does.
private func waitUntilListening(_ port: UInt16, process: ChildProcess, sandbox: Sandbox) throws {
    let deadline = ContinuousClock.now + .seconds(10)
    while !Sandbox.isListening(port) {
        if ContinuousClock.now >= deadline || process.waitForExit(timeout: .zero) != nil {
            process.stop()
            let log = (try? String(contentsOfFile: sandbox.path("gpsfake.err"), encoding: .utf8)) ?? ""
            throw SpawnError(command: process.command, reason: "nothing listens on port \(port). \(log)")
        }
        usleep(50_000)
    }
}
