import Foundation
import Geodesy
import TestSupport
import Testing

/// `lodestar geodesic`, run as a user runs it.
///
/// Third-party expected values were produced with GeographicLib's Python package 2.1
/// (`pip install geographiclib`, C. F. F. Karney), e.g.
/// `Geodesic.WGS84.Inverse(51.47, -0.4543, 22.308, 113.9185)` for the ellipsoid and
/// `Geodesic(6371008.8, 0).Inverse(...)` (a sphere, flattening 0) for `--sphere`, printed with `repr`.
@Suite("lodestar geodesic")
struct GeodesicCLITests {
    /// The numbers of each output line.
    static func numbers(_ stdout: String) -> [[Double]] {
        stdout.split(separator: "\n").map { $0.split(separator: " ").map { Double($0) ?? .infinity } }
    }

    /// Expects one output line of three numbers within the given tolerances of `expected`.
    static func expectLine(
        _ line: [Double], _ expected: [Double], angle: Double = 1e-9, metres: Double = 1e-6,
        metresColumn: Int = 2, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(line.count == 3, "\(line)", sourceLocation: sourceLocation)
        guard line.count == 3 else { return }
        for column in 0..<3 {
            let tolerance = column == metresColumn ? metres : angle
            let error =
                column == metresColumn
                ? abs(line[column] - expected[column])
                : abs(Angle.difference(from: expected[column], to: line[column]))
            #expect(
                error <= tolerance, "column \(column + 1): \(line[column]) vs \(expected[column])",
                sourceLocation: sourceLocation)
        }
    }

    /// Heathrow to Hong Kong on WGS84, from GeographicLib: azi1 azi2 s12.
    static let heathrowHongKong = [57.50167120926607, 145.33528004156443, 9647423.4131637]
    /// The same on the sphere R = 6371008.8 m, from GeographicLib with flattening 0.
    static let heathrowHongKongSphere = [57.58450341940456, 145.36104436247183, 9630690.908949621]

    @Test("inverse from standard input matches GeographicLib")
    func inverseFromStandardInput() async throws {
        let r = try await CLIRunner.run(["geodesic", "inverse"], stdin: "51.4700 -0.4543 22.3080 113.9185\n")
        #expect(r.status == 0)
        #expect(r.stderr.isEmpty)
        let lines = Self.numbers(r.stdout)
        #expect(lines.count == 1)
        Self.expectLine(try #require(lines.first), Self.heathrowHongKong)
    }

    @Test("inverse with the four numbers as arguments, negative numbers included")
    func inverseFromArguments() async throws {
        let r = try await CLIRunner.run(["geodesic", "inverse", "51.4700", "-0.4543", "22.3080", "113.9185"])
        #expect(r.status == 0)
        Self.expectLine(try #require(Self.numbers(r.stdout).first), Self.heathrowHongKong)

        // Every argument negative, one of them looking like a short option; --sphere may come anywhere.
        let negative = try await CLIRunner.run(["geodesic", "inverse", "-33.9", "-18.4", "-40.7", "-74.0"])
        #expect(negative.status == 0, "\(negative.stderr)")
        Self.expectLine(
            try #require(Self.numbers(negative.stdout).first),
            [-115.76503795078149, -80.26151361039797, 4904700.1621308625])
        let flagInside = try await CLIRunner.run(["geodesic", "inverse", "51.4700", "-0.4543", "--sphere", "22.3080", "113.9185"])
        #expect(flagInside.status == 0, "\(flagInside.stderr)")
        Self.expectLine(try #require(Self.numbers(flagInside.stdout).first), Self.heathrowHongKongSphere)

        // The `--` that ends options, and one comma-separated argument.
        let terminated = try await CLIRunner.run(["geodesic", "inverse", "--", "51.4700", "-0.4543", "22.3080", "113.9185"])
        #expect(terminated.status == 0, "\(terminated.stderr)")
        Self.expectLine(try #require(Self.numbers(terminated.stdout).first), Self.heathrowHongKong)
        let commas = try await CLIRunner.run(["geodesic", "inverse", "51.4700,-0.4543,22.3080,113.9185"])
        Self.expectLine(try #require(Self.numbers(commas.stdout).first), Self.heathrowHongKong)
    }

    @Test("--sphere matches the great-circle library exactly, and GeographicLib with flattening 0")
    func inverseOnTheSphere() async throws {
        let r = try await CLIRunner.run(["geodesic", "inverse", "--sphere"], stdin: "51.4700 -0.4543 22.3080 113.9185\n")
        #expect(r.status == 0)
        let expected = GreatCircle.earth.inverse(
            from: try Coordinate(latitude: 51.47, longitude: -0.4543),
            to: try Coordinate(latitude: 22.308, longitude: 113.9185))
        #expect(r.stdout == "\(expected.initialBearing) \(expected.finalBearing) \(expected.distance)\n")
        Self.expectLine(try #require(Self.numbers(r.stdout).first), Self.heathrowHongKongSphere)
    }

    @Test("direct matches GeographicLib, on the ellipsoid and the sphere")
    func direct() async throws {
        let r = try await CLIRunner.run(["geodesic", "direct"], stdin: "40.64 -73.78 45 10e6\n")
        #expect(r.status == 0)
        // lat2 lon2 azi2: all angles.
        Self.expectLine(
            try #require(Self.numbers(r.stdout).first), [32.6211004637258, 49.052487092959836, 140.40598587680074],
            metresColumn: -1)

        let s = try await CLIRunner.run(["geodesic", "direct", "--sphere", "51.4700", "-0.4543", "57.5", "9647423.4"])
        #expect(s.status == 0)
        let line = try #require(Self.numbers(s.stdout).first)
        Self.expectLine(line, [22.232066152867695, 114.08588857811974, 145.4195950630418], metresColumn: -1)
        let expected = try GreatCircle.earth.direct(
            from: try Coordinate(latitude: 51.47, longitude: -0.4543), bearing: 57.5, distance: 9647423.4)
        #expect(line == [expected.coordinate.latitude, expected.coordinate.longitude, expected.finalBearing])
    }

    @Test("a bad argument is one line on standard error and a non-zero exit")
    func badArguments() async throws {
        let cases: [([String], String)] = [
            (["inverse", "95", "0", "0", "0"], "lodestar geodesic inverse: latitude 95.0 is outside [-90, 90]\n"),
            (["inverse", "1", "2", "3"], "lodestar geodesic inverse: expected 4 numbers (lat1 lon1 lat2 lon2), found 3\n"),
            (["inverse", "1", "east", "3", "4"], "lodestar geodesic inverse: lon1 'east' is not a number\n"),
            (["inverse", "1", "2", "3", "nan"], "lodestar geodesic inverse: longitude nan is not a finite number\n"),
            (["direct", "1", "2", "3", "inf"], "lodestar geodesic direct: distance inf is not a finite number\n"),
            (["direct", "--sphere", "-91", "2", "3", "4"], "lodestar geodesic direct: latitude -91.0 is outside [-90, 90]\n"),
        ]
        for (arguments, message) in cases {
            let r = try await CLIRunner.run(["geodesic"] + arguments)
            #expect(r.status != 0, "\(arguments)")
            #expect(r.stderr == message, "\(arguments)")
            #expect(r.stdout.isEmpty, "\(arguments)")
        }
    }

    @Test("batch mode answers every good line, prints nan nan nan for a bad one, and exits non-zero")
    func badLinesInABatch() async throws {
        let input = """
            51.4700 -0.4543 22.3080 113.9185
            95 0 0 0
            51.4700, -0.4543, 22.3080, 113.9185
            1 x 3 4
            1 2 3

            51.4700,-0.4543 22.3080,113.9185
            """
        let r = try await CLIRunner.run(["geodesic", "inverse"], stdin: input + "\n")
        #expect(r.status != 0)
        let out = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(out.count == 7)  // one output line per input line
        for index in [1, 3, 4, 5] { #expect(out[index] == "nan nan nan", "output line \(index + 1)") }
        let lines = Self.numbers(r.stdout)
        for index in [0, 2, 6] where index < lines.count { Self.expectLine(lines[index], Self.heathrowHongKong) }
        #expect(
            r.stderr == """
                lodestar geodesic inverse: line 2: latitude 95.0 is outside [-90, 90]
                lodestar geodesic inverse: line 4: lon1 'x' is not a number
                lodestar geodesic inverse: line 5: expected 4 numbers (lat1 lon1 lat2 lon2), found 3
                lodestar geodesic inverse: line 6: expected 4 numbers (lat1 lon1 lat2 lon2), found 0

                """)
    }

    @Test("--help explains the format, the nan line and gives an example")
    func help() async throws {
        let r = try await CLIRunner.run(["geodesic", "inverse", "--help"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("azi1 azi2 s12"))
        #expect(r.stdout.contains("nan nan nan"))
        #expect(r.stdout.contains("echo \"51.4700 -0.4543 22.3080 113.9185\" | lodestar geodesic inverse"))
        #expect(r.stdout.contains("--sphere"))
        let parent = try await CLIRunner.run(["geodesic", "--help"])
        #expect(parent.stdout.contains("inverse") && parent.stdout.contains("direct"))
        let direct = try await CLIRunner.run(["geodesic", "direct", "--help"])
        #expect(direct.stdout.contains("lat2 lon2 azi2") && direct.stdout.contains("nan nan nan"))
    }
}

/// Issue 14: GeodSolve's -p, -w, DMS input, -f and the line modes -L / -I.
@Suite("lodestar geodesic as GeodSolve")
struct GeodSolveOptionTests {
    /// The difference of two angles in degrees, modulo 360.
    static func angle(_ a: Double, _ b: Double) -> Double {
        abs((a - b).remainder(dividingBy: 360))
    }

    /// Rows of the reference file: the first few random ones.
    static func referenceRows(_ count: Int) throws -> [[Double]] {
        let text = try String(contentsOf: TestData.shared("reference/geodesic-vectors.csv"), encoding: .utf8)
        return text.split(separator: "\n").dropFirst().prefix(count).map { $0.split(separator: ",").compactMap { Double($0) } }
    }

    @Test("-p N: N decimals for metres, N+5 for degrees; -w: longitude first; DMS input as GeodSolve reads it")
    func precisionOrderAndDMS() async throws {
        let fixed = try await CLIRunner.run(["geodesic", "inverse", "-p", "3", "51.47", "-0.4543", "22.308", "113.9185"])
        #expect(fixed.stdout == "57.50167121 145.33528004 9647423.413\n")
        let swapped = try await CLIRunner.run(["geodesic", "inverse", "-w", "-p", "3", "-0.4543", "51.47", "113.9185", "22.308"])
        #expect(swapped.stdout == fixed.stdout)
        let none = try await CLIRunner.run(["geodesic", "direct", "-p", "0", "40.64", "-73.78", "45", "10e6"])
        #expect(none.stdout == "32.62110 49.05249 140.40599\n")
        let lonFirst = try await CLIRunner.run(["geodesic", "direct", "-w", "-p", "0", "-73.78", "40.64", "45", "10e6"])
        #expect(lonFirst.stdout == "49.05249 32.62110 140.40599\n")
        // 40°38′23″N 73°46′44″W in three spellings, and in the wrong order with hemisphere letters.
        for input in [
            "40d38'23\"N 73d46'44\"W 49d01'N 2d33'E", "40:38:23N 73:46:44W 49:01N 2:33E",
            "73d46'44\"W 40d38'23\"N 2d33'E 49d01'N", "40.63972222222222 -73.77888888888889 49.016666666666666 2.55",
        ] {
            let r = try await CLIRunner.run(["geodesic", "inverse", "-p", "3"], stdin: input + "\n")
            #expect(r.status == 0, "\(input): \(r.stderr)")
            #expect(r.stdout == "53.50103735 111.62174760 5849165.888\n", "\(input)")
        }
        let bad = try await CLIRunner.run(["geodesic", "inverse"], stdin: "40d38'23\"N 40d38'23\"N 1 1\n40d61' 0 1 1\n")
        #expect(bad.stdout == "nan nan nan\nnan nan nan\n")
        #expect(
            bad.stderr == """
                lodestar geodesic inverse: line 1: lat1 '40d38'23"N' and lon1 '40d38'23"N' are both latitudes
                lodestar geodesic inverse: line 2: lat1 '40d61'' is not a number

                """)
        let range = try await CLIRunner.run(["geodesic", "inverse", "-p", "11", "0", "0", "1", "1"])
        #expect(range.status == 64)
        #expect(range.stderr == "lodestar geodesic inverse: --precision must be from 0 to 10 (got 11)\n")
    }

    @Test("-f: lat1 lon1 azi1 lat2 lon2 azi2 s12 a12 m12 M12 M21 S12, azimuths and s12 as GeographicLib's reference vectors")
    func fullOutput() async throws {
        let rows = try Self.referenceRows(40)
        let input = rows.map { "\($0[0]) \($0[1]) \($0[2]) \($0[3])" }.joined(separator: "\n") + "\n"
        let inverse = try await CLIRunner.run(["geodesic", "inverse", "-f"], stdin: input)
        #expect(inverse.status == 0, "\(inverse.stderr)")
        let lines = inverse.stdout.split(separator: "\n").map { $0.split(separator: " ").compactMap { Double($0) } }
        #expect(lines.count == rows.count)
        for (row, line) in zip(rows, lines) {
            #expect(line.count == 12)
            guard line.count == 12 else { continue }
            #expect(line[0] == row[0] && line[3] == row[2])
            #expect(abs(line[6] - row[4]) <= 1e-6, "s12 \(line[6]) vs \(row[4])")
            #expect(Self.angle(line[2], row[5]) <= 1e-8 && Self.angle(line[5], row[6]) <= 1e-8)
            #expect(abs(line[9]) <= 1 && abs(line[10]) <= 1, "geodesic scales are at most 1")
        }
        // The direct problem with the reference azimuth and distance gives the same twelve numbers.
        let first = rows[0]
        let direct = try await CLIRunner.run([
            "geodesic", "direct", "-f", "-p", "3", "\(first[0])", "\(first[1])", "\(first[5])", "\(first[4])",
        ])
        let again = try await CLIRunner.run([
            "geodesic", "inverse", "-f", "-p", "3", "\(first[0])", "\(first[1])", "\(first[2])", "\(first[3])",
        ])
        #expect(direct.stdout.split(separator: " ").count == 12)
        #expect(direct.stdout == again.stdout)
        let sphere = try await CLIRunner.run(["geodesic", "inverse", "-f", "--sphere", "0", "0", "1", "1"])
        #expect(sphere.status == 64)
        #expect(sphere.stderr == "lodestar geodesic inverse: --full is for the ellipsoid; drop --sphere\n")
    }

    @Test("-I lat1 lon1 lat2 lon2 and -L lat1 lon1 azi1: the point at each distance read; at s12 it is point 2")
    func lineModes() async throws {
        for row in try Self.referenceRows(10) {
            let inverseLine = try await CLIRunner.run(
                ["geodesic", "inverse", "-I", "--", "\(row[0])", "\(row[1])", "\(row[2])", "\(row[3])"], stdin: "0\n\(row[4])\n")
            let directLine = try await CLIRunner.run(
                ["geodesic", "direct", "-L", "--", "\(row[0])", "\(row[1])", "\(row[5])"], stdin: "0\n\(row[4])\n")
            for r in [inverseLine, directLine] {
                #expect(r.status == 0, "\(r.stderr)")
                let points = r.stdout.split(separator: "\n").map { $0.split(separator: " ").compactMap { Double($0) } }
                #expect(points.count == 2)
                guard points.count == 2, points[0].count == 3, points[1].count == 3 else { continue }
                #expect(abs(points[0][0] - row[0]) <= 1e-12 && Self.angle(points[0][1], row[1]) <= 1e-12)
                #expect(Self.angle(points[0][2], row[5]) <= 1e-8)
                #expect(abs(points[1][0] - row[2]) <= 1e-9 && Self.angle(points[1][1], row[3]) <= 1e-9, "\(points[1]) vs \(row)")
                #expect(Self.angle(points[1][2], row[6]) <= 1e-8)
            }
        }
        let missing = try await CLIRunner.run(["geodesic", "direct", "-L"])
        #expect(missing.status == 64)
        #expect(
            missing.stderr
                == "lodestar geodesic direct: give the geodesic as arguments: lat1 lon1 azi1; the distances come from standard input\n"
        )
    }

    @Test(
        "DMS spellings GeodSolve reads: marks or colons, a fraction in the last part, a sign or a hemisphere before or after",
        arguments: [
            ("40d38.5'", "40.64166667"), ("40°38′23″N", "40.63972222"), ("N40d38'23\"", "40.63972222"),
            ("-40:38:23", "-40.63972222"),
            ("40d38'23\"S", "-40.63972222"), ("+40d", "40.00000000"), ("1e1", "10.00000000"), ("40:38:23.4", "40.63983333"),
        ])
    func dmsSpellings(_ spelling: String, _ latitude: String) async throws {
        let r = try await CLIRunner.run(["geodesic", "inverse", "-f", "-p", "3"], stdin: "\(spelling) -0d1' 0 0\n")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("\(latitude) -0.01666667 "), "\(spelling): \(r.stdout)")
    }

    @Test(
        "not DMS: minutes of 60, a fraction before the last part, marks out of order, a sign and a hemisphere",
        arguments: [
            "40:60", "40.5:30", "40'38d", "-40d38'N", "40d38'23\"X",
        ])
    func notDMS(_ spelling: String) async throws {
        let r = try await CLIRunner.run(["geodesic", "inverse"], stdin: "\(spelling) 0 0 0\n")
        #expect(r.status == 1)
        #expect(r.stdout == "nan nan nan\n")
        #expect(r.stderr == "lodestar geodesic inverse: line 1: lat1 '\(spelling)' is not a number\n", "\(r.stderr)")
    }
}
