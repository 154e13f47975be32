import Foundation
import Geodesy
import Testing

@testable import GeoMagnetism

/// The embedded WMM2025 coefficient file, and typed errors for files that are not well formed.
@Suite("Coefficient file")
struct CoefficientFileTests {
    static let embedded = PackageResources.WMM2025_COF

    @Test("the embedded file loads as WMM-2025, epoch 2025.0")
    func embeddedLoads() throws {
        let model = try WorldMagneticModel.wmm2025
        #expect(model.name == "WMM-2025")
        #expect(model.epoch == 2025.0)
        #expect(model.releaseDate == "11/13/2024")
        #expect(model.synthesis.terms.count == 91)
    }

    @Test("the embedded bytes are NOAA's file, unchanged")
    func embeddedIsReference() throws {
        let reference = try Data(contentsOf: ReferenceData.directory.appendingPathComponent("WMM2025.COF"))
        #expect([UInt8](reference) == Self.embedded)
    }

    @Test("spacing and line endings do not matter")
    func otherLayouts() throws {
        let text = String(decoding: Self.embedded, as: UTF8.self)
        // NOAA/CIRES's copy has 8 spaces before the date; some copies use CRLF or lack the last newline.
        let variants = [
            text.replacingOccurrences(of: "WMM-2025     11", with: "WMM-2025        11"),
            text.replacingOccurrences(of: "\n", with: "\r\n"),
            String(text.dropLast()),
        ]
        let point = try Coordinate(latitude: -33.9, longitude: 151.2)
        let reference = try WorldMagneticModel.wmm2025.field(at: point, decimalYear: 2026)
        for variant in variants {
            let model = try WorldMagneticModel(coefficientFile: Array(variant.utf8))
            #expect(try model.field(at: point, decimalYear: 2026) == reference)
        }
    }

    /// The embedded file with line `line` (1-based) replaced.
    static func replacing(line: Int, with replacement: String?) -> [UInt8] {
        var lines = String(decoding: embedded, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        if let replacement { lines[line - 1] = replacement } else { lines.remove(at: line - 1) }
        return Array(lines.joined(separator: "\n").utf8)
    }

    @Test(
        "malformed files are typed errors naming the line",
        arguments: [
            (1, "2025.0 WMM-2025", 1),  // header with two fields
            (1, "twenty WMM-2025 11/13/2024", 1),  // epoch not a number
            (5, "  2  2  oops  -725.1  -4.3  -30.1", 5),  // a word where a number goes
            (5, "  2  2  1.0  2.0  3.0", 5),  // five fields
            (5, "  13  0  1.0  2.0  3.0  4.0", 5),  // degree above 12
            (5, "  2  3  1.0  2.0  3.0  4.0", 5),  // order above degree
            (6, "  2  1  1.0  2.0  3.0  4.0", 6),  // degree 2 order 1 twice (line 5 has it)
            (5, "  2  2  nan  2.0  3.0  4.0", 5),  // not finite
        ])
    func malformed(line: Int, replacement: String, errorLine: Int) {
        do {
            _ = try WorldMagneticModel(coefficientFile: Self.replacing(line: line, with: replacement))
            Issue.record("line \(line) replaced by '\(replacement)' was accepted")
        } catch {
            guard case .malformedCoefficientFile(let reported, let reason) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(reported == errorLine, "\(reason)")
            #expect(!reason.isEmpty)
        }
    }

    @Test("a missing row, an empty file and a truncated file are errors")
    func incomplete() {
        #expect(throws: MagneticModelError.self) {
            try WorldMagneticModel(coefficientFile: Self.replacing(line: 40, with: nil))
        }
        #expect(throws: MagneticModelError.self) { try WorldMagneticModel(coefficientFile: [UInt8]()) }
        #expect(throws: MagneticModelError.self) {
            try WorldMagneticModel(coefficientFile: Array(Self.embedded.prefix(2000)))
        }
    }
}
