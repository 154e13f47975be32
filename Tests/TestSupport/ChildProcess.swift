import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A child started with `posix_spawn` in a process group of its own, with an empty signal mask
/// and default signal actions, so that SIGTERM to the group stops it and everything it started
/// (gpsfake's gpsd).
///
/// Not Foundation's `Process`: started from async test code it leaves gpsfake and its gpsd
/// ignoring SIGTERM (swift-corelibs-foundation issue 4772), and its wait can spin forever.
public final class ChildProcess: Sendable {
    public let pid: pid_t
    public let command: String
    /// The files standard output and standard error are appended to.
    public let stdoutPath: String
    public let stderrPath: String
    private let stopped = Atomic<Bool>(false)

    /// Starts `path ARGUMENTS` with standard input from /dev/null and standard output and error
    /// appended to the given files.
    public init(_ path: String, _ arguments: [String], environment: [String: String], stdout: String, stderr: String) throws {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for s in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGQUIT, SIGCHLD, SIGALRM, SIGUSR1, SIGUSR2] { sigaddset(&defaults, s) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        // Nothing else crosses over: a pipe another test opened at this moment (for a child's
        // standard input or output) would stay open in this child, a server perhaps for minutes,
        // and that test would wait for an end of file that never comes.
        try Self.closeTheRest(&actions)

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var child: pid_t = 0
        let rc = posix_spawn(&child, path, &actions, &attributes, argv, envp)
        guard rc == 0 else { throw SpawnError(command: path, reason: String(cString: strerror(rc))) }
        pid = child
        command = ([path] + arguments).joined(separator: " ")
        stdoutPath = stdout
        stderrPath = stderr
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 on), which Glibc's module map
    /// does not declare: looked up by name.
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// Adds "close every descriptor from 3 on" to `actions`.
    private static func closeTheRest(_ actions: inout posix_spawn_file_actions_t) throws {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else {
            throw SpawnError(
                command: "posix_spawn",
                reason: "posix_spawn_file_actions_addclosefrom_np is not in the C library (glibc 2.34 or later)")
        }
        let addCloseFrom = unsafeBitCast(symbol, to: AddCloseFrom.self)
        let rc = addCloseFrom(&actions, 3)
        guard rc == 0 else { throw SpawnError(command: "posix_spawn", reason: String(cString: strerror(rc))) }
    }

    /// What the child has written to standard output so far.
    public var stdout: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }
    /// What the child has written to standard error so far.
    public var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    /// Sends `signal` to the child itself, as a terminal's Ctrl-C does to its foreground program.
    public func send(_ signal: Int32) {
        _ = kill(pid, signal)
    }

    /// Sends `signal` to the child's whole process group.
    public func signalGroup(_ signal: Int32) {
        _ = kill(-pid, signal)
    }

    /// Waits up to `timeout` for the child to end; its wait status, or nil if still running.
    /// ``waitForExit(timeout:)`` awaited on a thread of its own: a test waiting for a child blocks
    /// no thread of the cooperative pool.
    public func exited(within timeout: Duration) async -> Int32? {
        (try? await offPool { self.waitForExit(timeout: timeout) }) ?? nil
    }

    public func waitForExit(timeout: Duration) -> Int32? {
        var waitStatus: Int32?
        _ = blockUntil(upTo: timeout) {
            var status: Int32 = 0
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid { waitStatus = status }
            if r < 0 { waitStatus = -1 }  // already reaped
            return waitStatus != nil
        }
        return waitStatus
    }

    /// Stops the group: SIGTERM, then SIGKILL for whatever is left after two seconds (the leader
    /// or a member such as gpsfake's gpsd). Only the first call signals: once the group is gone
    /// its id may be reused.
    public func stop() {
        guard !stopped.exchange(true, ordering: .sequentiallyConsistent) else { return }
        signalGroup(SIGTERM)
        if waitForExit(timeout: .seconds(2)) == nil {
            signalGroup(SIGKILL)
            _ = waitForExit(timeout: .seconds(2))
        }
        // The group id stays reserved while any member lives, so signalling it is safe here.
        if !blockUntil(upTo: .seconds(2), { kill(-pid, 0) != 0 }) {
            signalGroup(SIGKILL)
        }
    }
}

/// A child, a socket or a temporary directory that could not be made.
public struct SpawnError: Error, CustomStringConvertible {
    public let command: String
    public let reason: String

    public init(command: String, reason: String) {
        self.command = command
        self.reason = reason
    }

    public var description: String { "cannot start \(command): \(reason)" }
}
