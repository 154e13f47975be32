/// Splits a byte stream, handed over in chunks of any size, into numbered lines.
///
/// Lines end with LF; the line handed out excludes the LF (a CR before it stays, for the caller to
/// trim). Line numbers start at 1 and count every line, blank ones included. Memory is bounded: at
/// most one partial line of up to ``maxLength`` bytes is kept between chunks, and a longer line is
/// reported once as ``Piece/tooLong(number:)`` and skipped up to its LF.
struct LineSplitter {
    /// What the splitter hands out.
    enum Piece {
        /// A complete line (valid only during the call), and its number.
        case line(UnsafeBufferPointer<UInt8>, number: Int)
        /// A line longer than ``maxLength`` bytes, skipped.
        case tooLong(number: Int)
    }

    /// Longest line handed out, in bytes, LF excluded.
    let maxLength: Int
    /// Lines seen so far (the number of the last one).
    private(set) var lineCount = 0
    private var partial: [UInt8] = []
    private var discarding = false

    init(maxLength: Int = 4096) {
        self.maxLength = maxLength
    }

    /// Splits the next chunk, calling `body` for each line it completes.
    mutating func split(_ chunk: UnsafeRawBufferPointer, _ body: (Piece) -> Void) {
        let bytes = chunk.bindMemory(to: UInt8.self)
        var start = 0
        while start < bytes.count {
            guard let lf = bytes[start...].firstIndex(of: 0x0A) else {
                keep(UnsafeBufferPointer(rebasing: bytes[start...]), body)
                return
            }
            keep(UnsafeBufferPointer(rebasing: bytes[start..<lf]), body)
            endLine(body)
            start = lf + 1
        }
    }

    /// Ends the stream: hands out a last line that has no LF.
    mutating func finish(_ body: (Piece) -> Void) {
        if !partial.isEmpty || discarding { endLine(body) }
    }

    /// Adds bytes to the current line, or starts skipping it when it grows too long.
    private mutating func keep(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Piece) -> Void) {
        guard !discarding else { return }
        guard partial.count + bytes.count <= maxLength else {
            partial.removeAll(keepingCapacity: true)
            discarding = true
            body(.tooLong(number: lineCount + 1))
            return
        }
        partial.append(contentsOf: bytes)
    }

    private mutating func endLine(_ body: (Piece) -> Void) {
        lineCount += 1
        if discarding {
            discarding = false
            return
        }
        partial.withUnsafeBufferPointer { body(.line($0, number: lineCount)) }
        partial.removeAll(keepingCapacity: true)
    }
}
