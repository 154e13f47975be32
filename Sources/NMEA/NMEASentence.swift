/// One parsed NMEA 0183 sentence.
///
/// The types Lodestar uses for navigation are decoded; every other well-formed sentence is
/// recognised by its address and reported as ``unsupported(talker:type:)``,
/// ``proprietary(manufacturer:)`` or ``encapsulated(talker:type:)`` — skipped, not an error.
public enum NMEASentence: Sendable, Equatable {
    case gga(GGA)
    case rmc(RMC)
    case gll(GLL)
    case gsa(GSA)
    case gsv(GSV)
    case vtg(VTG)
    case gst(GST)
    case gbs(GBS)
    case zda(ZDA)
    case gns(GNS)
    case hdt(HDT)
    case hdg(HDG)
    case hdm(HDM)
    case ths(THS)
    /// A standard `$` sentence of a type Lodestar does not decode (TXT, BOD, XDR, ...).
    case unsupported(talker: Talker, type: SentenceType)
    /// A proprietary `$P...` sentence.
    case proprietary(manufacturer: Manufacturer)
    /// An encapsulated `!` sentence (AIS VDM/VDO and the like).
    case encapsulated(talker: Talker, type: SentenceType)

    /// The sentence type; nil for proprietary sentences.
    public var type: SentenceType? {
        switch self {
        case .gga: .gga
        case .rmc: .rmc
        case .gll: .gll
        case .gsa: .gsa
        case .gsv: .gsv
        case .vtg: .vtg
        case .gst: .gst
        case .gbs: .gbs
        case .zda: .zda
        case .gns: .gns
        case .hdt: .hdt
        case .hdg: .hdg
        case .hdm: .hdm
        case .ths: .ths
        case .unsupported(_, let t), .encapsulated(_, let t): t
        case .proprietary: nil
        }
    }

    /// The talker; nil for proprietary sentences.
    public var talker: Talker? {
        switch self {
        case .gga(let s): s.talker
        case .rmc(let s): s.talker
        case .gll(let s): s.talker
        case .gsa(let s): s.talker
        case .gsv(let s): s.talker
        case .vtg(let s): s.talker
        case .gst(let s): s.talker
        case .gbs(let s): s.talker
        case .zda(let s): s.talker
        case .gns(let s): s.talker
        case .hdt(let s): s.talker
        case .hdg(let s): s.talker
        case .hdm(let s): s.talker
        case .ths(let s): s.talker
        case .unsupported(let t, _), .encapsulated(let t, _): t
        case .proprietary: nil
        }
    }

    /// The UTC time of day the sentence carries, for the types that have one.
    public var time: TimeOfDay? {
        switch self {
        case .gga(let s): s.time
        case .rmc(let s): s.time
        case .gll(let s): s.time
        case .gst(let s): s.time
        case .gbs(let s): s.time
        case .zda(let s): s.time
        case .gns(let s): s.time
        default: nil
        }
    }

    /// Whether Lodestar decodes this sentence's content (false for the skipped kinds).
    public var isDecoded: Bool {
        switch self {
        case .unsupported, .proprietary, .encapsulated: false
        default: true
        }
    }
}
