import Foundation
import Synchronization
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// A TCP link between a client and a real gpsd that stalls in the middle of a line, as a slow or
/// broken network does: it relays gpsd's output line by line until it has passed `linesBefore`
/// TPV reports, then sends only the first half of the next line, holds the connection open for
/// `stall`, and closes it. What the client receives is gpsd's own output.
final class StallingLink: Sendable {
    let port: UInt16
    private let listener: Int32
    private let stallStarted = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)

    init(toGPSDPort gpsdPort: UInt16, linesBefore: Int, stall: Duration) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = StallingLink.loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 && listen(fd, 1) == 0
            }
        }
        guard fd >= 0, listening else { throw SpawnError(command: "relay listen", reason: String(cString: strerror(errno))) }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        Thread { [self] in relay(gpsdPort: gpsdPort, linesBefore: linesBefore, stall: stall) }.start()
    }

    /// Whether the half line has been sent and the link is now stalling.
    var isStalling: Bool { stallStarted.load(ordering: .sequentiallyConsistent) }

    /// Waits for the relay thread to finish (after the stall), then closes the listener.
    func finish() {
        finished.wait()
        close(listener)
    }

    private func relay(gpsdPort: UInt16, linesBefore: Int, stall: Duration) {
        defer { finished.signal() }
        let client = accept(listener, nil, nil)
        guard client >= 0 else { return }
        defer { close(client) }
        let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(upstream) }
        var address = StallingLink.loopback(port: gpsdPort)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else { return }
        // The client's WATCH request, relayed as is.
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { return }
        _ = buffer.withUnsafeBytes { send(upstream, $0.baseAddress, n, 0) }

        var pending: [UInt8] = []
        var tpvs = 0
        while true {
            let got = buffer.withUnsafeMutableBytes { recv(upstream, $0.baseAddress, $0.count, 0) }
            guard got > 0 else { return }
            pending.append(contentsOf: buffer[0..<got])
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(pending[...newline])
                pending.removeSubrange(...newline)
                if tpvs >= linesBefore {
                    let half = Array(line.prefix(line.count / 2))
                    _ = half.withUnsafeBytes { send(client, $0.baseAddress, $0.count, 0) }
                    stallStarted.store(true, ordering: .sequentiallyConsistent)
                    let (seconds, attoseconds) = stall.components
                    usleep(UInt32(seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
                    return
                }
                _ = line.withUnsafeBytes { send(client, $0.baseAddress, $0.count, 0) }
                if line.starts(with: Array(#"{"class":"TPV""#.utf8)) { tpvs += 1 }
            }
        }
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}
