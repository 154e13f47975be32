/// Splits a byte stream, handed over in chunks of any size, into numbered lines: the one line rule
/// of ``NMEADecoder`` (`lodestar replay`, trace sources) and `lodestar nmea decode`.
///
/// ```swift
/// var lines = NMEALineSplitter()
/// lines.split(chunk) { piece in ... }   // as many chunks as there are
/// lines.finish { piece in ... }         // a last line without a line end
/// ```
///
/// - A line ends with LF, CR LF or a CR alone (receivers and loggers that end lines with CR only).
///   CR LF is one line end, also when the CR ends one chunk and the LF starts the next; LF CR is
///   two (an empty line between them), as text editors and Python's universal newlines count them.
/// - Line numbers start at 1 and count every line, blank ones included, as a person reading the
///   file counts them. The line handed out excludes its line end, and holds no CR or LF.
/// - Memory is bounded: at most one partial line of up to ``maxLength`` bytes is kept between
///   chunks; a longer line is handed out once, as ``Piece/tooLong(head:number:)``, and skipped up
///   to its line end.
public struct NMEALineSplitter: Sendable {
    /// What the splitter hands out. The bytes are valid only during the call.
    public enum Piece {
        /// A complete line, without its line end, and its number (1-based).
        case line(UnsafeBufferPointer<UInt8>, number: Int)
        /// A line longer than ``maxLength`` bytes, skipped: its first bytes (at most 100) and its number.
        case tooLong(head: UnsafeBufferPointer<UInt8>, number: Int)
    }

    static let lf: UInt8 = 0x0A, cr: UInt8 = 0x0D

    /// Longest line handed out, in bytes, line end excluded.
    public let maxLength: Int
    /// Lines ended so far (the number of the last one handed out, or of the long line skipped).
    public private(set) var lineCount = 0
    var partial: [UInt8] = []
    var discarding = false
    /// The last line ended with a CR at the end of a chunk: an LF at the start of the next chunk
    /// completes that line end.
    var endedWithCR = false

    /// A splitter for lines of at most `maxLength` bytes (line end excluded).
    public init(maxLength: Int = 4096) {
        self.maxLength = maxLength
        partial.reserveCapacity(256)
    }

    /// An empty splitter that holds no buffer, to swap with a working one.
    static var placeholder: NMEALineSplitter { NMEALineSplitter(emptyWithLimit: 0) }

    init(emptyWithLimit maxLength: Int) { self.maxLength = maxLength }

    /// Splits the next chunk, calling `body` for each line it completes, in order.
    public mutating func split(_ chunk: UnsafeRawBufferPointer, _ body: (Piece) -> Void) {
        guard let base = chunk.baseAddress?.assumingMemoryBound(to: UInt8.self), chunk.count > 0 else { return }
        split(base, chunk.count, body)
    }

    /// Ends the stream: hands out a last line that has no line end.
    public mutating func finish(_ body: (Piece) -> Void) {
        if !partial.isEmpty || discarding { endPartialLine(body) }
        endedWithCR = false
    }

    /// The splitting loop: a line ends at the first CR or LF (``lineEnd(_:_:)``); a CR followed by
    /// an LF, now or at the start of the next chunk, is one line end.
    @inline(__always)
    mutating func split(_ base: UnsafePointer<UInt8>, _ count: Int, _ body: (Piece) -> Void) {
        let end = base + count
        var p = base
        if endedWithCR {
            endedWithCR = false
            if p[0] == NMEALineSplitter.lf { p += 1 }
        }
        while p < end {
            let stop = NMEALineSplitter.lineEnd(p, end)
            if stop == end {
                keep(p, end - p, body)
                return
            }
            let length = stop - p
            if partial.isEmpty && !discarding {
                lineCount += 1
                if length > maxLength {
                    body(.tooLong(head: UnsafeBufferPointer(start: p, count: min(length, 100)), number: lineCount))
                } else {
                    body(.line(UnsafeBufferPointer(start: p, count: length), number: lineCount))
                }
            } else {
                keep(p, length, body)
                endPartialLine(body)
            }
            p = stop + 1
            if stop.pointee == NMEALineSplitter.cr {
                if p == end {
                    endedWithCR = true
                } else if p.pointee == NMEALineSplitter.lf {
                    p += 1
                }
            }
        }
    }

    /// The first CR or LF in `p ..< end`, or `end`. One pass, 16 bytes at a time: a block is
    /// tested for any byte below 0x0E (SSE2 `pminub`/`pcmpeqb`/`pmovmskb` once compiled), and the
    /// block that has one is searched with the word trick of "Bit Twiddling Hacks" (`hasless`):
    /// in `(x − 0x0E…0E) & ~x & 0x80…80` the lowest set bit marks exactly the first such byte.
    /// Other control bytes below 0x0E (NUL, TAB) are skipped over.
    @inline(__always)
    static func lineEnd(_ p: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> UnsafePointer<UInt8> {
        var q = p
        let limit = SIMD16<UInt8>(repeating: 0x0E)
        let lastBlock = end - 16  // may lie before p: the loop then does not run
        while q <= lastBlock {
            let v = UnsafeRawPointer(q).loadUnaligned(as: SIMD16<UInt8>.self)
            if !any(v .< limit) {
                q += 16
                continue
            }
            var x = UnsafeRawPointer(q).loadUnaligned(as: UInt64.self)
            var at = q
            var m = (x &- 0x0E0E_0E0E_0E0E_0E0E) & ~x & 0x8080_8080_8080_8080
            if m == 0 {
                at = q + 8
                x = UnsafeRawPointer(at).loadUnaligned(as: UInt64.self)
                m = (x &- 0x0E0E_0E0E_0E0E_0E0E) & ~x & 0x8080_8080_8080_8080
            }
            let found = at + m.trailingZeroBitCount &>> 3
            if found.pointee == lf || found.pointee == cr { return found }
            q = found + 1
        }
        while q < end {
            if q.pointee == lf || q.pointee == cr { return q }
            q += 1
        }
        return end
    }

    /// Adds bytes to the line in progress, or starts skipping it when it grows too long.
    mutating func keep(_ p: UnsafePointer<UInt8>, _ n: Int, _ body: (Piece) -> Void) {
        if discarding { return }
        if partial.count + n > maxLength {
            var head = Array(partial.prefix(100))
            head.append(contentsOf: UnsafeBufferPointer(start: p, count: min(n, 100 - head.count)))
            partial.removeAll(keepingCapacity: true)
            discarding = true
            head.withUnsafeBufferPointer { body(.tooLong(head: $0, number: lineCount + 1)) }
            return
        }
        partial.append(contentsOf: UnsafeBufferPointer(start: p, count: n))
    }

    /// Ends the line in progress (kept across chunks, or being skipped).
    mutating func endPartialLine(_ body: (Piece) -> Void) {
        lineCount += 1
        if discarding {
            discarding = false
            return
        }
        partial.withUnsafeBufferPointer { body(.line($0, number: lineCount)) }
        partial.removeAll(keepingCapacity: true)
    }
}
