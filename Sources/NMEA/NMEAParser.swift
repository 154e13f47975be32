/// Parses single NMEA 0183 sentences from bytes.
///
/// ```swift
/// let parser = NMEAParser()
/// let sentence = try parser.parse("$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47")
/// ```
///
/// - Framing: an optional TAG block (`\s:...*hh\`) and IEC 61162-450 `UdPbC\0` header before the
///   `$` or `!`; CR/LF and surrounding blanks are ignored; there is no 82-character limit.
/// - Checksum: required by default; ``Options/lenient`` accepts sentences without one, and a
///   missing `$` before a standard sentence type.
/// - Talkers: any two characters `A`–`Z`/`0`–`9`. Proprietary `$P...`, encapsulated `!...` and
///   standard types that are not decoded are recognised and returned as such, not errors.
/// - Fields: empty means unknown (nil); a malformed or out-of-range field rejects the sentence
///   with ``NMEAError/Reason/badField``.
///
/// The parser allocates nothing on the heap for the decoded types (DGPS station ids of up to 15
/// characters are stored inline by `String`). It is a value with no state: parse from any thread.
public struct NMEAParser: Sendable {
    /// Parsing options.
    public struct Options: Sendable, Equatable {
        /// Accept sentences without a `*hh` checksum, and standard sentences whose `$` is missing.
        public var lenient: Bool

        /// Strict parsing (checksums required) unless `lenient` is true.
        public init(lenient: Bool = false) { self.lenient = lenient }
    }

    /// The options in use.
    public var options: Options

    /// Maximum number of fields recorded per sentence; standard sentences have at most 21.
    static var fieldCapacity: Int { 40 }

    /// Makes a parser.
    public init(options: Options = Options()) { self.options = options }

    /// Parses one sentence from `bytes` (one line, with or without its line end).
    /// - Throws: ``NMEAError`` saying why the line is not an acceptable sentence.
    public func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(NMEAError) -> NMEASentence {
        guard let base = bytes.baseAddress, bytes.count > 0 else { throw NMEAError(.framing, "empty line") }
        return try parse(base, bytes.count)
    }

    /// Parses one sentence from the bytes of a line.
    public func parse(_ bytes: [UInt8]) throws(NMEAError) -> NMEASentence {
        try bytes.withUnsafeBufferPointer { (buffer) throws(NMEAError) -> NMEASentence in try parse(buffer) }
    }

    /// Parses one sentence from a string. Code points U+0000–U+00FF stand for one byte each
    /// (Latin-1), so binary test data can be written as a string.
    public func parse(_ line: String) throws(NMEAError) -> NMEASentence {
        try parse(NMEAParser.latin1Bytes(line))
    }

    static func latin1Bytes(_ line: String) -> [UInt8] {
        line.unicodeScalars.map { $0.value <= 0xFF ? UInt8($0.value) : 0xFF }
    }

    @inline(__always)
    func parse(_ p: UnsafePointer<UInt8>, _ n: Int) throws(NMEAError) -> NMEASentence {
        var builder = SentenceBuilder()
        try parse(p, n, into: &builder)
        guard let sentence = builder.sentence else { throw NMEAError(.framing, "no sentence") }
        return sentence
    }

    /// Parses one sentence and hands the decoded value to `visitor`, without building an
    /// ``NMEASentence`` (the stream decoder's path: no large enum copies per line).
    @inline(__always)
    func parse<V: SentenceVisitor>(_ p: UnsafePointer<UInt8>, _ n: Int, into visitor: inout V) throws(NMEAError) {
        // One slot more than the fields recorded: ``Fields`` keeps the end of the last field there.
        try withUnsafeTemporaryAllocation(of: Int32.self, capacity: NMEAParser.fieldCapacity + 1) {
            (starts) throws(NMEAError) -> Void in
            guard let s = starts.baseAddress else { throw NMEAError(.framing, "no memory") }
            let frame = try Framer.frame(p, n, lenient: options.lenient, starts: s, capacity: NMEAParser.fieldCapacity)
            try decode(p, frame, s, into: &visitor)
        }
    }

    /// Decodes a framed sentence. `starts` is the framer's buffer, with room for
    /// ``fieldCapacity`` + 1 entries: the last is the sentinel ``Fields`` reads.
    @inline(__always)
    func decode<V: SentenceVisitor>(
        _ p: UnsafePointer<UInt8>, _ frame: Frame, _ starts: UnsafeMutablePointer<Int32>, into v: inout V
    ) throws(NMEAError) {
        let a = frame.addressStart
        // Talker "P" is reserved for proprietary sentences: P + three-character manufacturer.
        if p[a] == 0x50 && (frame.delimiter == Framer.dollar || frame.addressLength != 5) {
            v.visit(
                .proprietary(
                    manufacturer: Manufacturer(
                        rawValue: UInt32(p[a + 1]) << 16 | UInt32(p[a + 2]) << 8 | UInt32(p[a + 3]))))
            return
        }
        let talker = Talker(rawValue: UInt16(p[a]) << 8 | UInt16(p[a + 1]))
        let type = SentenceType(rawValue: UInt32(p[a + 2]) << 16 | UInt32(p[a + 3]) << 8 | UInt32(p[a + 4]))
        if frame.delimiter == Framer.bang {
            v.visit(.encapsulated(talker: talker, type: type))
            return
        }
        let count = min(frame.fieldCount, NMEAParser.fieldCapacity)
        // The sentinel after the last recorded field (see ``Fields``): where a next field would start.
        starts[count] = Int32(truncatingIfNeeded: frame.payloadEnd &+ 1)
        var f = Fields(
            base: p, starts: starts, count: count, end: frame.payloadEnd,
            overflowed: frame.fieldCount > NMEAParser.fieldCapacity, type: type)
        if try !SentenceRegistry.decode(type, &f, talker: talker, into: &v) {
            v.visit(.unsupported(talker: talker, type: type))
        }
    }
}
