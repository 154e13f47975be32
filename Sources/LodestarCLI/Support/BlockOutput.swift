/// Buffered output to a file descriptor: callers append bytes to ``buffer``; it is written out in
/// large blocks (one `write` per megabyte), never once per line, through ``StandardOutput``, which
/// records a failure on standard output for the command's exit status.
struct BlockOutput {
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
    /// - Returns: whether everything written so far was written.
    @discardableResult
    mutating func flush() -> Bool {
        defer { buffer.removeAll(keepingCapacity: true) }
        guard !failed else { return false }
        failed = buffer.withUnsafeBytes { StandardOutput.write(fd, $0) } != 0
        return !failed
    }

    /// Appends text.
    mutating func append(_ text: String) {
        buffer.append(contentsOf: text.utf8)
    }

    /// Appends a line of text and its newline.
    mutating func appendLine(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        buffer.append(0x0A)
    }
}
