import Foundation

/// A buffered writer to a file descriptor that checks every write, the last flush and the close:
/// `lodestar trace synthesize` streams its trace through it, so memory stays bounded and a full
/// disk (or `/dev/full`) is an error, never a silently short file.
///
/// A regular file (or a new one) is written to a temporary file beside it, `.NAME.XXXXXX`, and
/// renamed into place by ``commit()``: until then the old file, if any, stays whole, and a
/// writer that fails or is dropped removes its temporary file. A device or a FIFO is written in
/// place, as there is nothing to rename.
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
    /// The temporary file written instead of `path` and the file it replaces (`path` through its
    /// links); nil when `path` is written in place.
    private var staged: (temporary: String, target: String)?
    private var buffer: [UInt8] = []
    private var closed = false
    private static let capacity = 1 << 16

    /// Opens `path` for writing: a temporary file beside what it names (through its links), or
    /// the device or FIFO itself.
    init(path: String) throws {
        self.path = path
        var info = stat()
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let exists = stat(target, &info) == 0
        if exists, info.st_mode & S_IFMT == S_IFDIR { throw Failure(path: path, reason: Self.reason(EISDIR)) }
        if exists, info.st_mode & S_IFMT != S_IFREG {
            let fd = open(target, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { throw Failure(path: path, reason: Self.reason(errno)) }
            descriptor = fd
        } else {
            let directory = URL(fileURLWithPath: target).deletingLastPathComponent().path
            var template = Array("\(directory)/.\(URL(fileURLWithPath: target).lastPathComponent).XXXXXX".utf8CString)
            let fd = template.withUnsafeMutableBufferPointer { $0.baseAddress.map { mkstemp($0) } ?? -1 }
            guard fd >= 0 else { throw Failure(path: path, reason: Self.reason(errno)) }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            // mkstemp makes it 0600; give it the mode a new file would have (0644 less the umask).
            let mask = umask(0)
            umask(mask)
            _ = fchmod(fd, 0o644 & ~mask)
            descriptor = fd
            staged = (String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self), target)
        }
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

    /// Flushes, then closes the file (a close that fails is a failed write too); a temporary file
    /// is synced to the disk first, and stays until ``commit()`` renames it.
    func close() throws {
        try flush()
        guard ownsDescriptor, !closed else { return }
        closed = true
        let synced = staged == nil || fsync(descriptor) == 0
        let syncError = errno
        if Glibc.close(descriptor) != 0 { throw Failure(path: path, reason: Self.reason(errno)) }
        if !synced { throw Failure(path: path, reason: Self.reason(syncError)) }
    }

    /// Closes the file and renames the temporary file into place; nothing to rename for a device
    /// or standard output.
    func commit() throws {
        try close()
        guard let staged else { return }
        if rename(staged.temporary, staged.target) != 0 { throw Failure(path: path, reason: Self.reason(errno)) }
        self.staged = nil
    }

    deinit {
        if ownsDescriptor, !closed { _ = Glibc.close(descriptor) }
        if let staged { _ = unlink(staged.temporary) }
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
