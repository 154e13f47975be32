import Foundation
import TestSupport
import Testing

/// NOAA's WMM2025 test values from `../shared/reference` (beside the package root), parsed as
/// whitespace-separated numbers. Nothing here is copied into the project.
enum ReferenceData {
    /// `../shared/reference`.
    static let directory: URL = TestData.shared("reference")

    /// A data row: its line number in the file, the numbers, and the text of each number (to
    /// know how many decimals were printed).
    struct Row: Sendable, CustomTestStringConvertible {
        var line: Int
        var values: [Double]
        var texts: [String]
        var testDescription: String { "line \(line): \(texts.prefix(4).joined(separator: " "))" }

        /// Half a unit in the last printed digit of field `i`.
        func halfUnit(_ i: Int) -> Double {
            let text = texts[i]
            guard let dot = text.firstIndex(of: ".") else { return 0.5 }
            let decimals = text.distance(from: text.index(after: dot), to: text.endIndex)
            return 0.5 * pow(10, -Double(decimals))
        }
    }

    /// Rows of a file, skipping `#` comments and blank lines. Returns [] if the file cannot be
    /// read or a row does not parse; the row-count tests then fail.
    static func rows(_ name: String, columns: Int) -> [Row] {
        guard let text = try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        else { return [] }
        var rows: [Row] = []
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let texts = trimmed.split(whereSeparator: { $0.isWhitespace }).map(String.init)
            let values = texts.compactMap(Double.init)
            guard values.count == columns, texts.count == columns else { return [] }
            rows.append(Row(line: offset + 1, values: values, texts: texts))
        }
        return rows
    }

    /// `WMM2025_TestValues.txt`: year, height km, lat, lon, D, I, H, X, Y, Z, F, Ḋ, İ, Ḣ, Ẋ, Ẏ, Ż, Ḟ.
    static let testValues = rows("WMM2025_TestValues.txt", columns: 18)

    /// `WMM2025_TEST_VALUES_report_table.txt`: year, height km, lat, lon, X, Y, Z, H, F, I, D, GV,
    /// Ẋ, Ẏ, Ż, Ḣ, Ḟ, İ, Ḋ.
    static let reportTable = rows("WMM2025_TEST_VALUES_report_table.txt", columns: 19)
}
