import Foundation

/// A buffered writer to a file descriptor that checks every write, the last flush and the close:
/// `lodestar trace synthesize` streams its trace through it, so memory stays bounded and a full
/// disk (or `/dev/full`) is an error, never a silently short file.
final class TraceFileWriter {
    /// Why a write failed: the path and the system's reason, for a one-line message.
    struct Failure: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "cannot write \(path): \(reason)" }
    }

    let path: String
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private var buffer: [UInt8] = []
    private var closed = false
    private static let capacity = 1 << 16

    /// Opens (creates or truncates) `path` for writing, through to what it names.
    init(path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Failure(path: path, reason: Self.reason(errno)) }
        self.path = path
        descriptor = fd
        ownsDescriptor = true
        buffer.reserveCapacity(Self.capacity)
    }

    /// Writes to standard output (not closed by ``close()``).
    init(standardOutput: Void) {
        path = "standard output"
        descriptor = STDOUT_FILENO
        ownsDescriptor = false
    }

    /// Appends `text`, writing the buffer out when it is full.
    func write(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.capacity { try flush() }
    }

    /// Writes out everything buffered; partial writes are continued, EINTR retried.
    func flush() throws {
        var written = 0
        while written < buffer.count {
            let n = buffer[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                let failure = Failure(path: path, reason: Self.reason(errno))
                buffer.removeAll(keepingCapacity: true)
                throw failure
            }
            if n == 0 { throw Failure(path: path, reason: "nothing was written") }
            written += n
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes, then closes the file (a close that fails is a failed write too).
    func close() throws {
        try flush()
        guard ownsDescriptor, !closed else { return }
        closed = true
        if Glibc.close(descriptor) != 0 { throw Failure(path: path, reason: Self.reason(errno)) }
    }

    deinit {
        if ownsDescriptor, !closed { _ = Glibc.close(descriptor) }
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
