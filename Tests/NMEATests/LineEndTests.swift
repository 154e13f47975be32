import Testing

@testable import NMEA

/// Line ends (LF, CR LF, CR alone), line numbers and the count of skipped lines (issue 12, "NMEA
/// details"): the rules of ``NMEALineSplitter`` and ``NMEADecoder``.
@Suite("NMEA line ends and skipped-line counts")
struct LineEndTests {
    /// 33 GGA sentences one second apart (12:00:00 to 12:00:32), without line ends.
    static let ggas: [String] = (0..<33).map { i in
        let ss = i < 10 ? "0\(i)" : "\(i)"
        let sentence = TraceSupport.sentence("GPGGA,1200\(ss),4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")
        return String(sentence.dropLast())  // without its CR LF (one Character)
    }

    /// The lines a splitter hands out for `bytes` cut into chunks of `chunk` bytes: numbers and text.
    static func split(_ bytes: [UInt8], chunk: Int, maxLength: Int = 4096) -> [String] {
        var splitter = NMEALineSplitter(maxLength: maxLength)
        var out: [String] = []
        let collect: (NMEALineSplitter.Piece) -> Void = { piece in
            switch piece {
            case .line(let b, let n): out.append("\(n):" + String(decoding: b, as: UTF8.self))
            case .tooLong(_, let n): out.append("\(n): too long")
            }
        }
        var i = 0
        while i < bytes.count {
            let piece = Array(bytes[i..<min(bytes.count, i + chunk)])
            piece.withUnsafeBytes { splitter.split($0, collect) }
            i += chunk
        }
        splitter.finish(collect)
        return out
    }

    @Test("CR-only line ends (old receivers, some loggers): 33 lines, 33 epochs, nothing skipped, as with CR LF")
    func crOnly() {
        let cr = TraceSupport.events(Array((Self.ggas.joined(separator: "\r") + "\r").utf8))
        let crlf = TraceSupport.events(Array((Self.ggas.joined(separator: "\r\n") + "\r\n").utf8))
        #expect(cr.statistics.lines == 33)
        #expect(cr.statistics.rejectedTotal == 0)
        #expect(cr.statistics.epochs == 33)
        #expect(cr.events == crlf.events, "the same epochs on the same line numbers")
        let epochs = cr.events.compactMap { if case .epoch(let e) = $0 { e } else { nil } }
        #expect(epochs.map(\.firstLine) == Array(1...33))
    }

