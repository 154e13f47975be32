/// Why a line was not accepted as an NMEA sentence.
///
/// Rejected lines are skipped, never fatal: the stream decoder reports each one with its line number
/// and counts them by ``Reason``.
public struct NMEAError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The class of problem. Raw values are the reason codes of the shared NMEA test vectors.
    public enum Reason: String, Sendable, CaseIterable, Comparable {
        /// `*hh` does not equal the XOR of the bytes between the start delimiter and `*`.
        case checksumMismatch = "checksum_mismatch"
        /// The two characters after `*` are not hexadecimal digits.
        case checksumFormat = "checksum_format"
        /// There is no `*hh` (rejected unless the parser is lenient).
        case checksumMissing = "checksum_missing"
        /// Bytes after the checksum.
        case trailingData = "trailing_data"
        /// No `$` or `!` at the start, garbage before it, or a second start delimiter inside.
        case framing
        /// A control or non-ASCII byte inside the sentence.
        case badChar = "bad_char"
        /// The address field is not talker (2) + type (3), nor `P` + manufacturer.
        case badAddress = "bad_address"
        /// A malformed TAG block (`\...*hh\`).
        case badTagBlock = "bad_tag_block"
        /// Too few fields for the sentence type.
        case truncated
        /// A field has the wrong syntax or is out of range.
        case badField = "bad_field"
        /// The line is longer than the decoder's limit (usually binary data without line ends).
        case lineTooLong = "line_too_long"

        public static func < (a: Reason, b: Reason) -> Bool { a.rawValue < b.rawValue }
    }

    /// The class of problem.
    public var reason: Reason
    /// A human-readable explanation: which field, what was wrong.
    public var detail: String

    /// Makes an error.
    public init(_ reason: Reason, _ detail: String) {
        self.reason = reason
        self.detail = detail
    }

    /// `"bad_field: GGA field 2 (latitude): minutes 61 out of range"`.
    public var description: String { "\(reason.rawValue): \(detail)" }
}
