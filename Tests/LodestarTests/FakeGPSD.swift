import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A real gpsd (Debian's 3.22, /usr/sbin/gpsd), started by `gpsfake` on a free loopback port and
/// fed an NMEA log, in a temporary directory of its own (gpsfake's socket goes to its TMPDIR).
///
/// `gpsfake -q -P PORT -c CYCLE LOG` sends one sentence every CYCLE seconds (without a delay gpsd
/// reports no fixes to a watching client) and opens the log only when a client watches. It is
/// started with `posix_spawn` in a process group of its own, with default signal dispositions, and
/// stopped by signalling that group (gpsfake and its gpsd), by pid, never by name. The same approach
/// as the GPSD tests' harness, reduced to what these tests need.
final class FakeGPSD: Sendable {
    let pid: pid_t
    let port: UInt16
    let directory: String
    private let stopped = Atomic<Bool>(false)

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Starts gpsfake on `log` and waits (up to 10 s) until gpsd listens.
    init(log: String, cycle: Double = 0.05) throws {
        var template = Array("\(NSTemporaryDirectory())/lodestar-guide-gpsd-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else {
            throw Failure(description: "mkdtemp: \(String(cString: strerror(errno)))")
        }
        directory = String(cString: made)
        port = try Self.freeLoopbackPort()
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = directory
        environment["GPSD_HOME"] = "/usr/sbin"
        pid = try Self.spawn(
            "/usr/bin/gpsfake", ["-q", "-P", String(port), "-c", String(cycle), log], environment: environment,
            output: "\(directory)/gpsfake.log")
        let deadline = ContinuousClock.now + .seconds(10)
        while !Self.isListening(port) {
            var status: Int32 = 0
            if ContinuousClock.now >= deadline || waitpid(pid, &status, WNOHANG) == pid {
                stop()
                let log = (try? String(contentsOfFile: "\(directory)/gpsfake.log", encoding: .utf8)) ?? ""
                throw Failure(description: "gpsfake: nothing listens on port \(port). \(log)")
            }
            usleep(50_000)
        }
    }

    /// Stops gpsfake and its gpsd (SIGTERM to the group, SIGKILL after 2 s) and removes the directory.
    func stop() {
        guard !stopped.exchange(true, ordering: .sequentiallyConsistent) else { return }
        kill(-pid, SIGTERM)
        let deadline = ContinuousClock.now + .seconds(2)
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0, ContinuousClock.now < deadline { usleep(20_000) }
        // The group id stays reserved while any member lives, so signalling it again is safe.
        if kill(-pid, 0) == 0 {
            kill(-pid, SIGKILL)
            _ = waitpid(pid, &status, 0)
        }
        try? FileManager.default.removeItem(atPath: directory)
    }

    private static func spawn(_ path: String, _ arguments: [String], environment: [String: String], output: String) throws -> pid_t {
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
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let rc = posix_spawn(&child, path, &actions, &attributes, argv, envp)
        guard rc == 0 else { throw Failure(description: "cannot start \(path): \(String(cString: strerror(rc)))") }
        return child
    }

    /// A TCP port on 127.0.0.1 that nothing listens on: bind port 0, read what the kernel chose.
    private static func freeLoopbackPort() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw Failure(description: "bind: \(String(cString: strerror(errno)))") }
        return UInt16(bigEndian: address.sin_port)
    }

    private static func isListening(_ port: UInt16) -> Bool {
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
