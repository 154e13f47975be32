import NMEA
import Testing

/// Every sentence of shared/nmea-vectors/invalid.jsonl is rejected by the default (strict) parser
/// for its stated reason, or is listed in ``InvalidVectorTests/policy`` with what Lodestar does
/// instead and why.
@Suite("NMEA invalid vectors (shared/nmea-vectors/invalid.jsonl)")
struct InvalidVectorTests {
    struct Vector: Sendable, CustomTestStringConvertible {
        let index: Int
        let record: JSON
        var sentence: String { record["sentence"]?.string ?? "" }
        var reason: String { record["reason"]?.string ?? "" }
        var testDescription: String { "#\(index) \(reason) \(sentence.prefix(50))" }
    }

    static let vectors: [Vector] = SharedData.jsonLines(SharedData.vectors.appendingPathComponent("invalid.jsonl"))
        .enumerated().map { Vector(index: $0.offset, record: $0.element) }

    /// What Lodestar does with a vector instead of rejecting it for the stated reason.
    enum Outcome: Equatable {
        /// Accepted as a recognised sentence whose content Lodestar does not decode, and skipped.
        case skippedUndecoded
        /// Rejected, for another reason.
        case rejected(NMEAError.Reason)
    }

    /// Policy differences, each with its reason. All of these are `contested` in the vectors
    /// (at least one peer parser accepts them).
    static let policy: [String: (Outcome, String)] = [
        "$GNTXT,x,01,02,u-blox AG - www.u-blox.com*37":
            (.skippedUndecoded, "TXT is recognised and skipped; its numeric fields are not decoded"),
        "$GNTXT,01,X,02,u-blox AG - www.u-blox.com*17":
            (.skippedUndecoded, "TXT is recognised and skipped; its numeric fields are not decoded"),
        "$GNTXT,01,01,X,u-blox AG - www.u-blox.com*14":
            (.skippedUndecoded, "TXT is recognised and skipped; its numeric fields are not decoded"),
        "$HEROT,x,A*7D":
            (.skippedUndecoded, "ROT (rate of turn) is recognised and skipped, not decoded"),
        "$HEROT,-11.23,X*1E":
            (.skippedUndecoded, "ROT (rate of turn) is recognised and skipped, not decoded"),
        "$GPTXT,hello\n ":
            (
                .rejected(.checksumMissing),
                "blanks after the line end are trimmed like the line end itself; what remains has no checksum (lenient parsing accepts it, as pynmea2 does)"
            ),
        "$GPABC,1,2,3":
            (
                .rejected(.checksumMissing),
                "an unknown type is not an error: strict parsing rejects this line for its missing checksum, lenient parsing skips it as an undecoded type"
            ),
    ]

    @Test("the file holds the 59 vectors its README describes")
    func count() {
        #expect(Self.vectors.count == 59)
    }

    @Test("rejected for the stated reason, or as the policy table says", arguments: vectors)
    func rejected(_ v: Vector) {
        let result = Result { () throws(NMEAError) -> NMEASentence in try NMEAParser().parse(v.sentence) }
        if let (outcome, why) = Self.policy[v.sentence] {
            #expect(v.record["policy"]?.string == "contested", "policy differences are only allowed for contested vectors")
            switch (outcome, result) {
            case (.skippedUndecoded, .success(let s)):
                #expect(!s.isDecoded, "\(why)")
            case (.rejected(let reason), .failure(let e)):
                #expect(e.reason == reason, "\(why)")
            default:
                Issue.record("\(v.sentence): expected \(outcome) (\(why)), got \(result)")
            }
            return
        }
        switch result {
        case .success(let s):
            Issue.record("\(v.sentence) accepted as \(s), expected rejection for \(v.reason)")
        case .failure(let e):
            #expect(e.reason.rawValue == v.reason, "\(v.sentence): \(e)")
        }
    }

    @Test("the lenient parser skips an unknown type without checksum instead of rejecting it")
    func lenientUnknownType() throws {
        let s = try NMEAParser(options: .init(lenient: true)).parse("$GPABC,1,2,3")
        #expect(s == .unsupported(talker: .gps, type: SentenceType("ABC") ?? .gga))
    }
}
