import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A TCP server on 127.0.0.1, on a port the kernel picks free (bind to port 0, as
/// ``Sandbox/freeLoopbackPort()`` does), that plays a hostile gpsd: each accepted connection is
/// handed to `serve` on a thread of its own. The fake gpsd servers of the tests are built on it.
///
/// ```swift
/// let server = try LoopbackServer { connection in connection.close() }
/// defer { server.close() }
/// ```
///
/// ``close()`` stops accepting, shuts every open connection down (so that a `serve` blocked in
/// `send` returns) and waits for the threads to end.
public final class LoopbackServer: Sendable {
    /// The port it listens on.
    public let port: UInt16
    private let listener: Int32
    private let state = Mutex(State())
    private let done = DispatchGroup()

    private struct State {
        var closed = false
        var open: Set<Int32> = []
        var accepted = 0
    }

    /// One accepted connection, for `serve`.
    public struct Connection: Sendable {
        public let descriptor: Int32
        let server: LoopbackServer

        /// Sends all of `bytes`; false once the client or ``LoopbackServer/close()`` ended it.
        @discardableResult
        public func send(_ bytes: [UInt8]) -> Bool {
            bytes.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    guard let base = raw.baseAddress else { return true }
                    let n = Glibc.send(descriptor, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                    if n < 0, errno == EINTR { continue }
                    guard n > 0 else { return false }
                    offset += n
                }
                return true
            }
        }

        /// Sends a line with its line end.
        @discardableResult
        public func send(line: String) -> Bool { send(Array((line + "\r\n").utf8)) }

        /// Whether the server is closing: a `serve` loop should return.
        public var isClosing: Bool { server.state.withLock { $0.closed } }

        /// Reads an HTTP request's head, up to its blank line (at most 64 KiB, waiting up to
        /// `timeout` for it): its text, nil when the client closed or sent no whole head in time.
        public func readRequestHead(upTo timeout: Duration = .seconds(30)) -> String? {
            var head: [UInt8] = []
            let deadline = ContinuousClock.now + timeout
            var buffer = [UInt8](repeating: 0, count: 4096)
            while head.count < 65_536, ContinuousClock.now < deadline, !isClosing {
                var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 50) >= 0 || errno == EINTR else { return nil }
                guard poller.revents != 0 else { continue }
                let n = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { return nil }
                head.append(contentsOf: buffer[..<n])
                if let end = head.indices.dropLast(3).first(where: { head[$0..<$0 + 4].elementsEqual([13, 10, 13, 10]) }) {
                    return String(decoding: head[..<end], as: UTF8.self)
                }
            }
            return nil
        }

        /// Holds the connection open without sending until the server closes (or `timeout`).
        public func hold(upTo timeout: Duration = .seconds(60)) {
            _ = blockUntil(upTo: timeout, poll: .milliseconds(20)) { isClosing }
        }
    }

    /// Listens and starts accepting. `serve` runs once per connection; the connection is closed
    /// when it returns.
    public init(serve: @escaping @Sendable (Connection) -> Void) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SpawnError(command: "socket", reason: String(cString: strerror(errno))) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { p in
                bind(fd, p, length) == 0 && getsockname(fd, p, &length) == 0 && listen(fd, 64) == 0
            }
        }
        guard listening else {
            let reason = String(cString: strerror(errno))
            Glibc.close(fd)
            throw SpawnError(command: "listen", reason: reason)
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        done.enter()
        Thread { [self] in acceptLoop(serve) }.start()
    }

    /// gpsd 3.22's greeting, the first line it sends on every connection.
    public static let versionLine = #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#

    /// Connections accepted so far.
    public var connectionsAccepted: Int { state.withLock { $0.accepted } }

    /// Stops accepting, ends every open connection and waits (up to 5 s) for the threads.
    public func close() {
        let first = state.withLock { s -> Bool in
            guard !s.closed else { return false }
            s.closed = true
            // Under the lock, so that no descriptor is closed (and reused) meanwhile.
            for fd in s.open { shutdown(fd, Int32(SHUT_RDWR)) }
            return true
        }
        guard first else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        _ = done.wait(timeout: .now() + 5)
    }

    private func acceptLoop(_ serve: @escaping @Sendable (Connection) -> Void) {
        defer {
            Glibc.close(listener)
            done.leave()
        }
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            let admitted = state.withLock { s -> Bool in
                guard !s.closed else { return false }
                s.accepted += 1
                s.open.insert(client)
                return true
            }
            guard admitted else {
                Glibc.close(client)
                return
            }
            done.enter()
            Thread { [self] in
                serve(Connection(descriptor: client, server: self))
                state.withLock { s in
                    s.open.remove(client)
                    Glibc.close(client)
                }
                done.leave()
            }.start()
        }
    }
}
