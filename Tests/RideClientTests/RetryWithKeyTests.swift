import Foundation
import RideAPI
import RideClient
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Issue 24: a booking that got no answer is sent once more with the same `Idempotency-Key`.
/// The peer is a loopback socket that drops the first request unanswered (as a connection lost
/// after the service booked) and answers the second.
@Suite("Retry with the same idempotency key")
struct RetryWithKeyTests {
    @Test("requestRide sends a key, and after a lost connection sends the same key once more; cancelRide too")
    func retriedOnceWithTheSameKey() async throws {
        for operation in ["book", "cancel"] {
            let peer = try DroppingPeer()
            let client = RideServiceClient(endpoint: try RideServiceEndpoint(url: "http://127.0.0.1:\(peer.port)", token: "t"))
            let response =
                operation == "book"
                ? try await client.requestRide(RideRequestBody(partySize: 1))
                : try await client.cancelRide("6F9619FF-8B86-D011-B42D-00CF4FC964FF")
            #expect(response.status == (operation == "book" ? 201 : 200))
            let keys = peer.keys
            #expect(keys.count == 2, "\(operation): \(keys)")
            #expect(keys.first.map { $0.count > 2 } == true && keys.first == keys.last, "\(operation): \(keys)")
        }
    }
}

/// Accepts two connections on a free loopback port: reads the first request and closes without
/// answering; answers the second `201` (a booking) or `200` (a cancel) with `{}`. Records each
/// request's `Idempotency-Key`.
private final class DroppingPeer: Sendable {
    let port: UInt16
    private let log = KeyLog()

    var keys: [String] { log.keys.withLock { $0 } }

    private final class KeyLog: Sendable {
        let keys = Mutex<[String]>([])
    }

    init() throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(socket, 4) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        let log = log
        Thread {
            for attempt in 0..<2 {
                let connection = accept(socket, nil, nil)
                guard connection >= 0 else { return }
                var head = [UInt8]()
                var byte: UInt8 = 0
                while read(connection, &byte, 1) == 1 {
                    head.append(byte)
                    if head.suffix(4) == Array("\r\n\r\n".utf8) { break }
                }
                let text = String(decoding: head, as: UTF8.self)
                let key = text.split(separator: "\r\n").first { $0.lowercased().hasPrefix("idempotency-key:") }
                log.keys.withLock {
                    $0.append(
                        key.map { String($0.dropFirst("idempotency-key:".count)).trimmingCharacters(in: .whitespaces) } ?? "")
                }
                if attempt == 1 {
                    let status = text.hasPrefix("POST /rides ") ? "201 Created" : "200 OK"
                    let answer = Array(
                        "HTTP/1.1 \(status)\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}"
                            .utf8)
                    _ = answer.withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
                }
                close(connection)
            }
            close(socket)
        }.start()
    }
}
