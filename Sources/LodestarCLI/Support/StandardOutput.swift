import Glibc
import Synchronization

/// Every write the command line makes to a file descriptor, and the one record of whether standard
/// output has failed (closed, a full disk, `/dev/full`, a pipe whose reader went away).
///
/// Writes are unbuffered here: a caller that wants blocks (``BlockOutput``) buffers and hands
/// over whole blocks; a streaming command writes each line as it comes, so a pipe or a file sees
/// every line at once and Ctrl-C loses nothing. After the command, ``failure()`` says whether
/// anything written to standard output (by these writes or by `print`) was lost, and the entry
/// point reports it on standard error and exits non-zero.
enum StandardOutput {
    /// The `errno` of the first failed write to standard output; 0 while none failed.
    private static let firstError = Atomic<Int32>(0)

    /// Writes all of `bytes` to `fd`, retrying after a signal or a short write.
    /// - Returns: 0, or the `errno` of the failed write (also recorded for standard output).
    @discardableResult
    static func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
        guard var p = bytes.baseAddress else { return 0 }
        var left = bytes.count
        while left > 0 {
            let n = Glibc.write(fd, p, left)
            if n < 0 {
                let error = errno
                if error == EINTR { continue }
                if fd == 1 { _ = firstError.compareExchange(expected: 0, desired: error, ordering: .relaxed) }
                return error
            }
            p += n
            left -= n
        }
        return 0
    }

    /// Writes all of `text` to `fd`; see ``write(_:_:)-(_,UnsafeRawBufferPointer)``.
    @discardableResult
    static func write(_ fd: Int32, _ text: String) -> Int32 {
        var text = text
        return text.withUTF8 { write(fd, UnsafeRawBufferPointer($0)) }
    }

    /// Writes `text` and a newline to standard output, in one write.
    /// - Returns: whether it was written.
    @discardableResult
    static func line(_ text: String) -> Bool {
        write(1, text + "\n") == 0
    }

    /// Holds the places of standard input, output and error when they were closed, so that no file
    /// the command opens (a plot, a store) becomes descriptor 1 and receives its output: each is
    /// `/dev/null` opened the wrong way round, so that using it fails with `EBADF` as a closed
    /// descriptor would. Called first thing.
    static func reserveClosedDescriptors() {
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) < 0 && errno == EBADF {
            let reserved = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY)
            if reserved >= 0, reserved != fd {
                _ = dup2(reserved, fd)
                _ = close(reserved)
            }
        }
    }

    /// Whether a write to standard output has failed so far (a closed pipe included).
    static var hasFailed: Bool { firstError.load(ordering: .relaxed) != 0 }

    /// Makes a write to a pipe whose reader went away fail with `EPIPE` instead of killing the
    /// process with SIGPIPE (status 141, no word said). Called first thing; no child inherits it
    /// (the command line starts no program).
    static func ignoreBrokenPipes() {
        _ = signal(SIGPIPE, SIG_IGN)
    }

    /// Whether standard output failed because its reader closed it (`EPIPE`: `lodestar replay |
    /// head -1`): the reader has what it wanted, so the command stops and exits 0 quietly, as
    /// `gpspipe` does. Call after ``failure()``, which flushes what `print` buffered.
    static var readerClosed: Bool { firstError.load(ordering: .relaxed) == EPIPE }

    /// Flushes what `print` buffered and says why standard output lost data, if it did: the
    /// system's reason ("No space left on device", "Bad file descriptor"), or nil when all of it
    /// was written.
    static func failure() -> String? {
        if fflush(nil) != 0 { _ = firstError.compareExchange(expected: 0, desired: errno, ordering: .relaxed) }
        let error = firstError.load(ordering: .relaxed)
        return error == 0 ? nil : String(cString: strerror(error))
    }
}
