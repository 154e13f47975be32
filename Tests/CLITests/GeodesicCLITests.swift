import Foundation
import Geodesy
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
            let error = column == metresColumn ? abs(line[column] - expected[column])
                : abs(Angle.difference(from: expected[column], to: line[column]))
            #expect(error <= tolerance, "column \(column + 1): \(line[column]) vs \(expected[column])",
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
        #expect(r.stderr == """
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
