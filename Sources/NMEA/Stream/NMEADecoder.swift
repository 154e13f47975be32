import Glibc

/// Decodes an NMEA byte stream, chunk by chunk, into epochs and reports of rejected lines.
///
/// ```swift
/// var decoder = NMEADecoder()
/// decoder.decode(chunk) { event in ... }   // as many chunks as there are
/// decoder.finish { event in ... }          // the last epoch
/// ```
///
/// - Lines end with LF (a CR before it is ignored). Blank lines and lines starting with `#` are
///   skipped and counted, not reported.
/// - A line is parsed by ``NMEAParser``; a rejected line is reported with its number and reason.
///   When a `$` or `!` appears inside a line (two sentences collided on a serial line, or garbage
///   before a sentence), the part before it is reported as a framing error and the rest is parsed.
/// - Lines longer than ``Options/maxLineLength`` (binary data without line ends) are reported once
///   and skipped up to the next line end.
/// - Memory use is bounded: one partial line is kept between chunks, and one cycle in the
///   assembler; nothing grows with the length of the stream.
///
/// The decoder does no I/O: the caller reads the bytes (file, pipe, socket) and hands them over.
public struct NMEADecoder: Sendable {
    /// Decoder options.
    public struct Options: Sendable, Equatable {
        /// Parser options (lenient checksums).
        public var parser: NMEAParser.Options
        /// Assembler options (error model).
        public var assembler: EpochAssembler.Options
        /// Longest line accepted, in bytes, line end excluded. Default 4096.
        public var maxLineLength: Int

        /// Default options, or others.
        public init(parser: NMEAParser.Options = .init(), assembler: EpochAssembler.Options = .init(),
                    maxLineLength: Int = 4096) {
            self.parser = parser
            self.assembler = assembler
            self.maxLineLength = maxLineLength
        }
    }

    /// What the decoder reports.
    public enum Event: Sendable, Equatable {
        /// A completed reporting cycle.
        case epoch(NMEAEpoch)
        /// A line (or part of a line) that was not an acceptable sentence.
        case rejected(RejectedLine)
    }

    /// A rejected line: where, why, and what it held.
    public struct RejectedLine: Sendable, Equatable, CustomStringConvertible {
        /// Line number, 1-based.
        public var line: Int
        /// Why it was rejected.
        public var error: NMEAError
        /// The line's text (non-printable bytes as `\xHH`), at most 100 characters.
        public var text: String

        /// `"line 12: checksum_mismatch: checksum 26 != computed 25: $GPTXT,..."`.
        public var description: String { "line \(line): \(error): \(text)" }
    }

    /// The options in use.
    public let options: Options
    /// The counts so far.
    public var statistics: NMEAStatistics {
        var s = counts
        s.epochs = assembler.epochsClosed
        return s
    }
    /// The counts but epochs, which the assembler keeps.
    var counts = NMEAStatistics()
    let parser: NMEAParser
    var assembler: EpochAssembler
    var partial: [UInt8] = []
    var discarding = false
    /// The line being parsed (for the assembler).
    var currentLine = 0
    /// Receives the epochs the assembler closes: the handler of the `decode` or `finish` call in
    /// progress, wrapped (see ``withHandler(_:_:)``); a no-op between calls. The assembler lends
    /// each epoch to it as it closes, so an epoch is built once and copied once, into its event.
    /// Never shared across threads: it lives only for the duration of one call on this value.
    nonisolated(unsafe) var emitEpoch: (borrowing NMEAEpoch) -> Void = NMEADecoder.ignoreEpoch
    static let ignoreEpoch: @Sendable (borrowing NMEAEpoch) -> Void = { _ in }

    /// Makes a decoder.
    public init(options: Options = Options()) {
        self.options = options
        parser = NMEAParser(options: options.parser)
        assembler = EpochAssembler(options: options.assembler)
        partial.reserveCapacity(256)
    }

    /// Decodes the next chunk of the stream, calling `handle` for each event, in stream order.
    /// Each call makes two small allocations (the wrapped handler); nothing is allocated per
    /// line or per epoch, except when a caller keeps epochs (their satellites are then copied).
    public mutating func decode(_ chunk: UnsafeRawBufferPointer, _ handle: (Event) -> Void) {
        guard let base = chunk.baseAddress?.assumingMemoryBound(to: UInt8.self), chunk.count > 0 else { return }
        withHandler(handle) { decoder in decoder.decode(base, chunk.count, handle) }
    }

    /// Runs `body` with ``emitEpoch`` passing epochs to `handle`, then resets it.
    mutating func withHandler(_ handle: (Event) -> Void, _ body: (inout NMEADecoder) -> Void) {
        withoutActuallyEscaping(handle) { handle in
            emitEpoch = { epoch in handle(.epoch(copy epoch)) }
            body(&self)
            emitEpoch = NMEADecoder.ignoreEpoch
        }
    }

