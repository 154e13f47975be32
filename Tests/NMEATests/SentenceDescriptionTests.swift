import Foundation
import TestSupport
import Testing

@testable import NMEA

/// `NMEASentenceDescription` (what `lodestar nmea decode` prints) renders every shared vector in
/// the vectors' own vocabulary: read back with Foundation's JSONSerialization, each object equals
/// the vector's `expect`, key by key, with the tolerances of shared/nmea-vectors/README.md.
@Suite("NMEA sentence descriptions (JSON in the vectors' vocabulary)")
struct SentenceDescriptionTests {
    /// Keys the description writes although a vector's `expect` may leave them out, and why.
    /// `fields` is written for every sentence whose content Lodestar does not decode into the
    /// vocabulary (unknown types, proprietary, `!` sentences, GBS's error estimates); the vectors
    /// give it only for the framing-only records of minmea and go-nmea.
    static let extraKeysAllowed: [String: String] = [
        "fields": "the raw fields of a sentence Lodestar does not decode are always written"
    ]

    static func describe(_ v: ValidVectorTests.Vector) throws -> String {
        let parser = NMEAParser(options: .init(lenient: ValidVectorTests.needsLenient(v)))
        return try NMEASentenceDescription(line: v.sentence, parser: parser).json
    }

    @Test("every valid vector renders to its expected values and keys", arguments: ValidVectorTests.vectors)
    func validVector(_ v: ValidVectorTests.Vector) throws {
        let text = try Self.describe(v)
        #expect(!text.contains("\n"), "one line")
        let object = try #require(try Self.readBack(text), "not a JSON object: \(text)")
        var expect = v.record["expect"]?.object ?? [:]
        expect["fix_valid"] = nil  // pynmea2's verdict, not a field of the sentence
        let extra = Set(object.keys).subtracting(expect.keys)
        let missing = Set(expect.keys).subtracting(object.keys)
        #expect(missing.isEmpty, "\(v.sentence): missing \(missing.sorted()) in \(text)")
        if v.record["basis"]?.string == "partial" {
            // The peer's test asserted only some keys; the reference gave no others.
        } else {
            let unexplained = extra.filter { Self.extraKeysAllowed[$0] == nil }
            #expect(unexplained.isEmpty, "\(v.sentence): unexpected \(unexplained.sorted()) in \(text)")
        }
        var problems: [String] = []
        for (key, want) in expect {
            Self.compare(key, object[key], want, into: &problems)
        }
        #expect(problems.isEmpty, "\(v.sentence): \(problems.joined(separator: "; ")) in \(text)")
        #expect(text.hasPrefix(#"{"type":"#), "type comes first")
    }

    @Test("every invalid vector renders its rejection reason and line number", arguments: InvalidVectorTests.vectors)
    func invalidVector(_ v: InvalidVectorTests.Vector) throws {
        let text = NMEASentenceDescription.json(line: v.sentence, number: v.index + 1)
        let object = try #require(try Self.readBack(text), "not a JSON object: \(text)")
        if let (outcome, why) = InvalidVectorTests.policy[v.sentence] {
            switch outcome {
            case .skippedUndecoded:
                #expect(object["error"] == nil, "\(why): \(text)")
                #expect(object["fields"] != nil, "an undecoded sentence shows its raw fields: \(text)")
            case .rejected(let reason):
                #expect(object["error"] == .string(reason.rawValue), "\(why): \(text)")
            }
            return
        }
        #expect(object["error"] == .string(v.reason), "\(v.sentence): \(text)")
        #expect(object["line"] == .number(Double(v.index + 1)))
        #expect(object["detail"]?.string?.isEmpty == false)
        #expect(Array(object.keys).sorted() == ["detail", "error", "line"])
    }

    @Test("a GGA renders to exactly this line: field order, shortest numbers, null for empty fields")
    func exactText() throws {
        let d = try NMEASentenceDescription(line: "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47")
        #expect(
            d.json == #"{"type":"GGA","talker":"GP","time":"12:35:19","latitude_deg":48.1173,"#
                + #""longitude_deg":11.516666666666667,"fix_quality":1,"satellites":8,"hdop":0.9,"altitude_m":545.4,"#
                + #""geoid_sep_m":46.9,"dgps_age_s":null,"dgps_station":null}"#)
    }

    @Test("−0 is written as 0, and a fraction of a second keeps only its significant digits")
    func negativeZeroAndTime() throws {
        // 0000.000,S is −0 in Swift's arithmetic; the time has a fraction of .070 s.
        let d = try NMEASentenceDescription(line: NMEAFraming.sentence("GPGLL,0000.000,S,00000.000,W,184353.070,A,A"))
        let object = try #require(try Self.readBack(d.json))
        #expect(d.json.contains(#""latitude_deg":0.0,"longitude_deg":0.0,"#), "\(d.json)")
        #expect(object["time"] == .string("18:43:53.07"))
    }

