#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A trace or batch input opened for reading in large chunks with `read(2)`: a file, or standard
/// input for `-`. Directories are refused when opened. The descriptor is closed when the value
/// is released (standard input is left open). Not thread-safe: one reader at a time.
package final class InputFile: Sendable {
    /// Why an input cannot be read: the path as given and the system's reason.
    package struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The path as given (`-` for standard input).
        package var path: String
        /// The system's reason (`No such file or directory`, `it is a directory`).
        package var reason: String

        /// `cannot read PATH: REASON` (`standard input` for `-`).
        package var description: String { "cannot read \(path == "-" ? "standard input" : path): \(reason)" }
    }

    /// The path as given; `-` for standard input.
    package let path: String
    /// The file descriptor (0 for standard input).
    package let descriptor: Int32
    /// The size in bytes of a regular file; nil for pipes and terminals.
    package let size: Int?

    /// What a message calls the input: the path, or `standard input`.
    package var name: String { path == "-" ? "standard input" : path }

    /// Opens `path`, or standard input for `-`.
    /// - Throws: ``Failure`` when the file does not exist, cannot be opened or is a directory.
    package init(path: String) throws(Failure) {
        let fd: Int32
        if path == "-" {
            fd = 0
        } else {
            fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        }
        var info = stat()
        var size: Int?
        if fstat(fd, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR {
                if fd != 0 { _ = close(fd) }
                throw Failure(path: path, reason: "it is a directory")
            }
            size = (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : nil
        }
        self.path = path
        self.descriptor = fd
        self.size = size
    }

    deinit {
        if descriptor != 0 { _ = close(descriptor) }
    }

    /// Reads up to `buffer.count` bytes into `buffer`, retrying when a signal interrupts the read.
    /// - Returns: the number of bytes read; 0 at the end of the input.
    /// - Throws: ``Failure`` when the read fails.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(Failure) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            #if canImport(Glibc)
            let n = Glibc.read(descriptor, base, buffer.count)
            #else
            let n = Darwin.read(descriptor, base, buffer.count)
            #endif
            if n >= 0 { return n }
            if errno == EINTR { continue }
            throw Failure(path: path, reason: String(cString: strerror(errno)))
        }
    }

    /// Reads the whole input in chunks of up to `chunkSize` bytes, calling `body` with each.
    /// - Throws: ``Failure`` when a read fails.
    package func forEachChunk(chunkSize: Int = 1 << 20, _ body: (UnsafeRawBufferPointer) -> Void) throws(Failure) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(chunkSize, 1), alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let n = try read(into: buffer)
            if n == 0 { return }
            body(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
        }
    }
}
