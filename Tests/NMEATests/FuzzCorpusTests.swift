import Foundation
import NMEAFuzzing
import TestSupport
import Testing

/// The fuzzer's regression corpus (Fuzz/Corpus: small nasty inputs, and every input the fuzzer
/// ever failed on), replayed through the function libFuzzer calls: a failed check traps, so a
/// regression stops this run as it would stop the fuzzer.
@Suite("NMEA fuzz corpus (Fuzz/Corpus)")
struct FuzzCorpusTests {
    static let directory = TestData.package("Fuzz/Corpus")

    static let inputs: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()

    @Test("the corpus is there")
    func corpusPresent() {
        #expect(Self.inputs.count >= 12)
    }

    @Test("every input passes the fuzzer's checks", arguments: inputs)
    func replay(_ name: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.directory.appendingPathComponent(name)))
        bytes.withUnsafeBufferPointer { NMEAFuzzing.check($0) }
    }
}
