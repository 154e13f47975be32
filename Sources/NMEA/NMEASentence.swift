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

    /// The typed value of a sentence of a registered type (see ``SentenceRegistry``); nil for
    /// the skipped kinds.
    var registered: (any RegisteredSentence)? {
        switch self {
        case .gga(let s): s
        case .rmc(let s): s
        case .gll(let s): s
        case .gsa(let s): s
        case .gsv(let s): s
        case .vtg(let s): s
        case .gst(let s): s
        case .gbs(let s): s
        case .zda(let s): s
        case .gns(let s): s
        case .hdt(let s): s
        case .hdg(let s): s
        case .hdm(let s): s
        case .ths(let s): s
        case .unsupported, .proprietary, .encapsulated: nil
        }
    }

    /// The sentence type; nil for proprietary sentences.
    public var type: SentenceType? {
        if let s = registered { return Swift.type(of: s).type }
        switch self {
        case .unsupported(_, let t), .encapsulated(_, let t): return t
        default: return nil
        }
    }

    /// The talker; nil for proprietary sentences.
    public var talker: Talker? {
        if let s = registered { return s.talker }
        switch self {
        case .unsupported(let t, _), .encapsulated(let t, _): return t
        default: return nil
        }
    }

    /// The UTC time of day the sentence carries, for the types that have one.
    public var time: TimeOfDay? { registered?.time }

    /// Whether Lodestar decodes this sentence's content (false for the skipped kinds).
    public var isDecoded: Bool {
        switch self {
        case .unsupported, .proprietary, .encapsulated: false
        default: true
        }
    }
}
