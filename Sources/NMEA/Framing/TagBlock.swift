/// An IEC 61162-450 / NMEA 4.10 TAG block: `\s:SI1001,c:1553390539*hh\` before a sentence.
public struct TagBlock: Sendable, Equatable {
    /// `s:` source identification.
    public var source: String?
    /// `c:` UNIX time, seconds since 1970-01-01.
    public var unixTime: Int?
    /// The whole content between the backslashes, without the checksum.
    public var raw: String

    init(raw: String) {
        self.raw = raw
        for parameter in raw.split(separator: ",") {
            if parameter.hasPrefix("s:") { source = String(parameter.dropFirst(2)) }
            if parameter.hasPrefix("c:") { unixTime = Int(parameter.dropFirst(2)) }
        }
    }
}

extension NMEAParser {
    /// The TAG block of a line, if it has a valid one; nil when it has none.
    /// - Throws: ``NMEAError`` when the line is not an acceptable sentence.
    public func tagBlock(_ line: String) throws(NMEAError) -> TagBlock? {
        try withFrame(line) { p, frame, _ in
            frame.tagBlock.map {
                TagBlock(raw: String(decoding: UnsafeBufferPointer(start: p + $0.lowerBound, count: $0.count), as: UTF8.self))
            }
        }
    }

    /// The raw fields after the address of any acceptable sentence, as text. Meant for the types
    /// Lodestar does not decode (TXT, XTE, ...); the decoded types have typed accessors.
    /// - Throws: ``NMEAError`` when the line is not an acceptable sentence.
    public func fields(_ line: String) throws(NMEAError) -> [String] {
        try withFrame(line) { p, frame, _ in
            // Every field, however many (u-blox PUBX,03 has more than the decoders record).
            guard frame.fieldCount > 0 else { return [] }
            let first = frame.addressStart + frame.addressLength + 1
            return UnsafeBufferPointer(start: p + first, count: frame.payloadEnd - first)
                .split(separator: Framer.comma, omittingEmptySubsequences: false)
                .map { String(decoding: $0, as: UTF8.self) }
        }
    }

    private func withFrame<R>(
        _ line: String, _ body: (UnsafePointer<UInt8>, Frame, UnsafeMutablePointer<Int32>) -> R
    ) throws(NMEAError) -> R {
        let bytes = NMEAParser.latin1Bytes(line)
        return try bytes.withUnsafeBufferPointer { (buffer) throws(NMEAError) -> R in
            guard let p = buffer.baseAddress, buffer.count > 0 else { throw NMEAError(.framing, "empty line") }
            return try withUnsafeTemporaryAllocation(of: Int32.self, capacity: NMEAParser.fieldCapacity) {
                (starts) throws(NMEAError) -> R in
                guard let s = starts.baseAddress else { throw NMEAError(.framing, "no memory") }
                let frame = try Framer.frame(
                    p, buffer.count, lenient: options.lenient, starts: s,
                    capacity: NMEAParser.fieldCapacity)
                return body(p, frame, s)
            }
        }
    }
}
