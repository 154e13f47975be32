import NMEA
import TestSupport
import Testing

/// The last field of a sentence ends where its payload ends: before the `*` of the checksum, or
/// at the end of the line when a lenient parser takes a sentence without one. The field readers
/// find that end in a sentinel the parser writes after the last field's start (`Fields`), so
/// these cases pin it: the last field's bytes, an empty last field, and the field limit.
@Suite("the last field of a sentence")
struct LastFieldTests {
    /// The heading reference of an HDT line (its last field, which must be `T`), as the parser reads it.
    static func hdt(_ line: String, lenient: Bool = false) -> Result<Double?, NMEAError> {
        Result { () throws(NMEAError) -> Double? in
            guard case .hdt(let s) = try NMEAParser(options: .init(lenient: lenient)).parse(line) else {
                throw NMEAError(.framing, "not an HDT")
            }
            return s.heading
        }
    }

    @Test("a last field before the checksum is its bytes, no more and no fewer")
    func beforeChecksum() throws {
        #expect(try Self.hdt(NMEAFraming.sentence("GPHDT,123.4,T")).get() == 123.4)
        #expect(try Self.hdt(NMEAFraming.sentence("GPHDT,123.4,")).get() == 123.4, "empty reference")
        // One byte more or another byte: not the unit `T`.
        for last in ["TT", "T ", "t", "X"] {
            let result = Self.hdt(NMEAFraming.sentence("GPHDT,123.4,\(last)"))
            guard case .failure(let error) = result else {
                Issue.record("'\(last)' read as T: \(result)")
                continue
            }
            #expect(error.reason == .badField && error.detail.contains("field 2"), "\(last): \(error)")
        }
    }

    @Test("without a checksum (lenient), the last field ends at the end of the line")
    func withoutChecksum() throws {
        #expect(try Self.hdt("$GPHDT,123.4,T", lenient: true).get() == 123.4)
        #expect(try Self.hdt("$GPHDT,123.4,T\r\n", lenient: true).get() == 123.4)
        #expect(try Self.hdt("$GPHDT,271", lenient: true).get() == 271, "the heading is the last field")
        guard case .failure(let error) = Self.hdt("$GPHDT,123.4,TX", lenient: true) else {
            Issue.record("'TX' read as T")
            return
        }
        #expect(error.reason == .badField)
    }

    @Test("a GSV's last field, the SNR, read by the short-number path: its digits, or empty")
    func shortLastField() throws {
        for (snr, expected) in [("45", 45.0), ("7", 7), ("099", 99), ("", nil)] as [(String, Double?)] {
            guard case .gsv(let gsv) = try NMEAParser().parse(NMEAFraming.sentence("GPGSV,1,1,01,07,40,120,\(snr)")) else {
                Issue.record("not a GSV")
                continue
            }
            #expect(gsv.satellites.map(\.snr) == [expected], "'\(snr)'")
        }
    }

    @Test("40 fields are read to the last; a 41st is too many")
    func fieldLimit() {
        // 40 fields: the GSV header, nine satellites and a signal id; it has too many satellites.
        let forty = "GPGSV,1,1,09" + String(repeating: ",07,40,120,45", count: 9) + ",1"
        let fortyOne = forty + ",1"
        #expect(forty.split(separator: ",", omittingEmptySubsequences: false).count - 1 == 40)
        for (body, reason) in [(forty, NMEAError.Reason.badField), (fortyOne, .truncated)] {
            do {
                _ = try NMEAParser().parse(NMEAFraming.sentence(body))
                Issue.record("accepted: \(body)")
            } catch {
                #expect(error.reason == reason, "\(error)")
            }
        }
    }
}
