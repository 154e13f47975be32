/// Counts kept by ``NMEADecoder``: lines, sentences by type, rejected lines by reason, epochs.
public struct NMEAStatistics: Sendable {
    /// Lines read (including blank and comment lines).
    public internal(set) var lines = 0
    /// Blank lines (ignored).
    public internal(set) var blankLines = 0
    /// Comment lines starting with `#` (ignored: trace files carry headers in them).
    public internal(set) var commentLines = 0
    /// Epochs assembled.
    public internal(set) var epochs = 0
    /// Rejected lines (or line fragments) by reason.
    public internal(set) var rejected: [NMEAError.Reason: Int] = [:]
    /// Accepted sentences of the decoded types, indexed by ``NMEAStatistics/decodedTypes``.
    var decoded = InlineArray<16, Int>(repeating: 0)
    /// Accepted sentences of other standard types, proprietary (`P` + manufacturer) and
    /// encapsulated (`!`) sentences, by name.
    var others: [String: Int] = [:]

    /// The decoded types, in the order of the internal counters.
    static let decodedTypes: [SentenceType] = [.gga, .rmc, .gll, .gsa, .gsv, .vtg, .gst, .gbs, .zda, .gns, .hdt, .hdg, .hdm, .ths]

    /// Empty statistics: every count zero.
    public init() {}

    /// Total number of rejected lines.
    public var rejectedTotal: Int { rejected.values.reduce(0, +) }

    /// Total number of accepted sentences (decoded or recognised and skipped).
    public var sentencesTotal: Int { decoded.indices.reduce(0) { $0 + decoded[$1] } + others.values.reduce(0, +) }

    /// Accepted sentences by type name (`"GGA"`, `"TXT"`, `"PGRM"` for proprietary Garmin,
    /// `"!VDM"` for AIS), sorted by name.
    public var sentencesByType: [(type: String, count: Int)] {
        var out: [(String, Int)] = []
        for (i, t) in NMEAStatistics.decodedTypes.enumerated() where decoded[i] > 0 {
            out.append((t.description, decoded[i]))
        }
        for (name, n) in others { out.append((name, n)) }
        return out.sorted { $0.0 < $1.0 }
    }

    /// The number of accepted sentences of a type name, as in ``sentencesByType``.
    public func count(of type: String) -> Int {
        sentencesByType.first { $0.type == type }?.count ?? 0
    }

    @inline(__always)
    mutating func count(_ sentence: NMEASentence) {
        let index: Int
        switch sentence {
        case .gga: index = 0
        case .rmc: index = 1
        case .gll: index = 2
        case .gsa: index = 3
        case .gsv: index = 4
        case .vtg: index = 5
        case .gst: index = 6
        case .gbs: index = 7
        case .zda: index = 8
        case .gns: index = 9
        case .hdt: index = 10
        case .hdg: index = 11
        case .hdm: index = 12
        case .ths: index = 13
        case .unsupported(_, let type):
            others[type.description, default: 0] += 1
            return
        case .proprietary(let m):
            others["P" + m.description, default: 0] += 1
            return
        case .encapsulated(_, let type):
            others["!" + type.description, default: 0] += 1
            return
        }
        decoded[index] += 1
    }
}
