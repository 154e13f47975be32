import Glibc

/// Buffered output to a file descriptor: callers append bytes to ``buffer``; it is written out in
/// large blocks (one `write` per megabyte), never once per line.
struct ReplayOutput {
    let fd: Int32
    var buffer: [UInt8] = []
    let threshold: Int
    /// Set when a write failed (closed pipe, full disk); later output is dropped.
    private(set) var failed = false

    init(fd: Int32, threshold: Int = 1 << 20) {
        self.fd = fd
        self.threshold = threshold
        buffer.reserveCapacity(threshold + 64 * 1024)
    }

    /// Writes the buffer out when it has grown past the threshold.
    @inline(__always)
    mutating func flushIfFull() {
        if buffer.count >= threshold { flush() }
    }

    /// Writes everything buffered.
    mutating func flush() {
        defer { buffer.removeAll(keepingCapacity: true) }
        guard !failed else { return }
        buffer.withUnsafeBytes { bytes in
            guard var p = bytes.baseAddress else { return }
            var left = bytes.count
            while left > 0 {
                let n = write(fd, p, left)
                if n < 0 {
                    if errno == EINTR { continue }
                    failed = true
                    return
                }
                p += n
                left -= n
            }
        }
    }

    /// Appends text.
    mutating func append(_ text: String) {
        buffer.append(contentsOf: text.utf8)
    }
}
