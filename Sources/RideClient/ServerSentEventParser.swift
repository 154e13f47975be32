/// Splits a `text/event-stream` body into ``ServerSentEvent``s, fed in chunks as they arrive
/// (the WHATWG HTML standard's parsing rules: lines end with LF, CR LF or CR; a blank line
/// dispatches; `:` starts a comment; `retry:` and unknown fields are ignored; one space after
/// the colon is dropped). Memory is bounded: a line, or an event's data, over
/// ``maximumLineBytes`` is an error.
public struct ServerSentEventParser: Sendable {
    /// The longest line and the largest event accepted: 64 KiB.
    public static let maximumLineBytes = 64 * 1024

    private var line: [UInt8] = []
    private var lastWasCR = false
    private var eventType = ""
    private var data: [UInt8] = []
    private var hasData = false
    private var lastID: String?

    public init() {}

    /// Feeds the next bytes of the stream.
    /// - Returns: the events completed by them, in order.
    /// - Throws: ``RideServiceError/badResponse(_:)`` for a line or an event over the limit.
    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) throws(RideServiceError) -> [ServerSentEvent]
    where Bytes.Element == UInt8 {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            if byte == UInt8(ascii: "\n"), lastWasCR {
                lastWasCR = false
                continue
            }
            lastWasCR = byte == UInt8(ascii: "\r")
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                if let event = try endLine() { events.append(event) }
                continue
            }
            guard line.count < Self.maximumLineBytes else {
                throw .badResponse("an event-stream line over \(Self.maximumLineBytes) bytes")
            }
            line.append(byte)
        }
        return events
    }

    private mutating func endLine() throws(RideServiceError) -> ServerSentEvent? {
        defer { line.removeAll(keepingCapacity: true) }
        if line.isEmpty { return dispatch() }
        if line.first == UInt8(ascii: ":") { return nil }
        let colon = line.firstIndex(of: UInt8(ascii: ":"))
        let name = String(decoding: line[..<(colon ?? line.endIndex)], as: UTF8.self)
        var valueStart = colon.map { line.index(after: $0) } ?? line.endIndex
        if valueStart < line.endIndex, line[valueStart] == UInt8(ascii: " ") { valueStart += 1 }
        let value = line[valueStart...]
        switch name {
        case "event": eventType = String(decoding: value, as: UTF8.self)
        case "data":
            if hasData { data.append(UInt8(ascii: "\n")) }
            guard data.count + value.count <= Self.maximumLineBytes else {
                throw .badResponse("an event over \(Self.maximumLineBytes) bytes")
            }
            data.append(contentsOf: value)
            hasData = true
        case "id":
            if !value.contains(0) { lastID = String(decoding: value, as: UTF8.self) }
        default: break
        }
        return nil
    }

    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            eventType = ""
            data.removeAll(keepingCapacity: true)
            hasData = false
        }
        guard hasData else { return nil }
        return ServerSentEvent(
            event: eventType.isEmpty ? "message" : eventType, data: String(decoding: data, as: UTF8.self), id: lastID)
    }
}
