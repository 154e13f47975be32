import Foundation
import TestSupport
import Testing

/// `lodestar declination`, run as a user runs it, checked against NOAA's WMM2025 test values.
@Suite("lodestar declination")
struct DeclinationCLITests {
    /// Data rows of NOAA's `WMM2025_TestValues.txt`, each split into its numbers.
    static func noaaRows() throws -> [[Double]] {
        let url = TestData.shared.appendingPathComponent("reference/WMM2025_TestValues.txt")
        let text = try String(contentsOf: url, encoding: .utf8)
        return text.split(separator: "\n")
            .filter { !$0.hasPrefix("#") }
            .map { $0.split(whereSeparator: { $0.isWhitespace }).compactMap { Double($0) } }
    }

    static func lines(_ text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0).map { $0 }
    }

    @Test("batch output matches NOAA's test values")
    func batchMatchesNOAA() async throws {
        let rows = try Self.noaaRows()
        #expect(rows.count == 100)
        // Every tenth row: dates 2025.0–2029.5, heights 0–98 km, both hemispheres.
        let sample = stride(from: 0, to: rows.count, by: 10).map { rows[$0] }
        let input = sample.map { "\($0[0]) \($0[1]) \($0[2]) \($0[3])" }.joined(separator: "\n") + "\n"
        let r = try await CLIRunner.run(["declination", "--batch"], stdin: input)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty)
        let out = Self.lines(r.stdout)
        try #require(out.count == sample.count)
        for (row, line) in zip(sample, out) {
            let got = line.split(separator: " ").compactMap { Double($0) }
            try #require(got.count == 7, "\(line)")
            // Output D I H X Y Z F; the file has D I H X Y Z F in columns 5–11.
            #expect(abs(got[0] - row[4]) <= 0.01, "D \(got[0]) vs \(row[4])")
            #expect(abs(got[1] - row[5]) <= 0.01, "I \(got[1]) vs \(row[5])")
            for i in 2..<7 {
                #expect(abs(got[i] - row[i + 4]) <= 0.01, "column \(i): \(got[i]) vs \(row[i + 4])")
            }
        }
    }

    @Test("a bad batch line gives nan, a message naming the line, and a non-zero exit")
    func batchBadLines() async throws {
        let input = """
            2025.0 0 80 0
            2025.0 0 95 10
            2025.0 0 north 10
            2031.0 0 10 10
            2025.0 0 10

            # comment
            2027.5 100 -80 -120

            """
        let r = try await CLIRunner.run(["declination", "--batch"], stdin: input)
        #expect(r.status != 0)
        let out = Self.lines(r.stdout)
        #expect(out.count == 8, "one output line per input line")
        let nan = "nan nan nan nan nan nan nan"
        #expect(out[1] == nan && out[2] == nan && out[3] == nan && out[4] == nan)
        #expect(out[5] == "" && out[6] == "# comment")
        #expect(!out[0].contains("nan") && !out[7].contains("nan"))
        let errors = Self.lines(r.stderr)
        #expect(errors.count == 4)
        #expect(errors.count > 3 && errors[0].contains("line 2") && errors[0].contains("latitude"))
        #expect(errors.count > 3 && errors[1].contains("line 3") && errors[1].contains("north"))
        #expect(errors.count > 3 && errors[2].contains("line 4") && errors[2].contains("2031"))
        #expect(errors.count > 3 && errors[3].contains("line 5") && errors[3].contains("4 fields"))
        // The report table's (−80°, 240° = −120°) at 2027.5, 100 km: D 67.93°, H 15927.0 nT.
        let last = out[7].split(separator: " ").compactMap { Double($0) }
        #expect(last.count == 7 && abs(last[0] - 67.93) <= 0.005 && abs(last[2] - 15927.0) <= 0.05)
    }

    @Test("--year 2031 is a one-line error and a non-zero exit")
    func yearOutside() async throws {
        let r = try await CLIRunner.run(["declination", "10", "10", "--year", "2031"])
        #expect(r.status != 0)
        #expect(r.stdout.isEmpty)
        #expect(Self.lines(r.stderr).count == 1)
        #expect(r.stderr.contains("2031") && r.stderr.contains("2030"))
    }

    @Test(
        "bad input is a one-line error and a non-zero exit",
        arguments: [
            ["declination", "95", "10", "--year", "2026"],
            ["declination", "ten", "10", "--year", "2026"],
            ["declination", "10", "10", "--year", "soon"],
            ["declination", "10", "10", "--date", "2024-06-01"],
            ["declination", "10", "10", "--date", "2026-02-30"],
            ["declination", "10", "10", "--height-km", "900", "--year", "2026"],
            ["declination", "10", "--year", "2026"],
            ["declination", "10", "10", "--yeer", "2026"],
            ["declination", "10", "10", "--year", "2026", "--date", "2026-01-01"],
            ["declination", "--batch", "10", "10"],
        ])
    func badInput(arguments: [String]) async throws {
        let r = try await CLIRunner.run(arguments)
        #expect(r.status != 0)
        #expect(r.stdout.isEmpty)
        #expect(Self.lines(r.stderr).count == 1, "\(r.stderr)")
    }

    @Test("negative latitude and longitude are positionals, not options")
    func negativePositionals() async throws {
        let r = try await CLIRunner.run(["declination", "-33.9", "-151.2", "--year", "2026.5", "--height-km", "-0.5"])
        #expect(r.status == 0, "\(r.stderr)")
        // The same point through batch mode gives the declination the summary must show.
        let b = try await CLIRunner.run(["declination", "--batch"], stdin: "2026.5 -0.5 -33.9 -151.2\n")
        let d = try #require(b.stdout.split(separator: " ").first.flatMap { Double($0) })
        let side = d < 0 ? "W" : "E"
        #expect(r.stdout.hasPrefix("declination \(String(format: "%.2f", abs(d)))° \(side) ± "), "\(r.stdout)")
        #expect(r.stdout.contains("(WMM-2025, 2026.50, normal zone)"))
    }

    @Test("the summary names the zone; near the magnetic pole it is blackout")
    func blackoutSummary() async throws {
        // WMM2025_TestValues.txt line 19: 2025.0, 28 km, (89°, −121°): D −99.77°, H 1504.3 nT.
        let r = try await CLIRunner.run(["declination", "89", "-121", "--year", "2025", "--height-km", "28"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("declination 99.77° W ± 3.61° (WMM-2025, 2025.00, blackout zone)"), "\(r.stdout)")
        #expect(r.stdout.contains("grid variation"))
    }

    @Test("--allow-extrapolation computes outside the window with a warning")
    func extrapolation() async throws {
        let r = try await CLIRunner.run(["declination", "10", "10", "--year", "2031", "--allow-extrapolation"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("declination "))
        #expect(r.stderr.contains("warning") && r.stderr.contains("extrapolated"))
    }

    @Test("--date gives the same field as the decimal year of that day")
    func dateOption() async throws {
        let byDate = try await CLIRunner.run(["declination", "51.47", "-0.4543", "--date", "2026-07-02"])
        // 2026-07-02 is day 183: 2026 + 182/365.
        let byYear = try await CLIRunner.run(["declination", "51.47", "-0.4543", "--year", "\(2026 + 182.0 / 365)"])
        #expect(byDate.status == 0 && byYear.status == 0)
        #expect(byDate.stdout == byYear.stdout)
    }
}
