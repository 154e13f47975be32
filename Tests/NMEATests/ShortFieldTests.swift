import TestSupport
import Testing

@testable import NMEA

/// Short numeric fields (one to four characters) take a word-at-a-time path in the field
/// decoders. Every such field over a small alphabet must decode exactly as a plain reading of
/// the digits says: the same value, or a rejection.
@Suite("short numeric fields")
struct ShortFieldTests {
    /// Every string of one to three characters over digits and the characters that end or spoil
    /// a number, and a sample of four-character ones.
    static let fields: [String] = {
        let alphabet = Array("0123456789.-+ aZ/:")
        var out: [String] = []
        for a in alphabet {
            out.append(String(a))
            for b in alphabet {
                out.append(String([a, b]))
                for c in alphabet where c.isNumber || a.isNumber { out.append(String([a, b, c])) }
            }
        }
        for n in stride(from: 0, to: 10_000, by: 7) { out.append(String(n)) }
        out += ["0000", "0999", "9999", "12.5", "1.25", ".125", "125.", "1a23", "12 3", "-123"]
        return out
    }()

    /// The satellite id a plain reading gives: digits only, 0...999.
    static func expectedID(_ field: String) -> Int? {
        guard field.allSatisfy({ $0.isASCII && $0.isNumber }), let v = Int(field), v <= 999 else { return nil }
        return v
    }

    @Test("a GSA satellite id of 1-4 characters is read as its digits, or rejected")
    func satelliteIDs() {
        var checked = 0
        for field in Self.fields {
            // The id is followed by more fields, so the word read stays inside the sentence.
            let line = NMEAFraming.sentence("GPGSA,A,3,\(field),,,,,,,,,,,,2.0,1.0,1.5")
            let result = Result { try NMEAParser().parse(line) }
            switch (result, Self.expectedID(field)) {
            case (.success(.gsa(let gsa)), let expected?):
                #expect(Array(gsa.satelliteIDs) == [expected], "\(field)")
            case (.failure(let error as NMEAError), nil):
                #expect(error.reason == .badField, "\(field): \(error)")
            default:
                Issue.record("\(field): \(result)")
            }
            checked += 1
        }
        #expect(checked > 3000)
    }

    @Test("a GSV elevation of 1-4 characters gives the value of its digits")
    func elevations() throws {
        for field in Self.fields {
            let line = NMEAFraming.sentence("GPGSV,1,1,01,07,\(field),120,45")
            let digitsOnly = field.allSatisfy { $0.isASCII && $0.isNumber }
            guard digitsOnly, let v = Int(field) else { continue }
            if v <= 90 {
                guard case .gsv(let gsv) = try NMEAParser().parse(line) else {
                    Issue.record("\(field): not a GSV")
                    continue
                }
                #expect(gsv.satellite(at: 0).elevation == Double(v), "\(field)")
            } else {
                #expect(throws: NMEAError.self, "\(field)") { try NMEAParser().parse(line) }
            }
        }
    }
}
