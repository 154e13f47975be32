import Foundation
import TestSupport
import Testing

/// Issue 27: every example runs, and says what references no one on the team wrote say. The
/// examples are the code of the DocC catalogs' Getting Started articles (`@Snippet`), so an
/// article cannot show code that does not compile or does not do what it says.
@Suite("the examples in Snippets/ run and print true answers", .timeLimit(.minutes(5)))
struct ExamplesTests {
    typealias Runner = ExampleRunner

    @Test("GeodesicDistance: Heathrow to Hong Kong as GeographicLib gives it, and the sphere as the haversine does")
    func geodesicDistance() async throws {
        let r = try await Runner.run("GeodesicDistance")
        #expect(r.status == 0, "\(r.stderr)")
        // python3-geographiclib 2.0 (Debian bookworm; Karney's own Python port):
        // Geodesic.WGS84.Inverse(51.47, -0.4543, 22.308, 113.9185) and .Direct(51.47, -0.4543, azi1, 5e6).
        let ellipsoid = Runner.numbers(in: try Runner.line("ellipsoid:", in: r))
        try #require(ellipsoid.count == 3, "\(ellipsoid)")
        #expect(abs(ellipsoid[0] - 9_647_423.4131637) < 1e-6)
        #expect(abs(ellipsoid[1] - 57.50167120926607) < 1e-9)
        #expect(abs(ellipsoid[2] - 145.33528004156443) < 1e-9)
        let direct = Runner.numbers(in: try Runner.line("after 5000 km:", in: r))
        try #require(direct.count == 4, "\(direct)")
        #expect(abs(direct[1] - 52.258215858076355) < 1e-9)
        #expect(abs(direct[2] - 75.7882423557264) < 1e-9)
        #expect(abs(direct[3] - 120.87623412683152) < 1e-9)
        let sphere = Runner.numbers(in: try Runner.line("sphere:", in: r))
        try #require(sphere.count == 2, "\(sphere)")
        #expect(abs(sphere[0] - Runner.haversine(51.47, -0.4543, 22.308, 113.9185)) < 1e-3)
    }

    @Test("MagneticDeclination: NOAA's test point as the WMM2025 report's table gives it")
    func magneticDeclination() async throws {
        let r = try await Runner.run("MagneticDeclination")
        #expect(r.status == 0, "\(r.stderr)")
        // The report's table (shared/reference): 2025.0, 0 km, 80° N, 0° E: I 83.21°, D 1.28°, F 55178.5 nT.
        let table = try String(contentsOf: TestData.shared("reference/WMM2025_TEST_VALUES_report_table.txt"), encoding: .utf8)
        let rows: [[Double]] = table.split(separator: "\n").map { Runner.numbers(in: $0) }
        func isTheRow(_ row: [Double]) -> Bool { row.count == 19 && row[0] == 2025 && row[1] == 0 && row[2] == 80 && row[3] == 0 }
        let row: [Double] = try #require(rows.first(where: isTheRow))
        let noaa = Runner.numbers(in: try Runner.line("NOAA test point", in: r))
        try #require(noaa.count == 6 && noaa[0] == 2025.0 && noaa[1] == 80 && noaa[2] == 0, "\(noaa)")
        #expect(abs(noaa[3] - row[10]) <= 0.005 + 1e-9, "declination \(noaa[3]), NOAA \(row[10])")
        #expect(abs(noaa[4] - row[9]) <= 0.005 + 1e-9, "inclination \(noaa[4]), NOAA \(row[9])")
        #expect(abs(noaa[5] - row[8]) <= 0.05 + 1e-6, "total intensity \(noaa[5]), NOAA \(row[8])")
        // Heathrow in June 2026: the true heading is the magnetic heading plus the declination printed.
        let declination = try #require(Runner.numbers(in: try Runner.line("declination", in: r)).first)
        #expect(declination > -5 && declination < 5, "London's declination is a few degrees at most")
        let heading = Runner.numbers(in: try Runner.line("magnetic heading", in: r))
        try #require(heading.count == 2)
        #expect(abs(heading[1] - (heading[0] + declination)) < 1e-9)
        #expect(try Runner.line("2031.0:", in: r).contains("2030"))
    }

