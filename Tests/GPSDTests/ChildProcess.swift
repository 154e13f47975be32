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
final class ChildProcess: Sendable {
    let pid: pid_t
    let command: String
    private let stopped = Atomic<Bool>(false)

    /// Starts `path ARGUMENTS` with standard input from /dev/null and standard output and error
    /// appended to the given files.
    init(_ path: String, _ arguments: [String], environment: [String: String], stdout: String, stderr: String) throws {
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

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let rc = posix_spawn(&child, path, &actions, &attributes, argv, envp)
        guard rc == 0 else { throw SpawnError(command: path, reason: String(cString: strerror(rc))) }
        pid = child
        command = ([path] + arguments).joined(separator: " ")
    }

    /// Sends `signal` to the child's whole process group.
    func signalGroup(_ signal: Int32) {
        _ = kill(-pid, signal)
    }

    /// Waits up to `timeout` for the child to end; its exit status, or nil if still running.
    func waitForExit(timeout: Duration) -> Int32? {
        let deadline = ContinuousClock.now + timeout
        while true {
            var status: Int32 = 0
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid { return status }
            if r < 0 { return -1 }  // already reaped
            if ContinuousClock.now >= deadline { return nil }
            usleep(20_000)
        }
    }

    /// Stops the group: SIGTERM, then SIGKILL for whatever is left after two seconds (the leader
    /// or a member such as gpsfake's gpsd). Only the first call signals: once the group is gone
    /// its id may be reused.
    func stop() {
        guard !stopped.exchange(true, ordering: .sequentiallyConsistent) else { return }
        signalGroup(SIGTERM)
        if waitForExit(timeout: .seconds(2)) == nil {
            signalGroup(SIGKILL)
            _ = waitForExit(timeout: .seconds(2))
        }
        // The group id stays reserved while any member lives, so signalling it is safe here.
        let deadline = ContinuousClock.now + .seconds(2)
        while kill(-pid, 0) == 0 {
            if ContinuousClock.now >= deadline {
                signalGroup(SIGKILL)
                break
            }
            usleep(20_000)
        }
    }
}

struct SpawnError: Error, CustomStringConvertible {
    let command: String
    let reason: String
    var description: String { "cannot start \(command): \(reason)" }
}
