import Foundation
import LodestarInternals
import Logging

/// The log handler of `lodestar serve`: one line a message, in swift-log's `StreamLogHandler`
/// layout, written with one `write(2)` to a file descriptor (standard error, as swift-log's default):
///
///     2026-11-28T05:01:02Z info lodestar.serve : client=127.0.0.1:50312 method=GET ms=0.2 [RideServer] request
///
/// The time is UTC to the second; the metadata (the logger's, then the message's, which wins)
/// in key order, `key=value`. The service logs every request (`AccessMiddleware`), so the
/// line is written straight into bytes: `StreamLogHandler` cost 49,000 instructions a line, a
/// tenth of a status read, in merging and sorting dictionaries and in `String`s; this 16,000
/// (callgrind, issue 24).
/// A line that cannot be written (a closed pipe, a full disk) is dropped, as `StreamLogHandler`
/// drops it.
public struct ServeLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .info
    private let label: String
    private let descriptor: Int32

    /// - Parameters:
    ///   - label: the logger's label, written on each line.
    ///   - descriptor: where lines go; standard error by default. Not closed by the handler.
    public init(label: String, descriptor: Int32 = STDERR_FILENO) {
        self.label = label
        self.descriptor = descriptor
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let line = Self.line(
            date: Date(), level: event.level, label: label, metadata: metadata, explicit: event.metadata,
            source: event.source, message: event.message.description)
        line.withUnsafeBytes { bytes in
            var written = 0
            while written < bytes.count, let base = bytes.baseAddress {
                let n = write(descriptor, base + written, bytes.count - written)
                if n > 0 {
                    written += n
                } else if n < 0, errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }

    /// The bytes of one line, its newline included.
    static func line(
        date: Date, level: Logger.Level, label: String, metadata: Logger.Metadata, explicit: Logger.Metadata?,
        source: String, message: String
    ) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        ISO8601.append(date, fractionDigits: 0, rounding: .down, to: &out)
        out.append(UInt8(ascii: " "))
        out.append(contentsOf: level.rawValue.utf8)
        out.append(UInt8(ascii: " "))
        out.append(contentsOf: label.utf8)
        out.append(contentsOf: " :".utf8)
        // The logger's metadata and the message's, the message's winning, in key order. Only the
        // keys are sorted and values are read by key: copying (key, value) pairs about cost more
        // than the rest of the line.
        var keys: [String] = []
        keys.reserveCapacity(metadata.count + (explicit?.count ?? 0))
        for key in metadata.keys where explicit?[key] == nil { keys.append(key) }
        if let explicit { keys.append(contentsOf: explicit.keys) }
        keys.sort()
        for key in keys {
            guard let value = explicit?[key] ?? metadata[key] else { continue }
            out.append(UInt8(ascii: " "))
            out.append(contentsOf: key.utf8)
            out.append(UInt8(ascii: "="))
            if case .string(let text) = value {
                out.append(contentsOf: text.utf8)
            } else {
                out.append(contentsOf: value.description.utf8)
            }
        }
        out.append(contentsOf: " [".utf8)
        out.append(contentsOf: source.utf8)
        out.append(contentsOf: "] ".utf8)
        out.append(contentsOf: message.utf8)
        out.append(UInt8(ascii: "\n"))
        return out
    }
}
