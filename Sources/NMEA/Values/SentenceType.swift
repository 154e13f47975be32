/// The three-character sentence formatter of a standard NMEA sentence (`GGA` in `$GPGGA`).
///
/// Any three characters from `A`–`Z` and `0`–`9` are accepted; the types Lodestar decodes have
/// constants. Stored in one integer, so it can key a dictionary of counts cheaply.
public struct SentenceType: Hashable, Sendable, CustomStringConvertible, Comparable {
    /// The three ASCII bytes, first character in the highest of the low three bytes.
    public let rawValue: UInt32

    /// Makes a type from its packed ASCII bytes.
    @inlinable public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Makes a type from a three-character string such as `"RMC"`; nil unless it is three
    /// characters from `A`–`Z` or `0`–`9`.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 3, bytes.allSatisfy(Talker.isAddressByte) else { return nil }
        rawValue = UInt32(bytes[0]) << 16 | UInt32(bytes[1]) << 8 | UInt32(bytes[2])
    }

    /// The three characters, `"GGA"`.
    public var description: String {
        String(
            decoding: [
                UInt8(truncatingIfNeeded: rawValue >> 16),
                UInt8(truncatingIfNeeded: rawValue >> 8),
                UInt8(truncatingIfNeeded: rawValue),
            ], as: UTF8.self)
    }

    public static func < (a: SentenceType, b: SentenceType) -> Bool { a.rawValue < b.rawValue }

    /// Global positioning system fix data.
    public static let gga = SentenceType(rawValue: 0x474741)
    /// Recommended minimum specific GNSS data.
    public static let rmc = SentenceType(rawValue: 0x524D43)
    /// Geographic position, latitude and longitude.
    public static let gll = SentenceType(rawValue: 0x474C4C)
    /// DOP and active satellites.
    public static let gsa = SentenceType(rawValue: 0x475341)
    /// Satellites in view.
    public static let gsv = SentenceType(rawValue: 0x475356)
    /// Course over ground and ground speed.
    public static let vtg = SentenceType(rawValue: 0x565447)
    /// Pseudorange error statistics.
    public static let gst = SentenceType(rawValue: 0x475354)
    /// GNSS satellite fault detection.
    public static let gbs = SentenceType(rawValue: 0x474253)
    /// Time and date.
    public static let zda = SentenceType(rawValue: 0x5A4441)
    /// GNSS fix data.
    public static let gns = SentenceType(rawValue: 0x474E53)
    /// Heading, true.
    public static let hdt = SentenceType(rawValue: 0x484454)
    /// Heading, deviation and variation.
    public static let hdg = SentenceType(rawValue: 0x484447)
    /// Heading, magnetic.
    public static let hdm = SentenceType(rawValue: 0x48444D)
    /// True heading and status.
    public static let ths = SentenceType(rawValue: 0x544853)
}

/// The three-character manufacturer code of a proprietary sentence (`GRM` in `$PGRME`).
public struct Manufacturer: Hashable, Sendable, CustomStringConvertible {
    /// The three ASCII bytes, packed as in ``SentenceType``.
    public let rawValue: UInt32

    /// Makes a manufacturer code from its packed ASCII bytes.
    @inlinable public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The three characters, `"GRM"`.
    public var description: String { SentenceType(rawValue: rawValue).description }
}
