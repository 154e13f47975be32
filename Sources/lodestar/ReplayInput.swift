import Glibc

/// The trace a replay reads: a file or standard input, read in large chunks with `read(2)`.
struct ReplayInput {
    /// Why the input could not be read.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let fd: Int32
    let name: String
    /// Size in bytes of a regular file; nil for pipes and terminals.
    let size: Int?

    /// Opens `path`, or standard input for `-`.
    init(path: String) throws(Failure) {
        if path == "-" {
            fd = 0
            name = "standard input"
        } else {
            let opened = open(path, O_RDONLY | O_CLOEXEC)
            guard opened >= 0 else {
                throw Failure(description: "cannot read \(path): \(String(cString: strerror(errno)))")
            }
            fd = opened
            name = path
        }
        var info = stat()
        if fstat(fd, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR {
                if fd != 0 { _ = Glibc.close(fd) }
                throw Failure(description: "cannot read \(path): it is a directory")
            }
            size = (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : nil
        } else {
            size = nil
        }
    }

    /// Reads the whole input in chunks of `chunkSize` bytes, calling `body` with each.
    /// - Throws: ``Failure`` when a read fails.
    func forEachChunk(chunkSize: Int = 1 << 20, _ body: (UnsafeRawBufferPointer) -> Void) throws(Failure) {
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let n = read(fd, buffer, chunkSize)
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure(description: "cannot read \(name): \(String(cString: strerror(errno)))")
            }
            if n == 0 { return }
            body(UnsafeRawBufferPointer(start: buffer, count: n))
        }
    }

    /// Closes the file (not standard input).
    func close() {
        if fd != 0 { _ = Glibc.close(fd) }
    }
}
