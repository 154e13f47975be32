import Foundation
import Testing

/// Issue 26: `guide` printed the ETA in UTC with no marker, and only in metres and m/s. Times
/// are local (TZ) or UTC with --utc, as `date`, and the ETA says its zone; --units (or
/// GPSD_UNITS) gives feet, miles and mph, or nautical miles and knots.
@Suite("lodestar guide: time zone and units")
struct GuideUnitsTests {
    static let walk = GuideTruth.path("walk-to-pickup")
    static let guide = ["guide", "--to", "51.50850,-0.12470", "--trace", walk, "--fast", "--raw"]

    /// The status lines of a run (the last line, the arrival, left out).
    static func lines(_ arguments: [String], environment: [String: String?] = [:]) async throws -> [String] {
        let r = try await CLIRunner.run(Self.guide + arguments, environment: environment)
        #expect(r.status == 0, "\(arguments): \(r.stderr)")
        return r.stdout.split(separator: "\n").dropLast().map(String.init)
    }

    /// The fields of a status line, split at its double spaces.
    static func fields(_ line: String) -> [String] {
        line.components(separatedBy: "  ")
    }

    /// "09:34:55" moved by `hours`.
    static func shifted(_ time: Substring, by hours: Int) -> String {
        let parts = time.split(separator: ":").compactMap { Int($0) }
        return String(format: "%02d:%02d:%02d", ((parts[0] + hours) % 24 + 24) % 24, parts[1], parts[2])
    }

    @Test("the ETA says UTC with --utc; in a zone two hours east (TZ=EET-2) every time is two hours on and the ETA says EET")
    func timeZones() async throws {
        let utc = try await Self.lines(["--utc"], environment: ["TZ": "EET-2", "GPSD_UNITS": nil])
        let local = try await Self.lines([], environment: ["TZ": "EET-2", "GPSD_UNITS": nil])
        #expect(utc.count == local.count && utc.count > 250)
        let withETA = try #require(utc.firstIndex { $0.contains("  ETA ") })
        let utcETA = try #require(Self.fields(utc[withETA]).last)
        #expect(utcETA.hasPrefix("ETA ") && utcETA.hasSuffix(" UTC"), "\(utc[withETA])")
        let localETA = try #require(Self.fields(local[withETA]).last)
        #expect(localETA == "ETA " + Self.shifted(utcETA.dropFirst(4).prefix(8), by: 2) + " EET", "\(local[withETA])")
        #expect(local[withETA].prefix(8) == Self.shifted(utc[withETA].prefix(8), by: 2))
        // The rest of the line is the same.
        #expect(Self.fields(local[withETA]).dropFirst().dropLast() == Self.fields(utc[withETA]).dropFirst().dropLast())
        // In UTC (TZ=UTC0) the default is the --utc output.
        let inUTC = try await Self.lines([], environment: ["TZ": "UTC0", "GPSD_UNITS": nil])
        #expect(inUTC == utc)
    }

