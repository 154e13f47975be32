/// The framing of one NMEA 0183 sentence inside a line: where the address, the fields and the TAG
/// block are, found in one pass over the bytes that also checks the characters and the checksum.
///
/// Accepted shape (IEC 61162-1 / NMEA 0183 4.11, section 5.3):
/// ```
/// [spaces] [UdPbC\0] [\TAG,...*hh\] ($|!) ADDRESS {,FIELD} [*hh] [spaces] [CR] [LF]
/// ```
/// - `ADDRESS` is talker (2) + type (3), or `P` + manufacturer (3 or more characters).
/// - Characters between the delimiter and `*` must be printable ASCII (0x20...0x7E) and must not be
///   another `$` or `!`.
/// - The checksum is the XOR of every byte between the delimiter and `*`, as two hex digits (either
///   case). It is required unless the parser is lenient; lenient parsing also accepts a missing `$`
///   before a known standard sentence type.
/// - Line length is not limited here (sentences from high-precision receivers exceed 82 characters);
///   the stream decoder bounds it.
struct Frame {
    /// `$` (0x24) or `!` (0x21); `$` for a lenient sentence without a delimiter.
    var delimiter: UInt8
    /// Index of the first address byte.
    var addressStart: Int
    /// Number of address bytes.
    var addressLength: Int
    /// Index of the `*`, or of the end of the sentence when there is no checksum.
    var payloadEnd: Int
    /// Index range of the TAG block's content (between `\` and `*hh\`), when there is one.
    var tagBlock: Range<Int>?
    /// Number of fields after the address.
    var fieldCount: Int
}

/// A read-only view of the fields of a framed sentence.
///
/// `starts[i]` is the index of the first byte of field `i + 1` (fields are numbered from 1, as in
/// the NMEA standard and gpsd); field `i + 1` ends one byte before `starts[i + 1]`. The buffer
/// holds `count + 1` entries: `starts[count]` is ``Frame/payloadEnd`` + 1, where a next field
/// would start, so that the last field is read like the others. Fields beyond the recorded count
/// read as empty, so sentences that omit optional trailing fields (NMEA 2.3 mode, 4.1 status)
/// decode without special cases.
struct Fields {
    let base: UnsafePointer<UInt8>
    let starts: UnsafeMutablePointer<Int32>
    /// Number of fields present (the recorded ones; see ``overflowed``).
    let count: Int
    let end: Int
    /// More fields than the buffer holds; decoders of standard types reject such sentences.
    let overflowed: Bool
    /// The sentence type, for error messages.
    let type: SentenceType
    /// The first problem a field reader found, if any (see `FieldDecoding.swift`: readers record
    /// it and go on; the sentence's decoder throws it with ``check()``).
    var problem: FieldProblem? = nil

    @inline(__always)
    subscript(_ number: Int) -> Field {
        guard number >= 1 && number <= count else { return Field(base: base, start: 0, count: 0) }
        let s = Int(starts[number - 1])
        let e = Int(starts[number]) &- 1
        return Field(base: base, start: s, count: e - s)
    }

    /// Throws ``NMEAError/Reason/truncated`` unless at least `minimum` fields are present.
    @inline(__always)
    func require(_ minimum: Int) throws(NMEAError) {
        if count < minimum {
            throw NMEAError(.truncated, "\(type) has \(count) field\(count == 1 ? "" : "s"), needs at least \(minimum)")
        }
        if overflowed { throw NMEAError(.truncated, "\(type) has too many fields") }
    }

    /// Throws the first problem the field readers recorded, if any, as ``NMEAError/Reason/badField``.
    @inline(__always)
    func check() throws(NMEAError) {
        if let problem { throw error(problem) }
    }
}

/// One field's bytes.
struct Field {
    let base: UnsafePointer<UInt8>
    let start: Int
    let count: Int

    @inline(__always) var isEmpty: Bool { count == 0 }
    @inline(__always) subscript(_ i: Int) -> UInt8 { base[start + i] }

    /// Whether the field contains the byte `b`.
    func contains(_ b: UInt8) -> Bool {
        for i in 0..<count where base[start + i] == b { return true }
        return false
    }

    /// The field's text, for error messages.
    var text: String {
        String(decoding: UnsafeBufferPointer(start: base + start, count: count), as: UTF8.self)
    }
}
