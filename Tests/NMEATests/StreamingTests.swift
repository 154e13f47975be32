import Foundation
import NMEA
import Testing

@testable import NMEA

/// The stream decoder: chunk boundaries, bounded memory, line numbers, rejected lines.
@Suite("NMEA stream decoding")
struct StreamingTests {
    @Test(
        "any chunking gives the same epochs and reports as one chunk",
        arguments: ["ublox-8.log", "et-332.log", "triton400.log", "bundg_zeus_9.log"], [1, 7, 81, 4096])
    func chunking(_ name: String, _ chunk: Int) throws {
        let bytes = try TraceSupport.log(name)
        let whole = TraceSupport.events(bytes)
        let pieces = TraceSupport.events(bytes, chunk: chunk)
        #expect(pieces.events == whole.events)
        #expect(pieces.statistics.lines == whole.statistics.lines)
        #expect(!whole.events.isEmpty)
    }

    @Test("a line without end is bounded: reported once as too long, then decoding resumes")
    func overlongLine() {
        var decoder = NMEADecoder()
        var events: [NMEADecoder.Event] = []
        let junk = [UInt8](repeating: 0x41, count: 64 * 1024)
        for _ in 0..<64 { decoder.decode(junk) { events.append($0) } }  // 4 MiB without a line end
        #expect(decoder.lines.partial.capacity <= 2 * decoder.options.maxLineLength + 64 * 1024)
        decoder.decode(
            Array(("\n" + TraceSupport.sentence("GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")).utf8)
        ) { events.append($0) }
        decoder.finish { events.append($0) }
        let rejected = events.compactMap { if case .rejected(let r) = $0 { r } else { nil } }
        #expect(rejected.count == 1)
        #expect(rejected.first?.error.reason == .lineTooLong)
        #expect(rejected.first?.line == 1)
        let epochs = events.compactMap { if case .epoch(let e) = $0 { e } else { nil } }
        #expect(epochs.count == 1)
        #expect(epochs.first?.firstLine == 2)
    }

    @Test("two sentences collided on one line: the fragment is reported, the second sentence decoded (triton400 line 19)")
    func collision() throws {
        let bytes = try TraceSupport.log("triton400.log")
        let rejected = TraceSupport.rejections(bytes)
        #expect(rejected.count == 1)
        #expect(rejected.first?.line == 19)
        #expect(rejected.first?.error.reason == .framing)
        #expect(rejected.first?.text == "$GPGGA,030130")
        // The GLL after the fragment (030131) starts the next cycle.
        let epochs = TraceSupport.epochs(bytes)
        #expect(epochs.contains { $0.firstLine == 19 && $0.timeOfDay?.description == "03:01:31" })
    }

    @Test("bad checksums, truncated lines and binary garbage are reported with line numbers and counted, never dropped silently")
    func reports() throws {
        let bytes = try TraceSupport.log("et-332.log")
        let (events, statistics) = TraceSupport.events(bytes)
        let rejected = events.compactMap { if case .rejected(let r) = $0 { r } else { nil } }
        #expect(rejected.count == statistics.rejectedTotal)
        #expect(statistics.rejected[.framing] == 34)
        #expect(statistics.rejected[.checksumFormat] == 1)
        #expect(rejected.contains { $0.line == 105 && $0.error.reason == .checksumFormat })
        // Every line is accounted for: a sentence, a rejection, a comment or a blank line.
        #expect(
            statistics.sentencesTotal + statistics.rejectedTotal + statistics.commentLines + statistics.blankLines
                >= statistics.lines)
    }

    @Test("random bytes never crash the decoder, and every line is accounted for")
    func randomBytes() {
        var generator = SplitMix64(seed: 20_251_121)
        for _ in 0..<200 {
            let count = Int(generator.next() % 2000)
            var bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            // Sprinkle sentence starts and line ends so that the parser gets past framing.
            for i in stride(from: 0, to: bytes.count, by: 37) { bytes[i] = [0x24, 0x2C, 0x0A, 0x2A][Int(generator.next() % 4)] }
            let (_, statistics) = TraceSupport.events(bytes)
            #expect(statistics.lines >= bytes.filter { $0 == 0x0A }.count)
        }
    }
}

/// A small seeded generator (SplitMix64), so that the random test is repeatable.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