    mutating func decode(_ base: UnsafePointer<UInt8>, _ count: Int, _ handle: (Event) -> Void) {
        let end = base + count
        var p = base
        while p < end {
            let remaining = end - p
            guard let found = memchr(p, 0x0A, remaining) else {
                appendPartial(p, remaining, handle)
                return
            }
            let nl = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self))
            let length = nl - p
            if partial.isEmpty && !discarding {
                line(p, length, handle)
            } else {
                appendPartial(p, length, handle)
                endPartialLine(handle)
            }
            p = nl + 1
        }
    }

    /// Decodes a whole byte array (convenience for tests and small inputs).
    public mutating func decode(_ bytes: [UInt8], _ handle: (Event) -> Void) {
        bytes.withUnsafeBytes { decode($0, handle) }
    }

    /// Ends the stream: decodes a last line without line end, and reports the last epoch.
    public mutating func finish(_ handle: (Event) -> Void) {
        withHandler(handle) { decoder in
            if !decoder.partial.isEmpty || decoder.discarding { decoder.endPartialLine(handle) }
            decoder.assembler.finish(decoder.emitEpoch)
        }
    }

    mutating func appendPartial(_ p: UnsafePointer<UInt8>, _ n: Int, _ handle: (Event) -> Void) {
        if discarding { return }
        if partial.count + n > options.maxLineLength {
            var head = Array(partial.prefix(100))
            head.append(contentsOf: UnsafeBufferPointer(start: p, count: min(n, 100 - head.count)))
            rejectTooLong(counts.lines + 1, head, handle)
            partial.removeAll(keepingCapacity: true)
            discarding = true
            return
        }
        partial.append(contentsOf: UnsafeBufferPointer(start: p, count: n))
    }

    /// Reports a line over the length limit, showing its first 100 bytes.
    mutating func rejectTooLong<C: Collection<UInt8>>(_ number: Int, _ head: C, _ handle: (Event) -> Void) {
        counts.rejected[.lineTooLong, default: 0] += 1
        let error = NMEAError(.lineTooLong, "line longer than \(options.maxLineLength) bytes")
        handle(.rejected(RejectedLine(line: number, error: error, text: NMEADecoder.printable(head) + "...")))
    }

    mutating func endPartialLine(_ handle: (Event) -> Void) {
        if discarding {
            discarding = false
            counts.lines += 1
            return
        }
        var bytes = partial
        partial.removeAll(keepingCapacity: true)
        bytes.withUnsafeMutableBufferPointer { b in
            if let base = b.baseAddress { line(UnsafePointer(base), b.count, handle) } else { line(nil, 0, handle) }
        }
    }

    /// One line, without its LF.
    @inline(__always)
    mutating func line(_ p: UnsafePointer<UInt8>?, _ n: Int, _ handle: (Event) -> Void) {
        counts.lines += 1
        let number = counts.lines
        guard let p else { counts.blankLines += 1; return }
        if n > options.maxLineLength {
            rejectTooLong(number, UnsafeBufferPointer(start: p, count: 100), handle)
            return
        }
        var lo = 0
        while lo < n && Framer.isSpace(p[lo]) { lo += 1 }
        if lo == n { counts.blankLines += 1; return }
        if p[lo] == 0x23 { counts.commentLines += 1; return }
        sentence(p + lo, n - lo, number, handle)
    }

    /// Parses one sentence (splitting collided sentences) and feeds the assembler.
    mutating func sentence(_ p: UnsafePointer<UInt8>, _ n: Int, _ number: Int, _ handle: (Event) -> Void) {
        var start = 0
        while true {
            do throws(NMEAError) {
                currentLine = number
                let parser = parser
                try parser.parse(p + start, n - start, into: &self)
                return
            } catch {
                if error.reason == .framing || error.reason == .badChar,
                   let next = NMEADecoder.nextDelimiter(p, start, n) {
                    let detail = error.reason == .framing && start == 0 && p[0] != Framer.dollar && p[0] != Framer.bang
                        ? "garbage before the sentence" : "sentence interrupted by another"
                    reject(number, NMEAError(.framing, detail), UnsafeBufferPointer(start: p + start, count: next - start), handle)
                    start = next
                    continue
                }
                reject(number, error, UnsafeBufferPointer(start: p + start, count: n - start), handle)
                return
            }
        }
    }

    /// The index of the next `$` or `!` after `start` (a new sentence inside the line), if any.
    static func nextDelimiter(_ p: UnsafePointer<UInt8>, _ start: Int, _ n: Int) -> Int? {
        var i = start + 1
        while i < n {
            if p[i] == Framer.dollar || p[i] == Framer.bang { return i }
            i += 1
        }
        return nil
    }

    mutating func reject<C: Collection<UInt8>>(_ number: Int, _ error: NMEAError, _ bytes: C, _ handle: (Event) -> Void) {
        counts.rejected[error.reason, default: 0] += 1
        handle(.rejected(RejectedLine(line: number, error: error, text: NMEADecoder.printable(bytes))))
    }

    /// Text for a report: printable ASCII kept, other bytes as `\xHH`, at most 100 characters.
    static func printable<C: Collection<UInt8>>(_ bytes: C) -> String {
        var out = ""
        var shown = 0
        for b in bytes {
            if shown >= 100 { out += "..."; break }
            shown += 1
            if b >= 0x20 && b < 0x7F { out.unicodeScalars.append(Unicode.Scalar(b)) }
            else if b == 0x0D { continue }
            else { out += "\\x" + Framer.hex2(b) }
        }
        return out
    }
}

/// The decoder receives each parsed sentence directly: it counts it and passes it to the
/// assembler, keeping any epoch that completes for the caller's handler.
extension NMEADecoder: SentenceVisitor {
    @inline(__always)
    mutating func visit<S: RegisteredSentence>(_ s: S, ordinal: Int) {
        counts.decoded[ordinal] += 1
        assembler.add(s, line: currentLine, emitEpoch)
    }

    mutating func visit(_ s: NMEASentence) { counts.countUndecoded(s) }
}
