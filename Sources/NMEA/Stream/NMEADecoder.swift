import Glibc

/// Decodes an NMEA byte stream, chunk by chunk, into epochs and reports of rejected lines.
///
/// ```swift
/// var decoder = NMEADecoder()
/// decoder.decode(chunk) { event in ... }   // as many chunks as there are
/// decoder.finish { event in ... }          // the last epoch
/// ```
///
/// - Lines end with LF, CR LF or CR, and are numbered as ``NMEALineSplitter`` says. Blank lines
///   and lines starting with `#` are skipped and counted, not reported.
/// - A line is parsed by ``NMEAParser``; a rejected line is reported with its number and reason.
///   When a `$` or `!` appears inside a line (two sentences collided on a serial line, or garbage
///   before a sentence), the part before it is reported as a framing error and the rest is parsed
///   (the rule of `LineSentences`, which `lodestar nmea decode` follows too). A line counts once
///   in ``NMEAStatistics/rejected``, however many of its parts are reported.
/// - Lines longer than ``Options/maxLineLength`` (binary data without line ends) are reported once
///   and skipped up to the next line end.
/// - A time of 23:59:60 (a leap second) is accepted on the days that end with one
///   (``CalendarDate/endsWithLeapSecond``) and rejected as a `bad_field` on the others, when the
///   cycle's date is known; see ``EpochAssembler`` for how such an epoch is timed.
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
        public init(
            parser: NMEAParser.Options = .init(), assembler: EpochAssembler.Options = .init(),
            maxLineLength: Int = 4096
        ) {
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
        s.lines = lines.lineCount
        return s
    }
    /// The counts but epochs and lines, which the assembler and the line splitter keep.
    var counts = NMEAStatistics()
    let parser: NMEAParser
    var assembler: EpochAssembler
    var lines: NMEALineSplitter
    /// The line being parsed (for the assembler).
    var currentLine = 0
    /// The last line counted in ``NMEAStatistics/rejected``: a line counts once.
    var lastRejectedLine = 0
    /// Set by the visitor when the sentence just parsed is refused (a misplaced leap second).
    var refused: NMEAError?
    /// Receives the epochs the assembler closes: the epoch handler of the `decode` or `finish`
    /// call in progress (see ``withHandler(_:_:)``); a no-op between calls. The assembler lends
    /// each epoch to it as it closes, so an epoch is built once and copied at most once, into its
    /// event (`decode(_:_:)`) or not at all (``decode(_:epoch:rejected:)``).
    /// Never shared across threads: it lives only for the duration of one call on this value.
    nonisolated(unsafe) var emitEpoch: (borrowing NMEAEpoch) -> Void = NMEADecoder.ignoreEpoch
    static let ignoreEpoch: @Sendable (borrowing NMEAEpoch) -> Void = { _ in }

    /// Makes a decoder.
    public init(options: Options = Options()) {
        self.options = options
        parser = NMEAParser(options: options.parser)
        assembler = EpochAssembler(options: options.assembler)
        lines = NMEALineSplitter(maxLength: options.maxLineLength)
    }

    /// Decodes the next chunk of the stream, calling `handle` for each event, in stream order.
    /// Nothing is allocated per line or per epoch, except when a caller keeps epochs (their
    /// satellites are then copied).
    public mutating func decode(_ chunk: UnsafeRawBufferPointer, _ handle: (Event) -> Void) {
        decode(chunk, epoch: { handle(.epoch(copy $0)) }, rejected: { handle(.rejected($0)) })
    }

    /// `decode(_:_:)` with each epoch lent to `epoch` as the assembler closes it, and each
    /// rejected line given to `rejected`, in stream order: no ``Event`` is made, so a caller that
    /// only reads an epoch copies nothing (an epoch is over 300 bytes, and each event copied it
    /// several times over: about 55 instructions a line in `lodestar replay`; issue 22).
    public mutating func decode(
        _ chunk: UnsafeRawBufferPointer, epoch: (borrowing NMEAEpoch) -> Void, rejected: (RejectedLine) -> Void
    ) {
        guard let base = chunk.baseAddress?.assumingMemoryBound(to: UInt8.self), chunk.count > 0 else { return }
        withHandler(epoch) { decoder in decoder.decode(base, chunk.count, rejected) }
    }

    /// Runs `body` with ``emitEpoch`` passing epochs to `epoch`, then resets it.
    mutating func withHandler(_ epoch: (borrowing NMEAEpoch) -> Void, _ body: (inout NMEADecoder) -> Void) {
        withoutActuallyEscaping(epoch) { epoch in
            emitEpoch = epoch
            body(&self)
            emitEpoch = NMEADecoder.ignoreEpoch
        }
    }

    mutating func decode(_ base: UnsafePointer<UInt8>, _ count: Int, _ rejected: (RejectedLine) -> Void) {
        // The splitter is moved out while it calls back into the decoder (exclusive access).
        var splitter = NMEALineSplitter.placeholder
        swap(&splitter, &lines)
        splitter.split(base, count) { piece in self.piece(piece, rejected) }
        swap(&splitter, &lines)
    }

    /// Decodes a whole byte array (convenience for tests and small inputs).
    public mutating func decode(_ bytes: [UInt8], _ handle: (Event) -> Void) {
        bytes.withUnsafeBytes { decode($0, handle) }
    }

    /// Ends the stream: decodes a last line without line end, and reports the last epoch.
    public mutating func finish(_ handle: (Event) -> Void) {
        finish(epoch: { handle(.epoch(copy $0)) }, rejected: { handle(.rejected($0)) })
    }

    /// ``finish(_:)`` with the epoch lent to `epoch` and a rejected line given to `rejected`, as
    /// ``decode(_:epoch:rejected:)`` does.
    public mutating func finish(epoch: (borrowing NMEAEpoch) -> Void, rejected: (RejectedLine) -> Void) {
        withHandler(epoch) { decoder in
            var splitter = NMEALineSplitter.placeholder
            swap(&splitter, &decoder.lines)
            splitter.finish { piece in decoder.piece(piece, rejected) }
            swap(&splitter, &decoder.lines)
            decoder.assembler.finish(decoder.emitEpoch)
        }
    }

    /// One line from the splitter.
    @inline(__always)
    mutating func piece(_ piece: NMEALineSplitter.Piece, _ rejected: (RejectedLine) -> Void) {
        switch piece {
        case .line(let bytes, let number): line(bytes.baseAddress, bytes.count, number, rejected)
        case .tooLong(let head, let number): rejectTooLong(number, head, rejected)
        }
    }

    /// Reports a line over the length limit, showing its first 100 bytes.
    mutating func rejectTooLong(_ number: Int, _ head: UnsafeBufferPointer<UInt8>, _ rejected: (RejectedLine) -> Void) {
        let error = NMEAError(.lineTooLong, "line longer than \(options.maxLineLength) bytes")
        count(error, line: number)
        rejected(RejectedLine(line: number, error: error, text: NMEADecoder.printable(head) + "..."))
    }

    /// One line, without its line end.
    @inline(__always)
    mutating func line(_ p: UnsafePointer<UInt8>?, _ n: Int, _ number: Int, _ rejected: (RejectedLine) -> Void) {
        switch LineSentences.content(p, n) {
        case .blank: counts.blankLines += 1
        case .comment: counts.commentLines += 1
        case .text(let lo):
            guard let p else { return }
            sentence(p + lo, n - lo, number, rejected)
        }
    }

    /// Parses the sentences of one line (see `LineSentences`) and feeds the assembler.
    @inline(__always)
    mutating func sentence(_ p: UnsafePointer<UInt8>, _ n: Int, _ number: Int, _ rejected: (RejectedLine) -> Void) {
        currentLine = number
        let parser = parser
        LineSentences.parse(
            p, n,
            { (q, m) throws(NMEAError) in
                try parser.parse(q, m, into: &self)
                if let error = self.refused {
                    self.refused = nil
                    throw error
                }
            },
            { error, bytes in
                self.reject(number, error, bytes, rejected)
            })
    }

    /// Reports a rejected line, or part of a line.
    mutating func reject(
        _ number: Int, _ error: NMEAError, _ bytes: UnsafeBufferPointer<UInt8>, _ rejected: (RejectedLine) -> Void
    ) {
        count(error, line: number)
        rejected(RejectedLine(line: number, error: error, text: NMEADecoder.printable(bytes)))
    }

    /// Counts a rejected line under the reason of its first rejected part; later parts of the
    /// same line are reported, not counted again.
    mutating func count(_ error: NMEAError, line number: Int) {
        guard number != lastRejectedLine else { return }
        lastRejectedLine = number
        counts.rejected[error.reason, default: 0] += 1
    }

    /// Text for a report: printable ASCII kept, other bytes as `\xHH`, at most 100 characters.
    static func printable<C: Collection<UInt8>>(_ bytes: C) -> String {
        var out = ""
        var shown = 0
        for b in bytes {
            if shown >= 100 {
                out += "..."
                break
            }
            shown += 1
            if b >= 0x20 && b < 0x7F {
                out.unicodeScalars.append(Unicode.Scalar(b))
            } else if b == 0x0D {
                continue
            } else {
                out += "\\x" + Framer.hex2(b)
            }
        }
        return out
    }
}

/// The decoder receives each parsed sentence directly: it counts it and passes it to the
/// assembler, keeping any epoch that completes for the caller's handler.
extension NMEADecoder: SentenceVisitor {
    @inline(__always)
    mutating func visit<S: RegisteredSentence>(_ s: S, ordinal: Int) {
        if let time = s.time, time.isLeapSecond, let error = assembler.misplacedLeapSecond(s, at: time) {
            refused = error
            return
        }
        counts.decoded[ordinal] += 1
        assembler.add(s, line: currentLine, emitEpoch)
    }

    mutating func visit(_ s: NMEASentence) { counts.countUndecoded(s) }
}
