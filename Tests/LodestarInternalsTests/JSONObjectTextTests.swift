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
        #expect(
            o.json
                == #"{"class":"TPV","mode":3,"time":"1970-01-01T00:00:00.500Z","lat":51.500000000,"hdop":0.9,"zero":0.0,"missing":null,"ok":true,"ids":[2,5]}"#
        )
    }

    @Test("strings are escaped as RFC 8259 asks, DEL too, other characters as UTF-8")
    func escaping() {
        #expect(JSONObjectText.quoted("a\"b\\c\nd\r\te\u{01}\u{7F}é→") == #""a\"b\\c\nd\r\te\u0001\u007fé→""#)
    }

    @Test("strings of 0 to 40 bytes with one character that needs an escape at each place, or none: as the rules say")
    func escapingAtEveryPlace() {
        /// The rules written out byte by byte, independently of the writer's word-at-a-time copy.
        func reference(_ s: String) -> String {
            var out = "\""
            for byte in s.utf8 {
                switch byte {
                case 0x22: out += "\\\""
                case 0x5C: out += "\\\\"
                case 0x0A: out += "\\n"
                case 0x0D: out += "\\r"
                case 0x09: out += "\\t"
                case 0..<0x20, 0x7F: out += "\\u00" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)
                default: out += String(decoding: [byte], as: UTF8.self)
                }
            }
            return out + "\""
        }
        let specials: [Character] = ["\"", "\\", "\n", "\u{01}", "\u{1F}", "\u{7F}"]
        var checked = 0
        for length in 0...40 {
            let plain = String((0..<length).map { Character(Unicode.Scalar(UInt8(0x20 + ($0 * 7) % 0x5F))) })
                .replacingOccurrences(of: "\"", with: "q").replacingOccurrences(of: "\\", with: "b")
            #expect(JSONObjectText.quoted(plain) == "\"" + plain + "\"")
            for place in 0..<length {
                for special in specials {
                    var characters = Array(plain)
                    characters[place] = special
                    let s = String(characters)
                    #expect(JSONObjectText.quoted(s) == reference(s), "length \(length), place \(place)")
                    checked += 1
                }
            }
            // Bytes from 0x80 pass as they are: "é" is two of them.
            let accented = String(repeating: "é", count: length / 2)
            #expect(JSONObjectText.quoted(accented) == "\"" + accented + "\"")
        }
        #expect(checked == 6 * (40 * 41 / 2))
    }

    @Test("an object continued after a buffer hands the whole buffer back")
    func continuing() {
        var out = Array("x\n".utf8)
        var o = JSONObjectText(continuing: &out)
        o.add("a", 1)
        o.finish(into: &out)
        #expect(String(decoding: out, as: UTF8.self) == "x\n{\"a\":1}")
    }

    @Test("keys and values that need escapes, long ones and empty ones take the slow path with the same text")
    func slowPaths() {
        var o = JSONObjectText()
        let long = String(repeating: "k", count: 100)
        o.add("q\"k", "v\"1")
        o.add(long, 1)
        o.add("", "")
        o.add("n\n", nil as Int?)
        o.add("text", String(repeating: "é", count: 40))
        o.add("ctl", "a\u{01}b")
        #expect(
            o.json == "{\"q\\\"k\":\"v\\\"1\",\"\(long)\":1,\"\":\"\",\"n\\n\":null,"
                + "\"text\":\"\(String(repeating: "é", count: 40))\",\"ctl\":\"a\\u0001b\"}")
    }

    @Test("objects written in place in an array, after other members and before more")
    func objectsInPlace() {
        var out = Array("x".utf8)
        var o = JSONObjectText(continuing: &out)
        o.add("n", 2)
        // Room for the worst case (more than the buffer's first room, so that it grows between
        // the objects); an element that claims more than its room is cut to it.
        o.add("list", objects: 3, room: 1_500) { i, p in
            let text = Array("{\"i\":\(i + 1),\"x\":".utf8)
            for (k, byte) in text.enumerated() { p[k] = byte }
            let written = text.count + DecimalText.write(1e300, decimals: 1, to: p + text.count)
            p[written] = UInt8(ascii: "}")
            return written + 1
        }
        o.add("cut", objects: 1, room: 2) { _, p in
            p[0] = UInt8(ascii: "{")
            p[1] = UInt8(ascii: "}")
            return 1_000
        }
        o.add("none", objects: 0, room: 80) { _, _ in 0 }
        // Room for less than the members: they are written again with more, whole.
        o.inPlace(room: 1) { c in
            c.add("big", fixed: -1e20, decimals: 0)
            c.add("n", Int.min)
        }
        o.add("after", fixed: -0.25, decimals: 1)
        o.finish(into: &out)
        #expect(
            String(decoding: out, as: UTF8.self)
                == "x{\"n\":2,\"list\":[{\"i\":1,\"x\":\(String(format: "%.1f", 1e300))},"
                + "{\"i\":2,\"x\":\(String(format: "%.1f", 1e300))},{\"i\":3,\"x\":\(String(format: "%.1f", 1e300))}],"
                + "\"cut\":[{}],\"none\":[],"
                + "\"big\":-100000000000000000000,\"n\":-9223372036854775808,\"after\":-0.2}")
    }

    @Test("many objects continued in one growing buffer: each is whole, the buffer keeps every byte")
    func manyObjects() {
        var out: [UInt8] = []
        out.reserveCapacity(1 << 20)
        var expected = ""
        for i in 0..<20_000 {
            var o = JSONObjectText(continuing: &out)
            o.add("i", i)
            o.add("x", fixed: Double(i) / 8, decimals: 3)
            o.finish(into: &out)
            out.append(0x0A)
            expected += "{\"i\":\(i),\"x\":\(String(format: "%.3f", Double(i) / 8))}\n"
        }
        #expect(String(decoding: out, as: UTF8.self) == expected)
    }

    @Test("a number member written again under a second key: the same text, in little room too")
    func numberAlsoAs() {
        var o = JSONObjectText()
        // Room for less than the members: they are written again with more, whole.
        o.inPlace(room: 1) { c in
            c.add("altMSL", fixed: 409.2, decimals: 4, alsoAs: "alt")
            c.add("no", fixed: nil, decimals: 4, alsoAs: "none")
            c.add("k", fixed: -1e20, decimals: 9, alsoAs: "kk")
            c.add("h", fixed: 0.5, decimals: 0, alsoAs: "hh")
        }
        #expect(
            o.json == "{\"altMSL\":409.2000,\"alt\":409.2000,"
                + "\"k\":\(String(format: "%.9f", -1e20)),\"kk\":\(String(format: "%.9f", -1e20)),\"h\":0,\"hh\":0}")
    }

    @Test("a number member with a memo of its text: the text written without one, whatever the values")
    func numberMemo() {
        let values: [Double?] = [1.26, 1.26, 1.27, 1.27, 0, -0.0, -0.0, 0, nil, 1.27, -1e20, -1e20, 1e14, 1e14, .nan, 2.5]
        var memo = FixedTextMemo()
        for decimals in [2, 2, 9, 0] {
            for value in values {
                var with = JSONObjectText()
                var without = JSONObjectText()
                with.inPlace(room: 1) { c in c.add("x", fixed: value, decimals: decimals, memo: &memo) }
                without.inPlace(room: 1) { c in c.add("x", fixed: value, decimals: decimals) }
                #expect(with.json == without.json, "\(String(describing: value)) with \(decimals) decimals")
            }
        }
    }

    @Test("a time member with a memo of its minute's text: the text written without one, whatever the times")
    func timeMemo() {
        let base = 1_710_057_600.0  // 2024-03-10T08:00:00Z
        var times = (0..<130).map { base + Double($0) * 0.9999 }  // across two minutes
        times += [
            base + 59.9996, base + 59.9994, base + 60, -0.0, -1.5, -86_400.25, 0, 253_402_300_799.9996,
            253_402_300_799.4, 1e300, .nan, base, base + 0.0005,
        ]
        var memo = TimeTextMemo()
        for digits in [3, 3, 0, 9, 2] {
            for t in times {
                let date = Date(timeIntervalSince1970: t)
                var with = JSONObjectText()
                var without = JSONObjectText()
                with.inPlace(room: 1) { c in c.add("time", time: date, fractionDigits: digits, memo: &memo) }
                without.inPlace(room: 1) { c in c.add("time", time: date, fractionDigits: digits) }
                #expect(with.json == without.json, "\(t) with \(digits) digits")
            }
        }
    }

    @Test("a number as JSON text, whole when integral")
    func number() {
        #expect(JSONObjectText.number(wholeWhenIntegral: 15) == "15")
        #expect(JSONObjectText.number(wholeWhenIntegral: 0.1) == "0.1")
        #expect(JSONObjectText.number(wholeWhenIntegral: .infinity) == "null")
    }
}
