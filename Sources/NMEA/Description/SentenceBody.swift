/// The text of a line as bytes and back, and the raw fields of a sentence the parser has already
/// accepted, for ``NMEASentenceDescription``.
enum SentenceBody {
    /// A string whose code points U+0000–U+00FF are the bytes (Latin-1), the form
    /// ``NMEAParser/parse(_:)-(String)`` reads back byte for byte.
    static func latin1String(_ bytes: some Sequence<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        for b in bytes { scalars.append(Unicode.Scalar(b)) }
        return String(scalars)
    }

    /// Every field after the address of a line that ``NMEAParser`` accepted, however many.
    ///
    /// ``NMEAParser/fields(_:)`` stops at 40 fields; this splits the text again. The parser has
    /// checked the framing, so it only has to skip what comes before the address (blanks, the
    /// `UdPbC\0` header, the TAG block, the `$` or `!`) and cut at the `*` or the line end.
    static func fields(ofAccepted line: String) -> [String] {
        var bytes = NMEAParser.latin1Bytes(line)[...]
        while let b = bytes.first, Framer.isSpace(b) { bytes = bytes.dropFirst() }
        while let b = bytes.last, Framer.isSpace(b) { bytes = bytes.dropLast() }
        if bytes.starts(with: [0x55, 0x64, 0x50, 0x62, 0x43, 0x00]) { bytes = bytes.dropFirst(6) }
        if bytes.first == Framer.backslash, let close = bytes.dropFirst().firstIndex(of: Framer.backslash) {
            bytes = bytes[(close + 1)...]
        }
        if let b = bytes.first, b == Framer.dollar || b == Framer.bang { bytes = bytes.dropFirst() }
        if let star = bytes.firstIndex(of: Framer.star) { bytes = bytes[..<star] }
        return bytes.split(separator: Framer.comma, omittingEmptySubsequences: false)
            .dropFirst()
            .map { String(decoding: $0, as: UTF8.self) }
    }
}
