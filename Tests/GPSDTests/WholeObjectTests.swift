import Testing

@testable import GPSD

/// `UnreadLines.isWholeObject` finds the bytes that matter 16 at a time; these compare it with a
/// walk of every byte (the rule as it reads) on lines made to break it: strings with escapes,
/// brackets in and out of strings, and the bytes of interest on both sides of each block edge.
@Suite("the whole-object check, against a walk of every byte")
struct WholeObjectTests {
    /// The rule, one byte at a time: `{` first and its `}` last (a CR may follow), brackets
    /// balanced outside strings, every string closed, a backslash in a string escaping the next byte.
    static func reference(_ bytes: [UInt8]) -> Bool {
        var end = bytes.count
        if end > 0, bytes[end - 1] == 0x0D { end -= 1 }
        guard end > 0, bytes[0] == 0x7B, bytes[end - 1] == 0x7D else { return false }
        var depth = 0
        var i = 0
        while i < end {
            let byte = bytes[i]
            if byte == 0x22 {
                i += 1
                while true {
                    guard i < end else { return false }
                    let c = bytes[i]
                    if c == 0x22 { break }
                    i += 1
                    if c == 0x5C { i += 1 }
                }
            } else if byte == 0x7B || byte == 0x5B {
                depth += 1
            } else if byte == 0x7D || byte == 0x5D {
                depth -= 1
                if depth == 0, i != end - 1 { return false }
                if depth < 0 { return false }
            }
            i += 1
        }
        return depth == 0
    }

    static func check(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { UnreadLines.isWholeObject($0) }
    }

    @Test("random lines of brackets, quotes, backslashes and text agree with the byte walk")
    func randomLines() {
        // A fixed sequence (xorshift64), the same on every run.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        let alphabet: [UInt8] = Array(#"{}[]"\\a,:1 "#.utf8)
        var whole = 0
        for _ in 0..<20_000 {
            let length = Int(next() % 70)
            var bytes: [UInt8] = [0x7B]
            for _ in 0..<length { bytes.append(alphabet[Int(next() % UInt64(alphabet.count))]) }
            bytes.append(0x7D)
            if next() % 4 == 0 { bytes.append(0x0D) }
            let expected = Self.reference(bytes)
            if expected { whole += 1 }
            #expect(Self.check(bytes) == expected, "\(String(decoding: bytes, as: UTF8.self))")
        }
        // Both answers are exercised.
        #expect(whole > 100)
    }

    @Test("gpsd's own TPV and SKY lines, whole and cut at every length")
    func gpsdLines() {
        let lines = [
            #"{"class":"TPV","device":"/dev/ttyACM0","mode":3,"time":"2024-03-10T08:00:00.000Z","ept":0.005,"lat":47.371366833,"lon":8.528059167,"altHAE":456.600,"alt":409.200,"epx":5.020,"epy":5.640,"epv":12.897,"track":260.8900,"speed":12.000,"climb":0.000,"eps":11.28,"epc":25.79}"#,
            #"{"class":"SKY","device":"/dev/ttyACM0","xdop":0.54,"ydop":0.56,"vdop":1.80,"tdop":0.61,"hdop":1.26,"gdop":1.37,"pdop":2.20,"satellites":[{"PRN":1,"el":42.0,"az":164.0,"ss":44.0,"used":true,"gnssid":0,"svid":1},{"PRN":2,"el":76.0,"az":194.0,"ss":42.0,"used":true,"gnssid":0,"svid":2}]}"#,
            "{\"class\":\"ERROR\",\"message\":\"a \\\"quoted\\\" word, a backslash \\\\ and a } in a string\"}",
        ]
        for line in lines {
            let bytes = Array(line.utf8)
            #expect(Self.check(bytes))
            for cut in 0..<bytes.count {
                let part = Array(bytes[0..<cut])
                #expect(Self.check(part) == Self.reference(part), "cut at \(cut): \(line)")
            }
        }
    }
}
