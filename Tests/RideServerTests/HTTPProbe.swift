import Foundation
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// A plain HTTP/1.1 client over a loopback socket, for tests that must send exactly the bytes
/// they mean (a body over 64 KiB, malformed JSON, no token) and read exactly what comes back.
/// Each exchange runs on a thread of its own (``offPool(_:)``), never on the cooperative pool.
struct HTTPProbe: Sendable {
    /// The server's port on 127.0.0.1.
    let port: UInt16

    /// One response: status, headers (names lower-cased) and the body (chunked coding removed).
    struct Reply: Sendable, CustomStringConvertible {
        var status: Int
        var headers: [String: String]
        var body: [UInt8]

        var text: String { String(decoding: body, as: UTF8.self) }

        /// The body as a JSON object.
        var json: [String: Any] {
            (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:]
        }

        var contentType: String { headers["content-type"] ?? "" }

        var description: String { "\(status) \(contentType) \(text.prefix(600))" }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Sends one request (`Connection: close`) and reads the whole response.
    func send(
        _ method: String, _ path: String, token: String? = nil, json: String? = nil, body: [UInt8]? = nil,
        headers: [String: String] = [:]
    ) async throws -> Reply {
        let payload = body ?? json.map { Array($0.utf8) }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if let token { head += "Authorization: Bearer \(token)\r\n" }
        if let payload {
            head += "Content-Type: application/json\r\nContent-Length: \(payload.count)\r\n"
        }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        let request = Array(head.utf8) + (payload ?? [])
        let port = port
        let raw = try await offPool { try Self.exchange(port: port, request) }
        return try Self.parse(raw)
    }

    /// Connects, writes the request, reads to the end (at most 16 MiB, 30 s).
    private static func exchange(port: UInt16, _ request: [UInt8]) throws -> [UInt8] {
        let fd = try connect(port: port)
        defer { close(fd) }
        try write(fd, request)
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while out.count < 16 << 20 {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            out.append(contentsOf: buffer[0..<n])
        }
        return out
    }

    /// A connected socket to 127.0.0.1:`port` with a 30 s receive timeout.
    static func connect(port: UInt16) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard rc == 0 else {
            close(fd)
            throw Failure(description: "connect to port \(port): \(String(cString: strerror(errno)))")
        }
        return fd
    }

    /// Writes every byte (a server may close early after refusing a large body: EPIPE is not
    /// an error here, the response says why).
    static func write(_ fd: Int32, _ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            sent += n
        }
    }

    /// Status line, headers, body (with chunked transfer coding removed).
    static func parse(_ raw: [UInt8]) throws -> Reply {
        guard let end = find([13, 10, 13, 10], in: raw, from: 0) else {
            throw Failure(
                description:
                    "no complete response head in \(raw.count) bytes: \(String(decoding: raw.prefix(200), as: UTF8.self))")
        }
        let lines = String(decoding: raw[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw Failure(description: "bad status line \(lines[0])")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Array(raw[(end + 4)...])
        if headers["transfer-encoding"]?.lowercased() == "chunked" { body = dechunk(body) }
        return Reply(status: status, headers: headers, body: body)
    }

    /// The body of a chunked message (RFC 9112 §7.1).
    static func dechunk(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        while let lineEnd = find([13, 10], in: bytes, from: i) {
            let sizeText = String(decoding: bytes[i..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size > 0 else { break }
            let start = lineEnd + 2
            guard start + size <= bytes.count else {
                out.append(contentsOf: bytes[start...])
                break
            }
            out.append(contentsOf: bytes[start..<(start + size)])
            i = start + size + 2
        }
        return out
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
        for i in start...(bytes.count - needle.count)
        where bytes[i] == needle[0] && Array(bytes[i..<(i + needle.count)]) == needle {
            return i
        }
        return nil
    }
}
