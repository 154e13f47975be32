import Foundation
import LodestarInternals
import Testing

@Suite("JSON object text")
struct JSONObjectTextTests {
    @Test("members in order; null, fixed decimals left out when unknown, shortest doubles")
    func members() {
        var o = JSONObjectText()
        o.add("class", "TPV")
        o.add("mode", 3)
        o.add("time", time: Date(timeIntervalSince1970: 0.5), fractionDigits: 3)
        o.add("lat", fixed: 51.5, decimals: 9)
        o.add("lon", fixed: nil, decimals: 9)
        o.add("alt", fixed: .nan, decimals: 4)
        o.add("hdop", 0.9)
        o.add("zero", -0.0)
        o.add("missing", nil as String?)
        o.add("ok", true)
        o.add("ids", integers: [2, 5])
        #expect(o.json == #"{"class":"TPV","mode":3,"time":"1970-01-01T00:00:00.500Z","lat":51.500000000,"hdop":0.9,"zero":0.0,"missing":null,"ok":true,"ids":[2,5]}"#)
    }

    @Test("strings are escaped as RFC 8259 asks, DEL too, other characters as UTF-8")
    func escaping() {
        #expect(JSONObjectText.quoted("a\"b\\c\nd\r\te\u{01}\u{7F}é→") == #""a\"b\\c\nd\r\te\u0001\u007fé→""#)
    }

    @Test("an object continued after a buffer hands the whole buffer back")
    func continuing() {
        var out = Array("x\n".utf8)
        var o = JSONObjectText(continuing: &out)
        o.add("a", 1)
        o.finish(into: &out)
        #expect(String(decoding: out, as: UTF8.self) == "x\n{\"a\":1}")
    }
}
