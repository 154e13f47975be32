import Foundation
import TestSupport
import Testing

/// `lodestar nmea decode`, run as a user runs it, on sentences of the shared NMEA vectors: each
/// line prints the vector's expected values, or its rejection reason with the right line number.
@Suite("lodestar nmea decode")
struct NMEADecodeTests {
    static let vectors = TestData.shared.appendingPathComponent("nmea-vectors")

    static func records(_ file: String) throws -> [[String: Any]] {
        let data = try Data(contentsOf: vectors.appendingPathComponent(file))
        return try data.split(separator: UInt8(ascii: "\n")).compactMap {
            try JSONSerialization.jsonObject(with: Data($0)) as? [String: Any]
        }
    }

    /// One input line and what `decode` must print for it.
    struct Case {
        var sentence: String
        /// The expected object: the vector's `expect` (without pynmea2's `fix_valid`), or the error.
        var expected: [String: Any]
    }

    /// A GGA, a blank line, an RMC, a line with a bad checksum and a proprietary sentence, from
    /// the shared vectors (the first of each kind that the peer's test asserts in full).
    static func cases() throws -> [Case?] {
        let valid = try records("valid.jsonl")
        func first(_ type: String) throws -> Case {
            let r = try #require(
                valid.first {
                    let expect = $0["expect"] as? [String: Any]
                    let sentence = $0["sentence"] as? String ?? ""
                    return expect?["type"] as? String == type && $0["basis"] as? String == "test"
                        && $0["checksum_present"] as? Bool == true && sentence.hasPrefix("$") && !sentence.contains("\n")
                })
            var expect = try #require(r["expect"] as? [String: Any])
            expect["fix_valid"] = nil
            let sentence = try #require(r["sentence"] as? String)
            if type == "PROPRIETARY" {
                // Undecoded sentences show their raw fields: the text between the address and '*'.
                let body = sentence.dropFirst().prefix { $0 != "*" }
                expect["fields"] = body.split(separator: ",", omittingEmptySubsequences: false).dropFirst().map(String.init)
            }
            return Case(sentence: sentence, expected: expect)
        }
        let invalid = try records("invalid.jsonl")
        let bad = try #require(
            invalid.first {
                $0["reason"] as? String == "checksum_mismatch" && ($0["sentence"] as? String)?.contains("\n") == false
            })
        return [
            try first("GGA"),
            nil,
            try first("RMC"),
            Case(sentence: try #require(bad["sentence"] as? String), expected: ["error": "checksum_mismatch", "line": 4]),
            try first("PROPRIETARY"),
        ]
    }

    /// Writes `text` to a new temporary file (the caller removes it).
    static func temporaryFile(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("decode-\(UUID().uuidString).nmea")
        try Data(text.utf8).write(to: url)
        return url
    }

    static func input(_ cases: [Case?]) -> String {
        cases.map { $0?.sentence ?? "" }.joined(separator: "\n") + "\n"
    }

    /// Checks that `stdout` holds exactly one JSON line per case, with the expected values.
    static func check(_ stdout: String, _ cases: [Case?]) throws {
        let lines = stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let expected = cases.compactMap { $0 }
        #expect(lines.count == expected.count, "\(stdout)")
        for (line, c) in zip(lines, expected) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
            var keys = Set(object.keys)
            if c.expected["error"] != nil {
                #expect(object["detail"] is String, "a rejection explains itself: \(line)")
                keys.remove("detail")
            }
            #expect(keys == Set(c.expected.keys), "\(c.sentence) → \(line)")
            for (key, want) in c.expected {
                #expect(
                    same(object[key], want),
                    "\(c.sentence): \(key) is \(String(describing: object[key])), expected \(want) in \(line)")
            }
        }
    }

    /// JSON values equal, numbers within 1e-9 (degrees) or 1e-9 relative.
    static func same(_ a: Any?, _ b: Any) -> Bool {
        switch (a, b) {
        case (let x as NSNumber, let y as NSNumber):
            return abs(x.doubleValue - y.doubleValue) <= 1e-9 * max(1, abs(y.doubleValue))
        case (let x as String, let y as String): return x == y
        case (is NSNull, is NSNull): return true
        case (let x as [Any], let y as [Any]): return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        case (let x as [String: Any], let y as [String: Any]):
            return Set(x.keys) == Set(y.keys) && y.allSatisfy { same(x[$0.key], $0.value) }
        default: return false
        }
    }

    @Test("a file of a GGA, a blank line, an RMC, a bad checksum and a proprietary sentence")
    func file() async throws {
        let cases = try Self.cases()
        let url = try Self.temporaryFile(Self.input(cases))
        defer { try? FileManager.default.removeItem(at: url) }
        let r = try await CLIRunner.run(["nmea", "decode", url.path])
        #expect(r.status == 0, "rejected lines are not an error: \(r.stderr)")
        #expect(r.stderr.isEmpty)
        try Self.check(r.stdout, cases)
    }

    @Test("standard input, with '-' or without FILE, gives the same lines")
    func standardInput() async throws {
        let cases = try Self.cases()
        let dash = try await CLIRunner.run(["nmea", "decode", "-"], stdin: Self.input(cases))
        #expect(dash.status == 0)
        try Self.check(dash.stdout, cases)
        let none = try await CLIRunner.run(["nmea", "decode"], stdin: Self.input(cases))
        #expect(none.status == 0)
        #expect(none.stdout == dash.stdout)
    }

    @Test("--lenient accepts a sentence without a checksum that the default rejects")
    func lenient() async throws {
        let line = "$GPHDT,274.07,T\n"
        let strict = try await CLIRunner.run(["nmea", "decode"], stdin: line)
        #expect(strict.stdout.contains(#""error":"checksum_missing","line":1"#), "\(strict.stdout)")
        let lenient = try await CLIRunner.run(["nmea", "decode", "--lenient"], stdin: line)
        #expect(lenient.stdout == #"{"type":"HDT","talker":"GP","heading_true_deg":274.07}"# + "\n")
    }

    @Test("lines across read boundaries stay whole; a line over 4096 bytes is reported once and skipped")
    func longInput() async throws {
        let gga = try #require(try Self.cases().first??.sentence)
        let copies = 3000  // about 200 KB: several 64 KiB reads, boundaries inside lines
        let text = String(repeating: gga + "\n", count: copies) + String(repeating: "A", count: 10_000) + "\n" + gga
        // From a file: the runner writes standard input before it reads the output.
        let url = try Self.temporaryFile(text)
        defer { try? FileManager.default.removeItem(at: url) }
        let r = try await CLIRunner.run(["nmea", "decode", url.path])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == copies + 2)
        #expect(Set(lines.prefix(copies)).count == 1, "every copy decodes the same")
        let tooLong = try #require(try JSONSerialization.jsonObject(with: Data(lines[copies].utf8)) as? [String: Any])
        #expect(tooLong["error"] as? String == "line_too_long")
        #expect(tooLong["line"] as? Int == copies + 1)
        #expect(lines.last == lines.first, "decoding resumes after it; a last line without LF is decoded")
    }

    @Test("a file that cannot be read is a one-line error and exit status 66")
    func missingFile() async throws {
        let path = "/nonexistent/lodestar-decode-\(UUID().uuidString).nmea"
        let r = try await CLIRunner.run(["nmea", "decode", path])
        #expect(r.status == 66)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr == "lodestar nmea decode: cannot read \(path): No such file or directory\n")
    }

    @Test("--help explains the output and shows an example")
    func help() async throws {
        let r = try await CLIRunner.run(["nmea", "decode", "--help"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("USAGE: lodestar nmea decode"))
        #expect(r.stdout.contains("checksum_mismatch"))
        #expect(r.stdout.contains("Example:"))
    }
}
