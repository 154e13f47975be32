import Logging
import Synchronization

/// A swift-log handler that keeps every record in memory, for tests that read what the server
/// logged: message, level and metadata (as text).
final class LogCapture: Sendable {
    struct Record: Sendable {
        var level: Logger.Level
        var message: String
        var metadata: [String: String]
    }

    private let records = Mutex<[Record]>([])

    /// Everything logged so far.
    var all: [Record] { records.withLock { $0 } }

    /// A logger (level info) that writes here.
    func logger(level: Logger.Level = .info) -> Logger {
        var logger = Logger(label: "lodestar.serve.test") { _ in Handler(capture: self) }
        logger.logLevel = level
        return logger
    }

    fileprivate func append(_ record: Record) { records.withLock { $0.append(record) } }

    private struct Handler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            var all = metadata
            for (key, value) in event.metadata ?? [:] { all[key] = value }
            capture.append(Record(level: event.level, message: "\(event.message)", metadata: all.mapValues { "\($0)" }))
        }
    }
}