    @Test("--units nautical and imperial: the metric line's distance, accuracy and speed in nmi or m, ft or mi, kn and mph")
    func units() async throws {
        let metric = try await Self.lines(["--utc"], environment: ["GPSD_UNITS": nil])
        let nautical = try await Self.lines(["--utc", "--units", "nautical"], environment: ["GPSD_UNITS": nil])
        let imperial = try await Self.lines(["--utc", "--units", "imperial"], environment: ["GPSD_UNITS": nil])
        #expect(metric.count == nautical.count && metric.count == imperial.count)
        var checked = 0
        for ((m, n), i) in zip(zip(metric, nautical), imperial) {
            let (mf, nf, imf) = (Self.fields(m), Self.fields(n), Self.fields(i))
            guard mf.count == nf.count, mf.count == imf.count,
                let distance = mf.first(where: { $0.hasSuffix(" to go") }),
                let speed = mf.first(where: { $0.hasSuffix(" m/s") })
            else { continue }
            let metres = try #require(Double(distance.split(separator: " ")[0])) * (distance.contains(" km ") ? 1000 : 1)
            let mps = try #require(Double(speed.split(separator: " ")[0]))
            // Each figure from the metric line's rounded one: within its rounding, converted.
            let nDistance = try #require(nf.first { $0.hasSuffix(" to go") })
            let nValue = try #require(Double(nDistance.split(separator: " ")[0]))
            if nDistance.contains(" nmi ") {
                #expect(abs(nValue * 1852 - metres) <= 0.005 * 1852 + 5, "\(n)")
            } else {
                #expect(nDistance.hasSuffix(" m to go") && abs(nValue - metres) < 1 && metres < 185.2, "\(n)")
            }
            let knots = try #require(nf.first { $0.hasSuffix(" kn") }.flatMap { Double($0.dropLast(3)) })
            #expect(abs(knots - mps * 3600 / 1852) <= 0.05 * 3600 / 1852 + 0.05, "\(m) | \(n)")
            let iDistance = try #require(imf.first { $0.hasSuffix(" to go") })
            let iValue = try #require(Double(iDistance.split(separator: " ")[0]))
            let iMetres = iDistance.contains(" mi ") ? iValue * 1609.344 : iValue * 0.3048
            #expect(iDistance.contains(" mi ") || iDistance.contains(" ft "), "\(i)")
            #expect(abs(iMetres - metres) <= (iDistance.contains(" mi ") ? 0.005 * 1609.344 + 5 : 1), "\(m) | \(i)")
            let mph = try #require(imf.first { $0.hasSuffix(" mph") }.flatMap { Double($0.dropLast(4)) })
            #expect(abs(mph - mps * 3600 / 1609.344) <= 0.05 * 3600 / 1609.344 + 0.05, "\(m) | \(i)")
            let feet = try #require(
                imf.first { $0.hasPrefix("±") && $0.hasSuffix(" ft") }.flatMap { Double($0.dropFirst().dropLast(3)) })
            let accuracy = try #require(
                mf.first { $0.hasPrefix("±") && $0.hasSuffix(" m") }.flatMap { Double($0.dropFirst().dropLast(2)) })
            #expect(abs(feet * 0.3048 - accuracy) <= 0.5 + 0.3048 / 2, "\(m) | \(i)")
            checked += 1
        }
        #expect(checked > 250, "lines compared")
    }

    @Test("GPSD_UNITS=nautical is the default, --units metric overrides it; GPSD_UNITS naming no units is said once")
    func environmentDefault() async throws {
        let nautical = try await Self.lines(["--utc", "--units", "nautical"], environment: ["GPSD_UNITS": nil])
        let fromEnvironment = try await Self.lines(["--utc"], environment: ["GPSD_UNITS": "nautical"])
        #expect(fromEnvironment == nautical)
        let metric = try await Self.lines(["--utc"], environment: ["GPSD_UNITS": nil])
        let overridden = try await Self.lines(["--utc", "--units", "metric"], environment: ["GPSD_UNITS": "nautical"])
        #expect(overridden == metric)
        let r = try await CLIRunner.run(Self.guide + ["--utc"], environment: ["GPSD_UNITS": "furlongs"])
        #expect(r.status == 0)
        #expect(r.stdout.split(separator: "\n").dropLast().map(String.init) == metric)
        #expect(
            r.stderr.hasPrefix(
                "lodestar guide: warning: GPSD_UNITS 'furlongs' is not metric, imperial or nautical; using metric\n"),
            "\(r.stderr)")
    }

    @Test("--units furlongs is a usage error naming the choices")
    func badUnits() async throws {
        let r = try await CLIRunner.run(Self.guide + ["--units", "furlongs"])
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix("lodestar guide: "), "\(r.stderr)")
        #expect(r.stderr.contains("furlongs"), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
    }
}
