import Foundation
import Testing

/// `lodestar replay` and `lodestar nmea decode` read lines by one rule (issue 12, "NMEA details"):
/// the same line ends, the same line numbers, and the same recovery of a sentence after garbage.
@Suite("replay and nmea decode: one line rule")
struct NMEALineRuleTests {
    /// go-nmea's "no start delimiter" vector: garbage before an RMC, on one line.
    static let garbageRMC = "abc$GPRMC,235236,A,3925.9479,N,11945.9211,W,44.7,153.6,250905,15.2,E,A*0C"
    static let hdt = "$GPHDT,274.07,T*03"

    @Test("garbage before a sentence: both commands report the garbage on line 2 and use the RMC after it")
    func garbageBeforeSentence() async throws {
        let input = Self.hdt + "\n" + Self.garbageRMC + "\n"
        let decode = try await CLIRunner.run(["nmea", "decode"], stdin: input)
        #expect(decode.status == 0)
        let objects = decode.stdout.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
        #expect(objects.count == 3, "\(decode.stdout)")
        #expect(objects.first?["type"] as? String == "HDT")
        let error = try #require(objects.dropFirst().first)
        #expect(error["error"] as? String == "framing")
        #expect(error["line"] as? Int == 2)
        #expect(error["detail"] as? String == "garbage before the sentence")
        let rmc = try #require(objects.last)
        #expect(rmc["type"] as? String == "RMC")
        #expect(rmc["time"] as? String == "23:52:36")
        #expect((rmc["latitude_deg"] as? Double).map { abs($0 - 39.432465) < 1e-9 } == true)

        let replay = try await CLIRunner.run(["replay", "-", "--json"], stdin: input)
        #expect(replay.status == 0)
        #expect(replay.stderr.contains("skipped line 2: framing: garbage before the sentence: abc\n"), "\(replay.stderr)")
        #expect(replay.stderr.contains("sentences: 2 (HDT 1, RMC 1)"), "\(replay.stderr)")
        #expect(replay.stderr.contains("skipped: 1 (framing 1)"), "\(replay.stderr)")
        // One epoch: the RMC's TPV, then the HDT's ATT.
        let first = replay.stdout.split(separator: "\n").first.map(String.init) ?? ""
        let tpv = try #require((try? JSONSerialization.jsonObject(with: Data(first.utf8))) as? [String: Any], "\(replay.stdout)")
        #expect(tpv["class"] as? String == "TPV")
        #expect(tpv["time"] as? String == "2005-09-25T23:52:36.000Z")
        #expect((tpv["lat"] as? Double).map { abs($0 - 39.432465) < 1e-9 } == true, "\(replay.stdout)")
    }

    @Test("CR-only line ends: both commands split and number the lines alike (CR CR is an empty line)")
    func carriageReturns() async throws {
        let input = Self.hdt + "\r" + Self.hdt + "\r\r" + Self.hdt
        let decode = try await CLIRunner.run(["nmea", "decode"], stdin: input)
        #expect(decode.stdout == String(repeating: #"{"type":"HDT","talker":"GP","heading_true_deg":274.07}"# + "\n", count: 3))
        let replay = try await CLIRunner.run(["replay", "-"], stdin: input + "\rxyz\r")
        #expect(replay.stderr.contains("replay standard input: 5 lines,"), "\(replay.stderr)")
        #expect(replay.stderr.contains("skipped line 5: framing"), "\(replay.stderr)")
        #expect(replay.stderr.contains("ignored: 0 comment lines, 1 blank line\n"), "\(replay.stderr)")
        let decodeBad = try await CLIRunner.run(["nmea", "decode"], stdin: input + "\rxyz\r")
        #expect(
            decodeBad.stdout.hasSuffix(#"{"error":"framing","line":5,"detail":"does not start with '$' or '!'"}"# + "\n"),
            "\(decodeBad.stdout)")
    }

    @Test("replay's summary counts skipped lines, not their parts: 33 lines of collided sentences, skipped: 33")
    func skippedLines() async throws {
        let line = String(repeating: "$GPGGA,1", count: 120)
        let input = Array(repeating: line, count: 33).joined(separator: "\n") + "\n"
        let r = try await CLIRunner.run(["replay", "-", "--max-reports", "0"], stdin: input)
        #expect(r.status == 0)
        #expect(r.stderr.contains("replay standard input: 33 lines, 0 epochs"), "\(r.stderr)")
        #expect(r.stderr.contains("skipped: 33 (framing 33)"), "\(r.stderr)")
    }
}
