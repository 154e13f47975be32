import Foundation
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Reads a Server-Sent Events stream over a plain socket until a condition on the events read
/// so far holds, the server ends the stream, or the time is up; on a thread of its own.
struct EventStreamProbe: Sendable {
    /// One event: its `id`, `event` and `data` fields.
    struct Event: Sendable {
        var id: String?
        var event: String?
        var data: String

        /// The data as a JSON object.
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(data.utf8))) as? [String: Any] ?? [:] }
    }

    /// What was read: the response's status and content type, the events, and whether the
    /// server ended the stream (its last chunk, or the connection closed).
    struct Reading: Sendable {
        var status: Int
        var contentType: String
        var events: [Event]
        var ended: Bool
        /// When the last bytes arrived (an event, or the stream's end).
        var lastArrival: ContinuousClock.Instant? = nil
    }

    let port: UInt16

    /// - Parameter lastEventID: sent as `Last-Event-ID`, as a client that reconnects does.
    func read(
        _ path: String, token: String, lastEventID: String? = nil, timeout: Duration = .seconds(60),
        until done: @escaping @Sendable ([Event]) -> Bool
    ) async throws -> Reading {
        let port = port
        return try await offPool {
            let fd = try HTTPProbe.connect(port: port)
            defer { close(fd) }
            var short = timeval(tv_sec: 0, tv_usec: 200_000)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &short, socklen_t(MemoryLayout<timeval>.size))
            let head =
                "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\nAuthorization: Bearer \(token)\r\n"
                + (lastEventID.map { "Last-Event-ID: \($0)\r\n" } ?? "") + "\r\n"
            try HTTPProbe.write(fd, Array(head.utf8))
            let deadline = ContinuousClock.now + timeout
            var raw: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 16_384)
            var ended = false
            var lastArrival: ContinuousClock.Instant?
            var reading = Reading(status: 0, contentType: "", events: [], ended: false)
            while ContinuousClock.now < deadline {
                let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                let failure = n < 0 ? errno : 0
                if n == 0 { ended = true }
                if n > 0 {
                    raw.append(contentsOf: buffer[0..<n])
                    lastArrival = ContinuousClock.now
                }
                // The chunked body's last chunk: the server has ended the stream.
                if raw.count >= 5, Array(raw.suffix(5)) == Array("0\r\n\r\n".utf8) { ended = true }
                if let reply = try? HTTPProbe.parse(raw) {
                    reading = Reading(
                        status: reply.status, contentType: reply.contentType, events: Self.events(reply.body), ended: ended)
                    if reply.status != 200 || ended || done(reading.events) { break }
                }
                if ended || (n < 0 && failure != EAGAIN && failure != EWOULDBLOCK && failure != EINTR) { break }
            }
            reading.ended = ended
            reading.lastArrival = lastArrival
            return reading
        }
    }

    /// The complete events (each ended by a blank line) in a stream's text.
    static func events(_ body: [UInt8]) -> [Event] {
        let text = String(decoding: body, as: UTF8.self)
        var blocks = text.components(separatedBy: "\n\n")
        blocks.removeLast()  // incomplete, or empty after the last blank line
        return blocks.compactMap { block in
            var event = Event(id: nil, event: nil, data: "")
            var data: [String] = []
            for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix(":") { continue }
                let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
                let value = parts.count > 1 ? String(parts[1].drop { $0 == " " }.prefix(while: { _ in true })) : ""
                switch parts.first {
                case "id": event.id = value
                case "event": event.event = value
                case "data": data.append(parts.count > 1 ? String(parts[1].dropFirst(parts[1].hasPrefix(" ") ? 1 : 0)) : "")
                default: break
                }
            }
            guard !data.isEmpty || event.event != nil else { return nil }
            event.data = data.joined(separator: "\n")
            return event
        }
    }
}
