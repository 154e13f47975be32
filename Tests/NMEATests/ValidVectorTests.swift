import GNSS
import NMEA
import Testing

/// Every sentence of shared/nmea-vectors/valid.jsonl decodes to the values its record expects.
@Suite("NMEA valid vectors (shared/nmea-vectors/valid.jsonl)")
struct ValidVectorTests {
    struct Vector: Sendable, CustomTestStringConvertible {
        let index: Int
        let record: JSON
        var sentence: String { record["sentence"]?.string ?? "" }
        var testDescription: String { "#\(index) \(sentence.prefix(60))" }
    }

    static let vectors: [Vector] = SharedData.jsonLines(SharedData.vectors.appendingPathComponent("valid.jsonl"))
        .enumerated().map { Vector(index: $0.offset, record: $0.element) }

    @Test("the file holds the 157 vectors its README describes")
    func count() {
        #expect(Self.vectors.count == 157)
    }

    /// Vectors without a checksum, or without the `$`, are accepted only by lenient parsing; strict
    /// parsing rejects them for exactly that reason.
    static func needsLenient(_ v: Vector) -> Bool {
        let trimmed = v.sentence.drop { $0 == " " }
        let framedStart = trimmed.first == "$" || trimmed.first == "!" || trimmed.first == "\\" || trimmed.hasPrefix("UdPbC")
        return v.record["checksum_present"]?.bool == false || !framedStart
    }

    @Test("decodes to the expected values", arguments: vectors)
    func decodes(_ v: Vector) throws {
        let lenient = Self.needsLenient(v)
        let parser = NMEAParser(options: .init(lenient: lenient))
        let sentence = try parser.parse(v.sentence)
        let raw = try parser.fields(v.sentence)
        var check = VectorExpectations(
            sentence: sentence, rawFields: raw,
            tagBlock: try parser.tagBlock(v.sentence))
        check.check(v.record["expect"]?.object ?? [:])
        #expect(check.mismatches.isEmpty, "\(v.sentence): \(check.mismatches.joined(separator: "; "))")
        if let expected = v.record["expect"]?["fix_valid"]?.bool {
            let verdict = Self.lodestarValidity(sentence)
            if verdict != expected {
                let reason = Self.validityPolicy(sentence, raw)
                #expect(
                    reason != nil, "\(v.sentence): Lodestar says valid=\(String(describing: verdict)), pynmea2 says \(expected)")
            }
        }
    }

    @Test(
        "sentences without a checksum or '$' are rejected by strict parsing for that reason",
        arguments: vectors.filter(needsLenient))
    func strictRejects(_ v: Vector) {
        let expected: NMEAError.Reason =
            v.record["checksum_present"]?.bool == false && v.sentence.contains("$") ? .checksumMissing : .framing
        #expect(throws: NMEAError.self) { try NMEAParser().parse(v.sentence) }
        do {
            _ = try NMEAParser().parse(v.sentence)
        } catch {
            #expect(error.reason == expected, "\(v.sentence): \(error)")
        }
    }

    /// The validity Lodestar's assembler gives the sentence on its own.
    static func lodestarValidity(_ s: NMEASentence) -> Bool? {
        switch s {
        case .rmc(let r): r.isValid
        case .gll(let g): g.isValid
        case .gga(let g): g.isValid
        case .gsa(let g): g.isValid
        case .gns(let g): g.isValid
        default: nil
        }
    }

    /// Where Lodestar's verdict differs from pynmea2's `is_valid` by policy, the reason. pynmea2
    /// requires the RMC mode indicator to be one of ADEFMPRS and the 4.1 navigational status to be
    /// one of SCU whenever those fields are present, even when empty.
    static func validityPolicy(_ s: NMEASentence, _ raw: [String]) -> String? {
        guard case .rmc(let r) = s else { return nil }
        if let nav = r.navigationalStatus, nav != .safe, nav != .caution, nav != .unsafe {
            return "NMEA 4.1 navigational status is ignored: u-blox sends V with every valid fix"
        }
        if raw.count >= 13 && raw[12].isEmpty {
            return "an empty navigational status field is unknown, not invalid"
        }
        if raw.count >= 12 && raw[11].isEmpty {
            return "an empty mode indicator field is unknown, not invalid (status A decides)"
        }
        return nil
    }
}
