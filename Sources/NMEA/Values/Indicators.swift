import GNSS

/// The NMEA 2.3+ mode indicator (FAA mode) of RMC, GLL, VTG and, one per constellation, GNS.
public enum FAAMode: UInt8, Sendable, CaseIterable {
    /// `A`: autonomous.
    case autonomous = 0x41
    /// `D`: differential.
    case differential = 0x44
    /// `E`: estimated (dead reckoning).
    case estimated = 0x45
    /// `F`: float RTK.
    case floatRTK = 0x46
    /// `M`: manual input.
    case manual = 0x4D
    /// `N`: data not valid (no fix).
    case notValid = 0x4E
    /// `P`: precise (NMEA 4.0+).
    case precise = 0x50
    /// `R`: fixed RTK.
    case fixedRTK = 0x52
    /// `S`: simulator.
    case simulator = 0x53

    /// The indicator letter.
    public var character: Character { Character(Unicode.Scalar(rawValue)) }

    /// The fix quality this mode stands for; nil for `N` (not valid).
    public var quality: FixQuality? {
        switch self {
        case .autonomous: .gps
        case .differential, .precise: .dgps
        case .estimated: .deadReckoning
        case .floatRTK: .rtkFloat
        case .fixedRTK: .rtkFixed
        case .manual: .manual
        case .simulator: .simulated
        case .notValid: nil
        }
    }
}

/// The status field of RMC and GLL: `A` data valid, `V` data invalid (navigation receiver warning).
public enum DataStatus: UInt8, Sendable, CaseIterable {
    /// `A`: valid.
    case valid = 0x41
    /// `V`: invalid (void).
    case invalid = 0x56
}

/// The NMEA 4.10 navigational status of RMC and GNS: `S` safe, `C` caution, `U` unsafe, `V` not
/// valid. Reported, but never used to decide whether a fix is valid: u-blox receivers send `V` on
/// every sentence, and some receivers put mode letters (`A`, `D`...) here, which are kept as sent.
public struct NavigationalStatus: RawRepresentable, Hashable, Sendable {
    /// The status letter, `A`–`Z`.
    public let rawValue: UInt8

    /// Any capital letter; nil otherwise.
    public init?(rawValue: UInt8) {
        guard rawValue >= 0x41 && rawValue <= 0x5A else { return nil }
        self.rawValue = rawValue
    }

    /// The status letter.
    public var character: Character { Character(Unicode.Scalar(rawValue)) }

    /// `S`: safe.
    public static let safe = NavigationalStatus(letter: 0x53)
    /// `C`: caution.
    public static let caution = NavigationalStatus(letter: 0x43)
    /// `U`: unsafe.
    public static let unsafe = NavigationalStatus(letter: 0x55)
    /// `V`: not valid (equipment does not give a status).
    public static let notValid = NavigationalStatus(letter: 0x56)

    private init(letter: UInt8) { rawValue = letter }
}

/// GSA's selection mode: `A` automatic 2D/3D, `M` manual (forced).
public enum SelectionMode: UInt8, Sendable, CaseIterable {
    /// `A`: automatic.
    case automatic = 0x41
    /// `M`: manual.
    case manual = 0x4D
}

/// THS's mode indicator.
public enum HeadingMode: UInt8, Sendable, CaseIterable {
    /// `A`: autonomous.
    case autonomous = 0x41
    /// `E`: estimated (dead reckoning).
    case estimated = 0x45
    /// `M`: manual input.
    case manual = 0x4D
    /// `S`: simulator.
    case simulator = 0x53
    /// `V`: data not valid.
    case notValid = 0x56

    /// The indicator letter.
    public var character: Character { Character(Unicode.Scalar(rawValue)) }
}
