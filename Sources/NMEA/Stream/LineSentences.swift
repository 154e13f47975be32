/// What one line of an NMEA stream holds, and how its sentences are found: the one rule of
/// ``NMEADecoder`` (`lodestar replay`, trace sources) and of `lodestar nmea decode`.
///
/// - A blank line (spaces and tabs only) and a line whose first non-blank character is `#` (trace
///   headers) hold nothing to parse.
/// - Otherwise the line, leading blanks skipped, is parsed as a sentence. When that fails for
///   framing (garbage before the `$`, or a second `$` or `!` inside) or a bad character, and a
///   `$` or `!` follows in the line, the part before it is rejected as framing and parsing resumes
///   there, as many times as there are delimiters. So a sentence after leading garbage (a logger's
///   prefix, the tail of a sentence cut by a serial-port reset) is recovered, as gpsd's packet
///   lexer recovers it: it hunts for the next `$` and discards what comes before. The garbage is
///   still reported, never dropped in silence.
enum LineSentences {
    /// What a line holds.
    enum Content {
        /// Nothing but spaces and tabs.
        case blank
        /// A `#` comment.
        case comment
        /// Text to parse, from this index (leading blanks skipped).
        case text(Int)
    }

    /// Classifies the line `p[0..<n]` (no line end; `p` may be nil when `n` is 0).
    @inline(__always)
    static func content(_ p: UnsafePointer<UInt8>?, _ n: Int) -> Content {
        guard let p else { return .blank }
        var lo = 0
        while lo < n && Framer.isSpace(p[lo]) { lo += 1 }
        if lo == n { return .blank }
        return p[lo] == 0x23 ? .comment : .text(lo)
    }

    /// Parses the sentences of `p[0..<n]` (a line's text, leading blanks skipped) by the rule
    /// above: `parse` is called with each candidate sentence, `reject` with each part of the line
    /// that is not an acceptable sentence and why.
    @inline(__always)
    static func parse(
        _ p: UnsafePointer<UInt8>, _ n: Int,
        _ parse: (UnsafePointer<UInt8>, Int) throws(NMEAError) -> Void,
        _ reject: (NMEAError, UnsafeBufferPointer<UInt8>) -> Void
    ) {
        var start = 0
        while true {
            do throws(NMEAError) {
                try parse(p + start, n - start)
                return
            } catch {
                if error.reason == .framing || error.reason == .badChar, let next = nextDelimiter(p, start, n) {
                    let detail =
                        error.reason == .framing && start == 0 && p[0] != Framer.dollar && p[0] != Framer.bang
                        ? "garbage before the sentence" : "sentence interrupted by another"
                    reject(NMEAError(.framing, detail), UnsafeBufferPointer(start: p + start, count: next - start))
                    start = next
                    continue
                }
                reject(error, UnsafeBufferPointer(start: p + start, count: n - start))
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
}
