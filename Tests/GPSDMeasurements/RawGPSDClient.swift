import Foundation
import GPSD
import LodestarInternals
import Synchronization
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// A minimal gpsd client on a plain socket and a thread of its own, as gpspipe is: it asks for
/// JSON and stamps each TPV line with the monotonic time `recv` returned it. The latency
/// measurement compares Lodestar's consumer with it.
final class RawGPSDClient: Sendable {
    struct Line: Sendable {
        let text: String
        let received: Duration
    }

    private let descriptor: Int32
    private let storage = Mutex<[Line]>([])
    private let done = DispatchSemaphore(value: 0)

    init(port: UInt16) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw SpawnError(command: "socket", reason: String(cString: strerror(errno))) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else {
            close(fd)
            throw SpawnError(command: "connect", reason: String(cString: strerror(errno)))
        }
        descriptor = fd
        let watch = Array(#"?WATCH={"enable":true,"json":true};"#.utf8)
        _ = watch.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        Thread { [self] in readLines() }.start()
    }

    private func readLines() {
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            let now = MonotonicClock.now()
            if n <= 0 { break }
            pending.append(contentsOf: buffer[0..<n])
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let text = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                storage.withLock { $0.append(Line(text: text, received: now)) }
            }
        }
        done.signal()
    }

    /// The lines so far.
    var lines: [Line] { storage.withLock { $0 } }

    /// Shuts the socket down (which ends the reader thread's `recv`), waits for the thread, closes.
    func stop() {
        shutdown(descriptor, Int32(SHUT_RDWR))
        done.wait()
        close(descriptor)
    }
}