    @Test("DecodeNMEA: the epoch of gpsd's regression log, as gpsd decodes it, and the corrupted line reported")
    func decodeNMEA() async throws {
        let r = try await Runner.run("DecodeNMEA")
        #expect(r.status == 0, "\(r.stderr)")
        // gpsd's own answer for these sentences: the first 3D TPV of nl2008u.log.chk.
        let chk = try String(contentsOf: TestData.shared("traces/gpsd/nl2008u.log.chk"), encoding: .utf8)
        let tpv = try #require(
            chk.split(whereSeparator: \.isNewline).first { $0.hasPrefix("{\"class\":\"TPV\"") && $0.contains("\"mode\":3") })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(tpv.utf8)) as? [String: Any])
        let fixLine = try Runner.line("lines ", in: r)
        #expect(fixLine.contains("threeD"))
        #expect(fixLine.contains("2015-10-10 09:12:32"), "ZDA's date, not gpsd's 1024-week shift")
        func value(after label: String) -> Double? {
            fixLine.range(of: label).flatMap { Runner.numbers(in: fixLine[$0.upperBound...]).first }
        }
        #expect(abs(try #require(value(after: "lat ")) - (object["lat"] as? Double ?? .nan)) < 5e-10)
        #expect(abs(try #require(value(after: "lon ")) - (object["lon"] as? Double ?? .nan)) < 5e-10)
        #expect(abs(try #require(value(after: "altMSL ")) - (object["altMSL"] as? Double ?? .nan)) < 5e-5)
        #expect(abs(try #require(value(after: "geoidSep ")) - (object["geoidSep"] as? Double ?? .nan)) < 5e-4)
        #expect(try Runner.line("rejected line 3: checksum_mismatch", in: r).contains("ANTSTATUS"))
        #expect(Runner.numbers(in: try Runner.line("statistics:", in: r)) == [1, 7, 1])
        #expect(Runner.numbers(in: try Runner.line("GGA:", in: r)) == [12, 0.7, 765.8])
    }

    @Test("FixesAndSources: accuracies converted by gpsd's factors, and the TPV gpsd writes for the fix")
    func fixesAndSources() async throws {
        let r = try await Runner.run("FixesAndSources")
        #expect(r.status == 0, "\(r.stderr)")
        // gpsd's eph is 2 x the 2D RMS radius; GST's per-axis sigmas add in quadrature.
        let eph = Runner.numbers(in: try Runner.line("gpsd eph", in: r))  // 13.3, 95, accuracy, 68
        try #require(eph.count == 4, "\(eph)")
        #expect(eph[2] == 13.3 / 2)
        let gst = Runner.numbers(in: try Runner.line("GST", in: r))  // 3, 4, accuracy, 68
        try #require(gst.count == 4, "\(gst)")
        #expect(gst[2] == (9.0 + 16.0).squareRoot())
        let tpv = try Runner.line("{\"class\":\"TPV\"", in: r)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(tpv.utf8)) as? [String: Any])
        #expect(object["mode"] as? Int == 3)
        #expect(object["time"] as? String == "2015-10-10T09:12:32.000Z")
        #expect(object["epy"] as? Double == 6 && object["epx"] as? Double == 8 && object["eph"] as? Double == 10)
        // The same position, altitude and geoid separation as gpsd's own TPV of that epoch.
        let chk = try String(contentsOf: TestData.shared("traces/gpsd/nl2008u.log.chk"), encoding: .utf8)
        let line = try #require(
            chk.split(whereSeparator: \.isNewline).first { $0.hasPrefix("{\"class\":\"TPV\"") && $0.contains("\"mode\":3") })
        let gpsd = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        for key in ["lat", "lon", "altMSL", "altHAE", "geoidSep"] {
            #expect(object[key] as? Double == gpsd[key] as? Double, "\(key)")
        }
        #expect(try Runner.line("recorded fixes:", in: r).hasSuffix("2 fixes with a position"))
    }

    @Test("ReplayTrace: the walk's last location near the truth, arrival declared, the distance filter kept")
    func replayTrace() async throws {
        let trace = TestData.traces.appendingPathComponent("walk-to-pickup.nmea").path
        let r = try await Runner.run("ReplayTrace", [trace])
        #expect(r.status == 0, "\(r.stderr)")
        let truth = try Runner.truth("walk-to-pickup")
        let last = try Runner.line("last location:", in: r)
        let words = last.split(separator: " ")
        let time = Runner.truthTime(words.dropFirst(2).prefix(2).joined(separator: " "))
        let truePosition = try #require(truth[time], "no truth at \(time)")
        let numbers = Runner.numbers(in: last.split(separator: "  ").dropFirst().joined(separator: " "))
        try #require(numbers.count >= 3, "\(numbers)")
        let error = Runner.haversine(numbers[0], numbers[1], truePosition.latitude, truePosition.longitude)
        #expect(error <= 3 * numbers[2], "\(error) m from the truth, stated ±\(numbers[2]) m")
        // Arrival within 20 m of the pickup, declared once.
        #expect(r.lines.filter { $0.hasPrefix("arrived at") }.count == 1)
        let arrivalDistance = try #require(
            Runner.numbers(in: try Runner.line("arrived at", in: r).split(separator: ": ").last ?? "").first)
        #expect(arrivalDistance <= 20)
        // The distance filter: at most one location per 5 m of the walk, plus the standing jitter.
        let walked = zip(truth.keys.sorted(), truth.keys.sorted().dropFirst()).reduce(0.0) { sum, pair in
            let (a, b) = (truth[pair.0]!, truth[pair.1]!)
            return sum + Runner.haversine(a.latitude, a.longitude, b.latitude, b.longitude)
        }
        let delivered = try #require(Runner.numbers(in: try Runner.line(containing: "locations delivered", in: r)).first)
        #expect(delivered >= walked / 5 / 2 && delivered <= walked / 5 + 10, "\(delivered) locations on a \(walked) m walk")
    }

    @Test("TrackGPSD: fused locations from a real gpsd fed a bundled trace, near the trace's truth", .tags(.liveGPSD))
    func trackGPSD() async throws {
        let sandbox = try await Sandbox.acquire()
        defer { sandbox.release() }
        let gpsd = try FakeGPS(
            log: TestData.traces.appendingPathComponent("walk-to-pickup.nmea").path, sandbox: sandbox, cycle: 0.05)
        defer { gpsd.stop() }
        let r = try await Runner.run(
            "TrackGPSD", ["localhost:\(gpsd.port)", "5"], environment: sandbox.environment, timeout: .seconds(90))
        #expect(r.status == 0, "\(r.stderr)")
        let truth = try Runner.truth("walk-to-pickup")
        let locations = r.lines.filter { $0.first?.isNumber == true }
        #expect(locations.count == 5, "\(r.stdout)")
        for line in locations {
            let time = Runner.truthTime(line.split(separator: " ").prefix(2).joined(separator: " "))
            let truePosition = try #require(truth[time], "a location at \(time) is not in the trace")
            let numbers = Runner.numbers(in: line.split(separator: "  ").dropFirst().joined(separator: " "))
            try #require(numbers.count >= 3, "\(line)")
            let error = Runner.haversine(numbers[0], numbers[1], truePosition.latitude, truePosition.longitude)
            #expect(error <= 3 * numbers[2], "\(line): \(error) m from the truth")
        }
    }

    @Test("SynthesizeTrace: the fixes scatter as the specification says (σ 3 m an axis)")
    func synthesizeTrace() async throws {
        let r = try await Runner.run("SynthesizeTrace")
        #expect(r.status == 0, "\(r.stderr)")
        let summary = Runner.numbers(in: try Runner.line(containing: "RMS horizontal error", in: r))
        try #require(summary.count == 3, "\(r.stdout)")
        #expect(summary[0] >= 300, "every epoch of the walk has a fix")
        // Two axes of σ 3 m: the radial error's RMS is √2 σ = 4.24 m, and the 2D RMS circle holds
        // 1 − e⁻¹ = 63.2% of the fixes. With about 330 fixes, each is known to a few percent.
        #expect(abs(summary[1] - 3 * 2.0.squareRoot()) < 0.6, "RMS \(summary[1]) m")
        #expect(abs(summary[2] - 63.2) < 9, "\(summary[2])% inside")
    }

    @Test("BookRide: the ride goes to the nearest free vehicle of the fleet, then is cancelled")
    func bookRide() async throws {
        let r = try await Runner.run(
            "BookRide",
            [TestData.package("Examples/fleet.json").path, TestData.traces.appendingPathComponent("walk-to-pickup.nmea").path])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        // The walk ends on the Charing Cross forecourt, the gazetteer's pickup point (51.5085, −0.1247).
        let pickup = try Runner.line("pickup:", in: r)
        #expect(pickup.contains("Charing Cross"))
        let at = Runner.numbers(in: pickup)
        try #require(at.count >= 2, "\(pickup)")
        let nearest = try Runner.nearestVehicle(to: at[at.count - 2], at[at.count - 1], seating: 2)
        #expect(try Runner.line("drop-off:", in: r).contains("British Museum"))
        #expect(try Runner.line("confirm:", in: r).contains("ready, vehicle \(nearest),"))
        #expect(try Runner.line("handle:", in: r).contains("success, ride "))
        #expect(try Runner.line("handle:", in: r).contains("vehicle \(nearest), phase confirmed"))
        #expect(try Runner.line("status:", in: r).contains("success"))
        #expect(try Runner.line("cancel:", in: r).contains("success"))
    }

    @Test("APIBodies: a request written in sorted order, read back the same, and three bodies refused at their member")
    func apiBodies() async throws {
        let r = try await Runner.run("APIBodies", [])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(
            try Runner.line("request:", in: r)
                == #"request: {"dropOffLocation":{"name":"British Museum"},"partySize":2,"pickupLocation":{"coordinate":{"latitude":51.5085,"longitude":-0.1247}}}"#
        )
        #expect(try Runner.line("read back:", in: r) == "read back: the same request")
        #expect(try Runner.line("party size:", in: r) == "party size: 2")
        let refused = r.stdout.split(separator: "\n").filter { $0.hasPrefix("refused: ") }
        #expect(refused.count == 3 && !r.stdout.contains("accepted:"), "\(r.stdout)")
        #expect(refused.first?.hasSuffix("luggage: unknown member 'luggage'") == true)
        #expect(refused.dropFirst().first?.hasSuffix("partySize: must be an integer from 1 to 100") == true)
        #expect(
            refused.last?.hasSuffix("pickupLocation.coordinate.latitude: must be a number from -90.0 to 90.0, got 91.0") == true)
    }

    @Test("RideOverHTTP: a ride booked, read and cancelled through the HTTP service")
    func rideOverHTTP() async throws {
        let r = try await Runner.run("RideOverHTTP", [TestData.package("Examples/fleet.json").path])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        let nearest = try Runner.nearestVehicle(to: 51.5085, -0.1247, seating: 2)
        #expect(try Runner.line("POST /rides:", in: r).contains("success, ride "))
        #expect(try Runner.line("POST /rides:", in: r).hasSuffix("vehicle \(nearest)"))
        #expect(try Runner.line("GET /rides/", in: r).contains("success, phase confirmed"))
        #expect(try Runner.line("POST /rides/", in: r).contains("/cancel: success"))
        #expect(r.lines.last == "stopped")
    }

    @Test("PostgresRides: a ride booked in PostgreSQL + PostGIS goes to the nearest free vehicle")
    func postgresRides() async throws {
        let server = try await PostgresServer.shared()
        let url = try await server.createDatabase()
        let r = try await Runner.run("PostgresRides", [url, TestData.package("Examples/fleet.json").path])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        let nearest = try Runner.nearestVehicle(to: 51.5085, -0.1247, seating: 2)
        #expect(try Runner.line("book:", in: r).contains("success, ride "))
        #expect(try Runner.line("book:", in: r).hasSuffix("vehicle \(nearest)"))
        #expect(try Runner.line("stored:", in: r).contains("of ada, phase confirmed"))
    }
}
