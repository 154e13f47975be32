import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A test's own temporary directory (its children get it as TMPDIR, so gpsfake's
/// `gpsfake-PID.sock` lands there) and its own free loopback port.
final class Sandbox: Sendable {
    let directory: String
    let port: UInt16

    init() throws {
        var template = Array("\(NSTemporaryDirectory())/lodestar-gpsd-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else {
            throw SpawnError(command: "mkdtemp", reason: String(cString: strerror(errno)))
        }
        directory = String(cString: made)
        port = try Sandbox.freeLoopbackPort()
    }

    /// Removes the directory and everything in it.
    func remove() {
        try? FileManager.default.removeItem(atPath: directory)
    }

    func path(_ name: String) -> String { "\(directory)/\(name)" }

    /// The environment for a child: this process's, with TMPDIR pointing into the sandbox and
    /// gpsfake told to run Debian's gpsd 3.22 (the one the .chk files come from), whatever
    /// other gpsd is on PATH.
    var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["TMPDIR"] = directory
        env["GPSD_HOME"] = "/usr/sbin"
        return env
    }

    /// A TCP port on 127.0.0.1 that nothing listens on: bind port 0, read what the kernel chose.
    static func freeLoopbackPort() throws -> UInt16 {
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
    static func isListening(_ port: UInt16) -> Bool {
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
