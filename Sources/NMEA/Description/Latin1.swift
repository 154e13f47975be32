/// Bytes as text, one code point U+0000–U+00FF per byte (Latin-1): the form
/// ``NMEAParser/parse(_:)-(String)`` reads back byte for byte.
enum Latin1 {
    /// The string whose code points are `bytes`.
    static func string(_ bytes: some Sequence<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        for b in bytes { scalars.append(Unicode.Scalar(b)) }
        return String(scalars)
    }
}
