import Foundation
import Geodesy
import Testing

/// Every rule of the location manager on `lodestar guide`: --distance-filter, --heading-filter,
/// --max-fix-age, and for arrival --dwell and --exit-radius (with --keep-going); expectations from
/// the ground truth of the bundled traces.
@Suite("lodestar guide: the manager's rules")
struct GuideRulesTests {
    static let pickup = GuideTests.pickup
    static let walk = GuideTruth.path("walk-to-pickup")

    static func locations(_ stdout: String) -> [[String: Any]] {
        GuideTests.jsonObjects(stdout).filter { $0["event"] as? String == "location" }
    }

    static func coordinate(_ o: [String: Any]) throws -> Coordinate {
        try Coordinate(latitude: o["lat"] as? Double ?? .nan, longitude: o["lon"] as? Double ?? .nan)
    }

    @Test("--distance-filter 20: each location shown is at least 20 m from the one before; arrival as without it")
    func distanceFilter() async throws {
        let r = try await CLIRunner.run([
            "guide", "--to", "51.50850,-0.12470", "--trace", Self.walk, "--fast", "--raw", "--json", "--distance-filter", "20",
        ])
        #expect(r.status == 0)
        let shown = try Self.locations(r.stdout).map(Self.coordinate)
        #expect((15...30).contains(shown.count), "\(shown.count) locations over a 400 m walk")
        for (a, b) in zip(shown, shown.dropFirst()) { #expect(Geodesic.wgs84.inverse(from: a, to: b).distance >= 20) }
        let expected = try #require(try GuideTruth("walk-to-pickup").arrival(at: Self.pickup, within: 20))
        #expect(r.stderr.contains("Arrived: \(Int(expected.distance.rounded())) m from destination at \(expected.row.timeOfDay)"))
    }

    @Test("--heading-filter: 0 delivers every heading, 30 only changes of 30° or more")
    func headingFilter() async throws {
        func headings(_ filter: String?) async throws -> [Double] {
            let r = try await CLIRunner.run(
                ["guide", "--to", "51.50850,-0.12470", "--trace", Self.walk, "--fast", "--raw", "--json"]
                    + (filter.map { ["--heading-filter", $0] } ?? []))
            return GuideTests.jsonObjects(r.stdout).filter { $0["event"] as? String == "heading" }.compactMap {
                $0["trueHeading"] as? Double
            }
        }
        let every = try await headings("0")
        let standard = try await headings(nil)
        let coarse = try await headings("30")
        #expect(
            every.count > standard.count && standard.count > coarse.count && coarse.count >= 2,
            "\(every.count) \(standard.count) \(coarse.count)")
        for (a, b) in zip(coarse, coarse.dropFirst()) { #expect(abs(Angle.difference(from: a, to: b)) >= 30 - 0.01) }
    }

    @Test("--max-fix-age 10: the receiver's 45 s old epoch after the tunnel is withheld as stale (without it, as out of order)")
    func maxFixAge() async throws {
        let arguments = [
            "guide", "--to", "51.5,-0.03", "--trace", GuideTruth.path("outage-mid-route"), "--fast", "--raw", "--json",
        ]
        func reasons(_ more: [String]) async throws -> [String] {
            GuideTests.jsonObjects(try await CLIRunner.run(arguments + more).stdout)
                .filter { $0["event"] as? String == "withheld" && $0["time"] as? String == "2026-09-09T08:15:46.000Z" }
                .compactMap { $0["reason"] as? String }
        }
        #expect(try await reasons(["--max-fix-age", "10"]) == ["stale: fix is 45 s old, maximum age is 10 s"])
        #expect(try await reasons([]).first?.hasPrefix("out of order") == true)
    }

    /// The truth's row where arrival is declared when the location must stay inside `radius` (with
    /// its accuracy) for `dwell` seconds; a location outside restarts the wait.
    static func arrival(_ truth: GuideTruth, at destination: Coordinate, within radius: Double, dwell: Double) throws
        -> GuideTruth.Row?
    {
        var since: Date?
        let format = ISO8601DateFormatter()
        format.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for row in truth.rows where row.hasFix {
            let p = try #require(row.reported)
            let time = try #require(format.date(from: row.time.replacingOccurrences(of: ".00Z", with: ".000Z")))
            guard Geodesic.wgs84.inverse(from: p, to: destination).distance <= radius, row.accuracy <= radius else {
                since = nil
                continue
            }
            if time.timeIntervalSince(since ?? time) >= dwell { return row }
            since = since ?? time
        }
        return nil
    }

    @Test("--dwell 30: arrival only after 30 s of fixes inside the radius, at the time the truth gives")
    func dwell() async throws {
        let expected = try #require(try Self.arrival(try GuideTruth("walk-to-pickup"), at: Self.pickup, within: 20, dwell: 30))
        let undelayed = try #require(try GuideTruth("walk-to-pickup").arrival(at: Self.pickup, within: 20))
        #expect(expected.timeOfDay > undelayed.row.timeOfDay)
        let r = try await CLIRunner.run([
            "guide", "--to", "51.50850,-0.12470", "--trace", Self.walk, "--fast", "--raw", "--dwell", "30",
        ])
        #expect(r.status == 0)
        let last = try #require(r.stdout.split(separator: "\n").last)
        #expect(last.hasPrefix("Arrived: ") && last.hasSuffix(" from destination at \(expected.timeOfDay)"), "\(last)")
    }

    @Test("--dwell 300: the walker waits at the pickup for less; the closing line says how long of the dwell was spent inside")
    func dwellNotMet() async throws {
        let r = try await CLIRunner.run([
            "guide", "--to", "51.50850,-0.12470", "--trace", Self.walk, "--fast", "--raw", "--dwell", "300",
        ])
        #expect(r.status == 3)
        let last = try #require(r.stdout.split(separator: "\n").last.map(String.init))
        let expected = try #require(try GuideTruth("walk-to-pickup").arrival(at: Self.pickup, within: 20))
        // Inside from the arrival row (the walker stays) to the last fix, 09:36:22.
        let entered = expected.row.timeOfDay.split(separator: ":").compactMap { Int($0) }
        let inside = (9 * 3600 + 36 * 60 + 22) - (entered[0] * 3600 + entered[1] * 60 + entered[2])
        #expect(
            last == "Trace ended before arrival: 1 m from destination at 09:36:22; inside the 20 m radius for "
                + "\(inside / 60) min \(inside % 60) s of the 5 min dwell", "\(last)")
    }

