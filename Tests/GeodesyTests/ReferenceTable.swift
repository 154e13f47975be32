import Foundation
import Geodesy
import TestSupport

/// A CSV file of `shared/reference` (see its README): a header row, then rows of numbers.
///
/// The folder is `../shared/reference` beside the package root (``TestData``), so the tests work
/// from any clone of the package placed beside `shared/`.
struct ReferenceTable {
    /// One data row and its line number in the file (the header is line 1).
    struct Row {
        var line: Int
        var values: [Double]
        subscript(_ column: Int) -> Double { values[column] }
    }

    enum Failure: Error, CustomStringConvertible {
        case malformed(file: String, line: Int, reason: String)
        var description: String {
            switch self {
            case .malformed(let file, let line, let reason): "\(file) line \(line): \(reason)"
            }
        }
    }

    static let directory: URL = TestData.shared("reference")

    let header: [String]
    let rows: [Row]

    /// Reads `shared/reference/<name>`, checking that every row has one number per header column.
    init(named name: String) throws {
        let text = try String(contentsOf: Self.directory.appendingPathComponent(name), encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        guard let first = lines.first else { throw Failure.malformed(file: name, line: 1, reason: "empty file") }
        header = first.split(separator: ",").map(String.init)
        var rows: [Row] = []
        for (index, line) in lines.enumerated().dropFirst() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count == header.count else {
                throw Failure.malformed(file: name, line: index + 1, reason: "\(fields.count) fields, expected \(header.count)")
            }
            var values: [Double] = []
            for field in fields {
                guard let v = Double(field) else {
                    throw Failure.malformed(file: name, line: index + 1, reason: "'\(field)' is not a number")
                }
                values.append(v)
            }
            rows.append(Row(line: index + 1, values: values))
        }
        self.rows = rows
    }
}

/// The difference between two angles in degrees, on the circle: in [0, 180].
func angularError(_ a: Double, _ b: Double) -> Double {
    abs(Angle.difference(from: b, to: a))
}

/// A coordinate from test input; throws ``CoordinateError`` (failing the test) if it is invalid.
func coordinate(_ latitude: Double, _ longitude: Double) throws -> Coordinate {
    try Coordinate(latitude: latitude, longitude: longitude)
}
