/// The contents of a WMM coefficient file (`WMM.COF`), as NOAA distributes it.
///
/// Format (WMM2025 Technical Report; NOAA's `MAG_robustReadMagModels`): a header line with the
/// epoch, the model name and the release date; then one row per degree n and order m,
/// `n m g h ġ ḣ`, with the Schmidt semi-normalised Gauss coefficients g, h in nT and their
/// secular variation ġ, ḣ in nT/yr; then lines of 9s. Fields are separated by any whitespace,
/// because copies of the file differ in spacing. Every degree 1…12 and order 0…n must appear
/// exactly once (90 rows).
struct CoefficientFile: Sendable {
    /// One row of the file.
    struct Row: Sendable {
        var g: Double
        var h: Double
        var gDot: Double
        var hDot: Double
    }

    /// The degree of the WMM expansion.
    static let maximumDegree = 12

    /// The model epoch, a decimal year (2025.0 for WMM2025).
    let epoch: Double
    /// The model name, such as `WMM-2025`.
    let modelName: String
    /// The release date as written in the header, such as `11/13/2024`.
    let releaseDate: String
    /// The rows, indexed by `n(n+1)/2 + m` (index 0, degree 0, is unused and zero).
    let rows: [Row]

    /// The index of degree `n`, order `m` in ``rows``.
    static func index(n: Int, m: Int) -> Int { n * (n + 1) / 2 + m }

    /// Parses the bytes of a coefficient file (UTF-8 or ASCII, LF, CRLF or CR line endings).
    /// - Throws: ``MagneticModelError/malformedCoefficientFile(line:reason:)``.
    init(bytes: some Collection<UInt8>) throws(MagneticModelError) {
        let text = String(decoding: bytes, as: UTF8.self)
        // A String sees "\r\n" as one Character, which is a newline: split on any newline.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0.isNewline })
        let count = Self.index(n: Self.maximumDegree, m: Self.maximumDegree) + 1
        var rows = [Row](repeating: Row(g: 0, h: 0, gDot: 0, hDot: 0), count: count)
        var seen = [Bool](repeating: false, count: count)
        var header: (epoch: Double, name: String, date: String)?
        var lastLine = 0

        for (offset, line) in lines.enumerated() {
            let lineNumber = offset + 1
            let fields = line.split(whereSeparator: { $0.isWhitespace })
            guard let first = fields.first else { continue }
            lastLine = lineNumber
            if first.count >= 4 && first.allSatisfy({ $0 == "9" }) { break }
            if header == nil {
                header = try Self.parseHeader(fields, line: lineNumber)
                continue
            }
            let (n, m, row) = try Self.parseRow(fields, line: lineNumber)
            let i = Self.index(n: n, m: m)
            guard !seen[i] else {
                throw .malformedCoefficientFile(line: lineNumber, reason: "degree \(n) order \(m) appears twice")
            }
            seen[i] = true
            rows[i] = row
        }
        guard let header else {
            throw .malformedCoefficientFile(line: max(lastLine, 1), reason: "no header line")
        }
        for n in 1...Self.maximumDegree {
            for m in 0...n where !seen[Self.index(n: n, m: m)] {
                throw .malformedCoefficientFile(
                    line: lastLine, reason: "degree \(n) order \(m) is missing")
            }
        }
        epoch = header.epoch
        modelName = header.name
        releaseDate = header.date
        self.rows = rows
    }

    private static func parseHeader(
        _ fields: [Substring], line: Int
    ) throws(MagneticModelError) -> (epoch: Double, name: String, date: String) {
        guard fields.count == 3 else {
            throw .malformedCoefficientFile(
                line: line, reason: "header has \(fields.count) fields, expected epoch, model name and date")
        }
        guard let epoch = Double(fields[0]), epoch.isFinite else {
            throw .malformedCoefficientFile(line: line, reason: "epoch '\(fields[0])' is not a number")
        }
        return (epoch, String(fields[1]), String(fields[2]))
    }

    private static func parseRow(
        _ fields: [Substring], line: Int
    ) throws(MagneticModelError) -> (n: Int, m: Int, row: Row) {
        guard fields.count == 6 else {
            throw .malformedCoefficientFile(
                line: line, reason: "\(fields.count) fields, expected n m g h gdot hdot")
        }
        guard let n = Int(fields[0]), let m = Int(fields[1]) else {
            throw .malformedCoefficientFile(line: line, reason: "degree and order must be integers")
        }
        guard (1...maximumDegree).contains(n), (0...n).contains(m) else {
            throw .malformedCoefficientFile(
                line: line, reason: "degree \(n) order \(m) is outside 1 ≤ n ≤ \(maximumDegree), 0 ≤ m ≤ n")
        }
        var values: [Double] = []
        values.reserveCapacity(4)
        for field in fields[2...] {
            guard let value = Double(field), value.isFinite else {
                throw .malformedCoefficientFile(line: line, reason: "'\(field)' is not a number")
            }
            values.append(value)
        }
        return (n, m, Row(g: values[0], h: values[1], gDot: values[2], hDot: values[3]))
    }
}
