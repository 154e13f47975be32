import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A live test's own world: the live-test lock held (``LiveGPSDLock``: no other live-gpsd test,
/// in this process or another, runs meanwhile), a temporary directory of its own (its children
/// get it as TMPDIR, so gpsfake's `gpsfake-PID.sock` lands there) and a free loopback port.
///
/// ```swift
/// let sandbox = try await Sandbox.acquire()
/// defer { sandbox.release() }
/// ```
public final class Sandbox: Sendable {
    public let directory: String
    public let port: UInt16
    private let lock: LiveGPSDLock

    /// Waits for the live-test lock, then makes the directory and picks the port.
    public static func acquire() async throws -> Sandbox {
        let lock = try await LiveGPSDLock.acquire()
        do {
            return try Sandbox(lock: lock)
        } catch {
            lock.release()
            throw error
        }
    }

    private init(lock: LiveGPSDLock) throws {
        // mkdtemp(3) replaces the template's six trailing X's with a unique suffix.
        let uniqueSuffix = String(repeating: "X", count: 6)
        var template = Array("\(NSTemporaryDirectory())/lodestar-gpsd-\(uniqueSuffix)".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else {
            throw SpawnError(command: "mkdtemp", reason: String(cString: strerror(errno)))
        }
        directory = String(cString: made)
        port = try Sandbox.freeLoopbackPort()
        self.lock = lock
    }

    /// Removes the directory and everything in it, and releases the live-test lock. Once, after
    /// the test's children are stopped.
    public func release() {
        try? FileManager.default.removeItem(atPath: directory)
        lock.release()
    }

    public func path(_ name: String) -> String { "\(directory)/\(name)" }

    /// The environment for a child: this process's, with TMPDIR pointing into the sandbox,
    /// gpsfake told to run Debian's gpsd 3.22 (the one the .chk files come from) whatever other
    /// gpsd is on PATH, and no `GPSD_HOST` / `GPSD_PORT` to redirect a client.
    public var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["TMPDIR"] = directory
        env["GPSD_HOME"] = "/usr/sbin"
        env.removeValue(forKey: "GPSD_HOST")
        env.removeValue(forKey: "GPSD_PORT")
        return env
    }

    /// Starts `path ARGUMENTS` in the sandbox's environment, standard output and error in
    /// `NAME.out` and `NAME.err` there.
    public func start(_ path: String, _ arguments: [String], name: String) throws -> ChildProcess {
        try ChildProcess(
            path, arguments, environment: environment, stdout: self.path("\(name).out"), stderr: self.path("\(name).err"))
    }

    /// A TCP port on 127.0.0.1 that nothing listens on: bind port 0, read what the kernel chose.
    public static func freeLoopbackPort() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw SpawnError(command: "socket", reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { p in
                bind(fd, p, length) == 0 && getsockname(fd, p, &length) == 0
            }
        }
        guard bound else { throw SpawnError(command: "bind", reason: String(cString: strerror(errno))) }
        return UInt16(bigEndian: address.sin_port)
    }

    /// Whether something accepts TCP connections on 127.0.0.1:`port`.
    public static func isListening(_ port: UInt16) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}
