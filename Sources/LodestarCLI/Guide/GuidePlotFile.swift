import Glibc

/// The file `lodestar guide --plot PATH` writes its SVG to, opened for writing before the run so
/// that a path that cannot be written is said at once, not after a long guidance.
///
/// The SVG is written through to what the user named: a regular file (through a symbolic link,
/// the link's target) is overwritten in place, a new name is created. Anything else (a device
/// such as `/dev/full`, a FIFO, a directory, a socket) is refused and left as it is; nothing is
/// ever replaced by a rename.
final class GuidePlotFile: Sendable {
    /// Why the file cannot be opened or written: the whole message.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The path as given.
    let path: String
    private let descriptor: Int32

    /// Opens (or creates, mode 0666 less the umask) `path` for writing, without truncating it.
    /// - Throws: ``Failure`` when the path is not a regular file or a new name, or cannot be opened.
    init(path: String) throws(Failure) {
        var info = stat()
        if stat(path, &info) == 0, let kind = Self.kind(info.st_mode) {
            throw Failure(description: "--plot \(path) is \(kind), not a regular file; give a new file name or a regular file")
        }
        // O_NONBLOCK: a FIFO that appeared since the check must not block the open.
        let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOCTTY | O_NONBLOCK, 0o666)
        guard fd >= 0 else { throw Failure(description: "cannot write \(path): \(String(cString: strerror(errno)))") }
        guard fstat(fd, &info) == 0, Self.kind(info.st_mode) == nil else {
            _ = close(fd)
            throw Failure(description: "--plot \(path) is not a regular file; give a new file name or a regular file")
        }
        self.path = path
        descriptor = fd
    }

    deinit {
        _ = close(descriptor)
    }

    /// Replaces the file's content with `text`.
    /// - Throws: ``Failure`` naming the path and the system's reason (a full disk).
    func write(_ text: String) throws(Failure) {
        guard ftruncate(descriptor, 0) == 0, lseek(descriptor, 0, SEEK_SET) == 0 else {
            throw Failure(description: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
        let error = StandardOutput.write(descriptor, text)
        guard error == 0 else { throw Failure(description: "cannot write \(path): \(String(cString: strerror(error)))") }
        guard fsync(descriptor) == 0 || errno == EINVAL else {
            throw Failure(description: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// What a file that is not a regular one is, for the message; nil for a regular file.
    private static func kind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a directory"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }
}