    @Test("LF, CR LF and CR in one file: each is one line end; LF CR is two (an empty line between)")
    func mixed() {
        let text = "a\nb\r\nc\rd\n\re\r\r\nf"
        #expect(
            Self.split(Array(text.utf8), chunk: 4096)
                == ["1:a", "2:b", "3:c", "4:d", "5:", "6:e", "7:", "8:f"])
    }

    @Test("a CR LF split between two reads is one line end, at every cut", arguments: 1...12)
    func crlfAcrossChunks(_ chunk: Int) {
        let text = "$GPTXT,1\r\n$GPTXT,2\r\n\r\n$GPTXT,3\r$GPTXT,4"
        #expect(
            Self.split(Array(text.utf8), chunk: chunk)
                == ["1:$GPTXT,1", "2:$GPTXT,2", "3:", "4:$GPTXT,3", "5:$GPTXT,4"])
    }

    @Test("a CR at the end of one 64 KiB read and its LF at the start of the next: one line end")
    func crlfAtChunkBoundary() {
        // Line 1 fills the first 64 KiB read up to its CR; the LF starts the second read.
        let first = "#" + String(repeating: "x", count: 65_536 - 2) + "\r"
        let text = first + "\n" + Self.ggas[0] + "\r\n" + Self.ggas[1] + "\r\n"
        let bytes = Array(text.utf8)
        #expect(bytes[65_535] == 0x0D && bytes[65_536] == 0x0A)
        let (events, statistics) = TraceSupport.events(
            bytes, chunk: 65_536,
            options: .init(maxLineLength: 70_000))
        #expect(statistics.lines == 3)
        #expect(statistics.blankLines == 0)
        #expect(statistics.commentLines == 1)
        let epochs = events.compactMap { if case .epoch(let e) = $0 { e } else { nil } }
        #expect(epochs.map(\.firstLine) == [2, 3])
    }

    @Test("a real log converted to CR-only line ends decodes as the original, in any chunking", arguments: [1, 7, 4096])
    func realLogWithCR(_ chunk: Int) throws {
        let original = try TraceSupport.log("ublox-8.log")
        // CR LF and LF both become CR.
        var converted: [UInt8] = []
        for (i, b) in original.enumerated() {
            if b == 0x0A {
                if i == 0 || original[i - 1] != 0x0D { converted.append(0x0D) }
            } else {
                converted.append(b)
            }
        }
        #expect(!converted.contains(0x0A))
        let whole = TraceSupport.events(original)
        let cr = TraceSupport.events(converted, chunk: chunk)
        #expect(cr.events == whole.events)
        #expect(cr.statistics.lines == whole.statistics.lines)
        #expect(cr.statistics.rejectedTotal == whole.statistics.rejectedTotal)
    }

    @Test("random bytes full of CR and LF: any chunking gives the same lines, numbered alike, and the same events")
    func randomChunking() {
        var generator = SplitMix64(seed: 20_261_124)
        for round in 0..<100 {
            let count = Int(generator.next() % 1200)
            var bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            for i in bytes.indices where generator.next() % 5 == 0 {
                bytes[i] = [0x0D, 0x0A, 0x24, 0x2C, 0x2A][Int(generator.next() % 5)]
            }
            // A limit above the 100 bytes a too-long report shows (a limit below it shows what
            // the reads had delivered when the line went over it).
            let whole = Self.split(bytes, chunk: max(count, 1), maxLength: 128)
            let chunk = round % 17 + 1
            #expect(Self.split(bytes, chunk: chunk, maxLength: 128) == whole, "chunk \(chunk)")
            let options = NMEADecoder.Options(maxLineLength: 128)
            #expect(
                TraceSupport.events(bytes, chunk: chunk, options: options).events
                    == TraceSupport.events(bytes, options: options).events)
        }
    }

    @Test(
        "a line over the limit is one too-long line, with its number, in every line-end style",
        arguments: ["\n", "\r\n", "\r"])
    func tooLong(_ end: String) {
        let text = "a" + end + String(repeating: "b", count: 50) + end + "c" + end
        for chunk in [5, 4096] {
            #expect(Self.split(Array(text.utf8), chunk: chunk, maxLength: 20) == ["1:a", "2: too long", "3:c"])
        }
    }

    @Test("the skipped count counts lines, not their parts: 33 lines of collided sentences are 33 skipped lines")
    func skippedCountsLines() {
        // Each line: 120 sentence starts cut short by the next one (a serial line that drops bytes).
        let line = String(repeating: "$GPGGA,1", count: 120)
        let bytes = Array((Array(repeating: line, count: 33).joined(separator: "\n") + "\n").utf8)
        let (events, statistics) = TraceSupport.events(bytes)
        let rejected = events.compactMap { if case .rejected(let r) = $0 { r } else { nil } }
        #expect(rejected.count == 33 * 120, "every part is still reported")
        #expect(Set(rejected.map(\.line)) == Set(1...33))
        #expect(statistics.lines == 33)
        #expect(statistics.rejectedTotal == 33)
        #expect(statistics.rejected == [.framing: 33], "a line counts under the reason of its first part")
    }

    @Test("a line with garbage before a good sentence: the garbage is reported, the sentence decoded, the line counted once")
    func garbageThenSentence() {
        let bytes = Array(("gps: junk!" + Self.ggas[0] + "\r\n").utf8)
        let (events, statistics) = TraceSupport.events(bytes)
        let rejected = events.compactMap { if case .rejected(let r) = $0 { r } else { nil } }
        #expect(rejected.map(\.text) == ["gps: junk", "!"])
        #expect(rejected.allSatisfy { $0.line == 1 && $0.error.reason == .framing })
        #expect(statistics.rejectedTotal == 1)
        #expect(statistics.count(of: "GGA") == 1)
        #expect(statistics.epochs == 1)
    }
}
