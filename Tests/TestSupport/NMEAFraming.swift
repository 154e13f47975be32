/// NMEA 0183 framing, written here independently of the code under test: `$` + body + `*hh`,
/// where `hh` is the XOR of the body's bytes (everything between `$` and `*`) as two uppercase
/// hexadecimal digits.
public enum NMEAFraming {
    /// The checksum of `body`: the XOR of its UTF-8 bytes, as two uppercase hexadecimal digits.
    public static func checksum(_ body: some StringProtocol) -> String {
        let sum = body.utf8.reduce(UInt8(0), ^)
        let hex = String(sum, radix: 16, uppercase: true)
        return hex.count == 1 ? "0" + hex : hex
    }

    /// `$BODY*hh`, with the right checksum and no line ending.
    public static func sentence(_ body: some StringProtocol) -> String {
        "$" + body + "*" + checksum(body)
    }

    /// Whether `line` (without its line ending) is `$BODY*hh` with `hh` the checksum of BODY,
    /// taking the last `*` as the start of the checksum.
    public static func hasValidChecksum(_ line: some StringProtocol) -> Bool {
        guard line.first == "$", let star = line.lastIndex(of: "*") else { return false }
        let body = line[line.index(after: line.startIndex)..<star]
        return String(line[line.index(after: star)...]) == checksum(body)
    }
}