    @Test("strings are escaped for JSON: quotes, backslashes and control bytes")
    func escaping() throws {
        // A TXT whose text holds a quote and a backslash; the parser accepts both (printable ASCII).
        let d = try NMEASentenceDescription(line: NMEAFraming.sentence(#"GPTXT,01,01,02,say "hi" \ bye"#))
        #expect(d.json.contains(#""text":"say \"hi\" \\ bye""#), "\(d.json)")
        // A control byte after the '*' is quoted in the rejection's detail.
        let rejected = NMEASentenceDescription.json(line: "$GPGGA,1*\u{1}x", number: 9)
        #expect(rejected.contains(#"'\u0001x'"#), "\(rejected)")
        let object = try #require(try Self.readBack(rejected), "not JSON: \(rejected)")
        #expect(object["error"] == .string("checksum_format"))
        #expect(object["line"] == .number(9))
    }

    @Test("a proprietary sentence with more than 40 fields keeps all of them (u-blox PUBX,03)")
    func manyFields() throws {
        let v = try #require(ValidVectorTests.vectors.first { $0.sentence.hasPrefix("$PUBX,03") })
        let object = try #require(try Self.readBack(try Self.describe(v)))
        let sentence = v.sentence.prefix { $0 != "*" }
        let expected = sentence.split(separator: ",", omittingEmptySubsequences: false).dropFirst().map {
            JSON.string(String($0))
        }
        #expect(expected.count > 40)
        #expect(object["fields"] == .array(expected))
        #expect(object["manufacturer"] == .string("UBX"))
    }

    @Test("a TAG block's source and time are written after the sentence's keys")
    func tagBlock() throws {
        let tag = "s:SI1001,c:1553390539"
        let d = try NMEASentenceDescription(
            line: "\\\(tag)*\(NMEAFraming.checksum(tag))\\" + NMEAFraming.sentence("GPHDT,123.456,T"))
        #expect(d.json == #"{"type":"HDT","talker":"GP","heading_true_deg":123.456,"tag_source":"SI1001","tag_time":1553390539}"#)
    }

    // MARK: - Helpers

    /// Parses `text` with JSONSerialization into the tests' `JSON` values.
    static func readBack(_ text: String) throws -> [String: JSON]? {
        let any = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return convert(any).object
    }

    static func convert(_ value: Any) -> JSON {
        switch value {
        case is NSNull: return .null
        case let n as NSNumber:
            // JSONSerialization gives true/false as NSNumber of ObjC type "c".
            if String(cString: n.objCType) == "c" { return .bool(n.boolValue) }
            return .number(n.doubleValue)
        case let s as String: return .string(s)
        case let a as [Any]: return .array(a.map(convert))
        case let o as [String: Any]: return .object(o.mapValues(convert))
        default: return .null
        }
    }

    /// Compares one value with the README's tolerances: degree coordinates ±1e-9°, other numbers
    /// ±1e-9 relative, `time` as seconds of day ±1 ms; arrays and objects member by member.
    static func compare(_ key: String, _ got: JSON?, _ want: JSON, into problems: inout [String]) {
        guard let got else { return problems.append("\(key): absent, expected \(want)") }
        switch (got, want) {
        case (.number(let g), .number(let w)):
            let tolerance = key == "latitude_deg" || key == "longitude_deg" ? 1e-9 : 1e-9 * max(1, abs(w))
            if abs(g - w) > tolerance { problems.append("\(key): \(g), expected \(w)") }
        case (.string(let g), .string(let w)) where key == "time":
            guard let gs = secondsOfDay(g), let ws = secondsOfDay(w), abs(gs - ws) <= 0.001 else {
                return problems.append("\(key): \(g), expected \(w)")
            }
        case (.array(let g), .array(let w)):
            guard g.count == w.count else { return problems.append("\(key): \(g.count) elements, expected \(w.count)") }
            for (i, (a, b)) in zip(g, w).enumerated() { compare("\(key)[\(i)]", a, b, into: &problems) }
        case (.object(let g), .object(let w)):
            if Set(g.keys) != Set(w.keys) { problems.append("\(key): keys \(g.keys.sorted()), expected \(w.keys.sorted())") }
            for (k, b) in w { compare(k, g[k], b, into: &problems) }
        default:
            if got != want { problems.append("\(key): \(got), expected \(want)") }
        }
    }

    /// `HH:MM:SS[.f]` as seconds since midnight.
    static func secondsOfDay(_ text: String) -> Double? {
        let parts = text.split(separator: ":")
        guard parts.count == 3, let h = Double(parts[0]), let m = Double(parts[1]), let s = Double(parts[2]) else { return nil }
        return h * 3600 + m * 60 + s
    }
}
