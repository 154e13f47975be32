import GNSS

/// The two-character talker identifier of an NMEA sentence (`GP` in `$GPGGA`).
///
/// Any two characters from `A`–`Z` and `0`–`9` are accepted; the well-known ones have constants.
/// Stored as two bytes, so comparing and hashing talkers costs nothing.
public struct Talker: Hashable, Sendable, CustomStringConvertible {
    /// The two ASCII bytes, first character in the high byte.
    public let rawValue: UInt16

    /// Makes a talker from its two ASCII bytes.
    @inlinable public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// Makes a talker from a two-character string such as `"GN"`; nil unless it is two characters
    /// from `A`–`Z` or `0`–`9`.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 2, bytes.allSatisfy(Talker.isAddressByte) else { return nil }
        rawValue = UInt16(bytes[0]) << 8 | UInt16(bytes[1])
    }

    /// The two characters, `"GP"`.
    public var description: String {
        String(decoding: [UInt8(rawValue >> 8), UInt8(rawValue & 0xFF)], as: UTF8.self)
    }

    /// The satellite system this talker stands for, when it names one (`GP` → GPS, `GL` → GLONASS,
    /// `GA` → Galileo, `GB`/`BD` → BeiDou, `GQ`/`QZ` → QZSS, `GI` → NavIC). nil for `GN` (combined)
    /// and non-GNSS talkers.
    public var system: GNSSSystem? {
        switch self {
        case .gps: .gps
        case .glonass: .glonass
        case .galileo: .galileo
        case .beidou, .beidouLegacy: .beidou
        case .qzss, .qzssLegacy: .qzss
        case .navic: .navic
        default: nil
        }
    }

    @inline(__always)
    static func isAddressByte(_ b: UInt8) -> Bool {
        b &- 0x41 < 26 || b &- 0x30 < 10
    }

    /// `GP`: GPS.
    public static let gps = Talker(rawValue: 0x4750)
    /// `GN`: combined GNSS solution.
    public static let gnss = Talker(rawValue: 0x474E)
    /// `GL`: GLONASS.
    public static let glonass = Talker(rawValue: 0x474C)
    /// `GA`: Galileo.
    public static let galileo = Talker(rawValue: 0x4741)
    /// `GB`: BeiDou (NMEA 4.10).
    public static let beidou = Talker(rawValue: 0x4742)
    /// `BD`: BeiDou (before NMEA 4.10).
    public static let beidouLegacy = Talker(rawValue: 0x4244)
    /// `GQ`: QZSS (NMEA 4.11).
    public static let qzss = Talker(rawValue: 0x4751)
    /// `QZ`: QZSS (vendor usage before NMEA 4.11).
    public static let qzssLegacy = Talker(rawValue: 0x515A)
    /// `GI`: NavIC (IRNSS).
    public static let navic = Talker(rawValue: 0x4749)
    /// `HE`: north-seeking gyro.
    public static let gyro = Talker(rawValue: 0x4845)
    /// `HC`: magnetic compass.
    public static let compass = Talker(rawValue: 0x4843)
    /// `II`: integrated instrumentation.
    public static let instrumentation = Talker(rawValue: 0x4949)
    /// `IN`: integrated navigation.
    public static let integratedNavigation = Talker(rawValue: 0x494E)
}
