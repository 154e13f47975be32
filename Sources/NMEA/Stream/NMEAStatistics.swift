/// Counts kept by ``NMEADecoder``: lines, sentences by type, rejected lines by reason, epochs.
public struct NMEAStatistics: Sendable {
    /// Lines read (including blank and comment lines), as ``NMEALineSplitter`` numbers them.
    public internal(set) var lines = 0
    /// Blank lines (ignored).
    public internal(set) var blankLines = 0
    /// Comment lines starting with `#` (ignored: trace files carry headers in them).
    public internal(set) var commentLines = 0
    /// Epochs assembled.
    public internal(set) var epochs = 0
    /// Rejected lines by reason: a line counts once, under the reason of its first rejected part,
    /// however many parts of it are reported (garbage, collided sentences); a line whose sentence
    /// was recovered after garbage counts too, since its garbage was skipped.
    public internal(set) var rejected: [NMEAError.Reason: Int] = [:]
    /// Accepted sentences of the decoded types, indexed by their place in the registry
    /// (``SentenceRegistry/decodedTypes``).
    var decoded = InlineArray<16, Int>(repeating: 0)
    /// The number of decoded types the counters have room for.
    static var counterCapacity: Int { 16 }
    /// Accepted sentences of other standard types, proprietary (`P` + manufacturer) and
    /// encapsulated (`!`) sentences, by name.
    var others: [String: Int] = [:]

    /// Empty statistics: every count zero.
    public init() {}

    /// Total number of lines with a rejected part (each line once).
    public var rejectedTotal: Int { rejected.values.reduce(0, +) }

    /// Total number of accepted sentences (decoded or recognised and skipped).
    public var sentencesTotal: Int { decoded.indices.reduce(0) { $0 + decoded[$1] } + others.values.reduce(0, +) }

    /// Accepted sentences by type name (`"GGA"`, `"TXT"`, `"PGRM"` for proprietary Garmin,
    /// `"!VDM"` for AIS), sorted by name.
    public var sentencesByType: [(type: String, count: Int)] {
        var out: [(String, Int)] = []
        for (i, t) in SentenceRegistry.decodedTypes.enumerated() where decoded[i] > 0 {
            out.append((t.description, decoded[i]))
        }
        for (name, n) in others { out.append((name, n)) }
        return out.sorted { $0.0 < $1.0 }
    }

    /// The number of accepted sentences of a type name, as in ``sentencesByType``.
    public func count(of type: String) -> Int {
        sentencesByType.first { $0.type == type }?.count ?? 0
    }

    /// Counts a sentence that is not decoded: another standard type, proprietary or encapsulated.
    @inline(__always)
    mutating func countUndecoded(_ sentence: NMEASentence) {
        switch sentence {
        case .unsupported(_, let type): others[type.description, default: 0] += 1
        case .proprietary(let m): others["P" + m.description, default: 0] += 1
        case .encapsulated(_, let type): others["!" + type.description, default: 0] += 1
        default: break
        }
    }
}