    @Test("--keep-going --exit-radius 100 on the highway: arrival within 50 m, departure beyond 100 m, both at the truth's times")
    func departure() async throws {
        let truth = try GuideTruth("highway-tunnel")
        let destination = try #require(truth.rows[60].reported)
        let arrival = try #require(truth.arrival(at: destination, within: 50))
        let afterArrival = truth.rows.drop { $0.time != arrival.row.time }
        let departure = try #require(
            afterArrival.first { row in
                row.reported.map { Geodesic.wgs84.inverse(from: $0, to: destination).distance > 100 } ?? false
            })
        let to = String(format: "%.9f,%.9f", destination.latitude, destination.longitude)
        let r = try await CLIRunner.run([
            "guide", "--to", to, "--arrive-within", "50", "--trace", GuideTruth.path("highway-tunnel"), "--fast", "--raw",
            "--keep-going", "--exit-radius", "100",
        ])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        let arrived = "Arrived: \(Int(arrival.distance.rounded())) m from destination at \(arrival.row.timeOfDay)"
        #expect(lines.contains(arrived))
        let departed = try #require(lines.first { $0.hasPrefix("Departed: ") })
        #expect(departed.hasSuffix(" from destination at \(departure.timeOfDay)"))
        // Guidance goes on after both; the closing line says both.
        let departedAt = try #require(lines.firstIndex(of: departed))
        #expect(lines.count > departedAt + 10)
        #expect(
            lines.last?.hasPrefix("Arrived at \(arrival.row.timeOfDay) (") == true
                && lines.last?.contains("; departed at \(departure.timeOfDay) (") == true)
    }

    @Test(
        "the rules' options are checked: one line naming the option and its range, status 64",
        arguments: [
            (["--heading-filter", "181"], "--heading-filter must be from 0 to 180 degrees (got 181)"),
            (["--max-fix-age", "0"], "--max-fix-age must be from 0.001 to 86400 seconds (got 0)"),
            (["--dwell=-1"], "--dwell must be from 0 to 86400 seconds (got -1)"),
            (["--distance-filter", "0"], "--distance-filter must be from 0.001 to 20004000 metres (got 0)"),
            (["--exit-radius", "30"], "--exit-radius goes with --keep-going"),
            (["--keep-going", "--exit-radius", "5"], "--exit-radius (5 m) must be at least --arrive-within (20 m)"),
        ])
    func ranges(_ arguments: [String], _ message: String) async throws {
        let r = try await CLIRunner.run(["guide", "--to", "51.5,-0.12", "--trace", Self.walk] + arguments)
        #expect(r.status == 64)
        #expect(r.stderr.contains(message), "\(r.stderr)")
    }
}
