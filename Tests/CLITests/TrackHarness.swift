import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Runs `lodestar track` against a real gpsd fed by gpsfake, as a user would in a terminal.
///
/// Every child (gpsfake with its gpsd, lodestar) is started with `posix_spawn` in a process group
/// of its own with an empty signal mask and default signal actions: Foundation's `Process`,
/// started from async test code, leaves gpsfake ignoring SIGTERM (swift-corelibs-foundation
/// issue 4772). Output goes to files in a directory of the test's own, which is also the
/// children's TMPDIR (gpsfake leaves its `gpsfake-PID.sock` there).
final class TrackHarness: Sendable {
    let directory: String
    let port: UInt16

    init() throws {
        var template = Array("\(NSTemporaryDirectory())/lodestar-track-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else {
            throw TrackHarnessError("mkdtemp: \(String(cString: strerror(errno)))")
        }
        directory = String(cString: made)
        port = try TrackHarness.freeLoopbackPort()
    }

    func remove() { try? FileManager.default.removeItem(atPath: directory) }

    func path(_ name: String) -> String { "\(directory)/\(name)" }

    /// shared/traces/gpsd/NAME.
    static func gpsdLog(_ name: String) -> String {
        CLIRunner.shared.appendingPathComponent("traces/gpsd/\(name)").path
    }

    /// Starts `gpsfake -q -P PORT -c CYCLE LOG` (looping) and waits until gpsd listens.
    func startGPSFake(log: String, cycle: Double = 0.02) throws -> Child {
        let child = try Child("/usr/bin/gpsfake", ["-q", "-P", String(port), "-c", String(cycle), log], harness: self, name: "gpsfake")
        let deadline = ContinuousClock.now + .seconds(10)
        while !TrackHarness.isListening(port) {
            guard ContinuousClock.now < deadline, child.exitStatus(waiting: .zero) == nil else {
                child.stop()
                throw TrackHarnessError("gpsfake did not start on port \(port)")
            }
            usleep(50_000)
        }
        return child
    }

    /// Starts `lodestar ARGUMENTS` with standard output and error in files.
    func startLodestar(_ arguments: [String], name: String = "lodestar") throws -> Child {
        try Child(CLIRunner.productsDirectory.appendingPathComponent("lodestar").path, arguments, harness: self, name: name)
    }

    /// A child process in a process group of its own.
    final class Child: Sendable {
        let pid: pid_t
        let stdoutPath: String
        let stderrPath: String
        private let stopped = Atomic<Bool>(false)

        init(_ path: String, _ arguments: [String], harness: TrackHarness, name: String) throws {
            stdoutPath = harness.path("\(name).out")
            stderrPath = harness.path("\(name).err")
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            var emptyMask = sigset_t()
            sigemptyset(&emptyMask)
            posix_spawnattr_setsigmask(&attributes, &emptyMask)
            var defaults = sigset_t()
            sigemptyset(&defaults)
            for s in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGQUIT, SIGCHLD] { sigaddset(&defaults, s) }
            posix_spawnattr_setsigdefault(&attributes, &defaults)
            posix_spawnattr_setpgroup(&attributes, 0)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_APPEND, 0o644)
            posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_APPEND, 0o644)
            var environment = ProcessInfo.processInfo.environment
            environment["TMPDIR"] = harness.directory
            environment["GPSD_HOME"] = "/usr/sbin"  // gpsfake runs Debian's gpsd 3.22, whatever is on PATH
            environment.removeValue(forKey: "GPSD_HOST")
            environment.removeValue(forKey: "GPSD_PORT")
            let argv = ([path] + arguments).map { strdup($0) } + [nil]
            let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
            defer {
                argv.forEach { free($0) }
                envp.forEach { free($0) }
            }
            var child: pid_t = 0
            let rc = posix_spawn(&child, path, &actions, &attributes, argv, envp)
            guard rc == 0 else { throw TrackHarnessError("cannot start \(path): \(String(cString: strerror(rc)))") }
            pid = child
        }

        var stdout: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }
        var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

        /// Sends `signal` to the child itself (as a terminal's Ctrl-C does).
        func send(_ signal: Int32) { _ = kill(pid, signal) }

        /// The wait status once the child has ended (within `waiting`), else nil.
        func exitStatus(waiting: Duration) -> Int32? {
            let deadline = ContinuousClock.now + waiting
            while true {
                var status: Int32 = 0
                let r = waitpid(pid, &status, WNOHANG)
                if r == pid { return status }
                if r < 0 { return -1 }
                if ContinuousClock.now >= deadline { return nil }
                usleep(20_000)
            }
        }

        /// Stops the child's process group (SIGTERM, then SIGKILL for what is left). Once only.
        func stop() {
            guard !stopped.exchange(true, ordering: .sequentiallyConsistent) else { return }
            _ = kill(-pid, SIGTERM)
            if exitStatus(waiting: .seconds(2)) == nil {
                _ = kill(-pid, SIGKILL)
                _ = exitStatus(waiting: .seconds(2))
            }
            let deadline = ContinuousClock.now + .seconds(2)
            while kill(-pid, 0) == 0 {
                if ContinuousClock.now >= deadline {
                    _ = kill(-pid, SIGKILL)
                    break
                }
                usleep(20_000)
            }
        }
    }

    /// Polls every 50 ms until `condition` holds; false on timeout.
    static func wait(upTo timeout: Duration, until condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return condition()
    }

    static func freeLoopbackPort() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TrackHarnessError("socket: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw TrackHarnessError("bind: \(String(cString: strerror(errno)))") }
        return UInt16(bigEndian: address.sin_port)
    }

    static func isListening(_ port: UInt16) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}

struct TrackHarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
