import Foundation
import Geodesy
import LodestarInternals
import TestSupport
import Testing
import TraceSynthesis

/// The realistic error model of issue 13: Gauss–Markov plus white noise, Doppler speed and course
/// noise, multipath jumps the receiver does not admit, stops at lights.
@Suite("trace synthesizer: error model")
struct ErrorModelTests {
    static let start = ISO8601.parse("2026-03-01T12:00:00Z")

    /// North and east errors of the reported position, metres (local radii of curvature).
    static func error(_ epoch: TraceEpoch) -> (north: Double, east: Double)? {
        guard let reported = epoch.reported else { return nil }
        let phi = Angle.radians(epoch.coordinate.latitude)
        let (meridional, primeVertical) = WGS84.radiiOfCurvature(latitude: phi)
        return (
            Angle.radians(reported.latitude - epoch.coordinate.latitude) * meridional,
            Angle.radians(reported.longitude - epoch.coordinate.longitude) * primeVertical * cos(phi)
        )
    }

    static func stationary(seconds: Double, model: TraceErrorModel?, seed: UInt64 = 5) throws -> TraceSpecification {
        TraceSpecification(
            waypoints: [try Coordinate(latitude: 51.4779, longitude: -0.0015)], holdStart: seconds,
            receiver: .multiGNSS, start: try #require(start), seed: seed, errorModel: model)
    }

    @Test("Gauss-Markov: over 100,000 epochs the sample σ is within 10% of σ_gm and the lag-τ autocorrelation within 0.1 of 1/e")
    func gaussMarkovStatistics() throws {
        let sigma = 3.0
        let tau = 30
        let spec = try Self.stationary(
            seconds: 99_999, model: TraceErrorModel(correlatedSigma: sigma, correlationTime: Double(tau), whiteSigma: 0))
        var north: [Double] = []
        var east: [Double] = []
        north.reserveCapacity(100_000)
        east.reserveCapacity(100_000)
        let summary = try TraceSynthesizer(spec).synthesize { epoch, _ in
            if let e = Self.error(epoch) {
                north.append(e.north)
                east.append(e.east)
            }
        }
        #expect(summary.epochs == 100_000 && north.count == 100_000)
        for series in [north, east] {
            let n = Double(series.count)
            let mean = series.reduce(0, +) / n
            let variance = series.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / n
            #expect(abs(variance.squareRoot() - sigma) < 0.1 * sigma, "σ \(variance.squareRoot())")
            var lagged = 0.0
            for k in tau..<series.count { lagged += (series[k] - mean) * (series[k - tau] - mean) }
            let rho = lagged / (n - Double(tau)) / variance
            #expect(abs(rho - exp(-1)) < 0.1, "lag-τ autocorrelation \(rho)")
            var lag1 = 0.0
            for k in 1..<series.count { lag1 += (series[k] - mean) * (series[k - 1] - mean) }
            #expect(lag1 / (n - 1) / variance > 0.9, "one second apart the errors are nearly the same")
        }
    }

    @Test("the stated σ (GST, the truth's sigma) is the total √(σ_gm² + σ_w²), and HDOP × 5 m is its 2D RMS")
    func statedTotal() throws {
        let spec = try Self.stationary(
            seconds: 2, model: TraceErrorModel(correlatedSigma: 2.5, correlationTime: 30, whiteSigma: 1))
        let trace = try TraceSynthesizer(spec).synthesize()
        #expect(trace.epochs.allSatisfy { $0.sigma == 2.7 })
        #expect(trace.nmea.contains("GNGST,120000.00,2.7,2.7,2.7,0.0,2.7,2.7,4.1*"))
        // HDOP = √2 × 2.693 / 5 = 0.76 → "0.8"; VDOP = 1.5 × 2.7 / 5 = 0.81 → "0.8"; PDOP 1.1.
        #expect(trace.nmea.contains(",1,10,0.8,"))
        #expect(trace.nmea.contains(",1.1,0.8,0.8,1*"))
    }

    static func straight(speed: Double, seconds: Double, doppler: Double = 0.05, seed: UInt64 = 9) throws -> TraceSpecification {
        let from = try Coordinate(latitude: 52, longitude: -1)
        let to = try Geodesic.wgs84.direct(from: from, azimuth: 90, distance: speed * seconds).coordinate
        return TraceSpecification(
            waypoints: [from, to], speeds: [speed], receiver: .consumer, start: try #require(start), seed: seed,
            errorModel: TraceErrorModel(correlatedSigma: 2.5, correlationTime: 30, whiteSigma: 1), dopplerSigma: doppler)
    }

    @Test("Doppler speed noise has σ ≈ 0.05 m/s; course noise ≈ σ_speed / speed radians")
    func dopplerNoise() throws {
        let trace = try TraceSynthesizer(Self.straight(speed: 2, seconds: 20_000)).synthesize()
        let moving = trace.epochs.filter { $0.speed > 0 }
        #expect(moving.count >= 19_999)
        let speedErrors = moving.compactMap { e in e.reportedSpeed.map { $0 - e.speed } }
        let speedSigma = (speedErrors.reduce(0) { $0 + $1 * $1 } / Double(speedErrors.count)).squareRoot()
        #expect(abs(speedSigma - 0.05) < 0.005, "speed σ \(speedSigma)")
        let courseErrors = moving.compactMap { e in
            e.reportedCourse.flatMap { c in e.course.map { Angle.difference(from: $0, to: c) } }
        }
        let courseSigma = (courseErrors.reduce(0) { $0 + $1 * $1 } / Double(courseErrors.count)).squareRoot()
        let expected = Angle.degrees(0.05 / 2)  // 1.43°
        #expect(abs(courseSigma - expected) < 0.15 * expected, "course σ \(courseSigma)°")
    }

    @Test("standing still, the course is arbitrary (uniform) and the speed never negative")
    func stoppedCourse() throws {
        let trace = try TraceSynthesizer(
            Self.stationary(
                seconds: 3599, model: TraceErrorModel(correlatedSigma: 3, correlationTime: 30, whiteSigma: 0.5))
        ).synthesize()
        let courses = trace.epochs.compactMap(\.reportedCourse)
        #expect(courses.count == 3600)
        let quadrants = (0..<4).map { q in courses.filter { Int($0 / 90) == q }.count }
        #expect(quadrants.allSatisfy { abs($0 - 900) < 120 }, "\(quadrants)")
        #expect(trace.epochs.allSatisfy { ($0.reportedSpeed ?? -1) >= 0 })
    }

    @Test("a multipath jump offsets the reported position as asked while GST and HDOP keep the normal σ")
    func multipath() throws {
        var spec = try Self.straight(speed: 10, seconds: 60)
        spec.errorModel = TraceErrorModel(correlatedSigma: 0, correlationTime: 30, whiteSigma: 0)
        spec.receiver = .multiGNSS
        spec.multipath = [.init(at: 20, duration: 5, metres: 40, azimuth: 30)]
        let quiet = try TraceSynthesizer(spec).synthesize()
        let jumped = quiet.epochs.filter(\.isMultipath)
        #expect(jumped.map(\.offset) == [20, 21, 22, 23, 24])
        for epoch in quiet.epochs {
            let e = try #require(Self.error(epoch))
            let (n, east) = epoch.isMultipath ? (40 * cos(Angle.radians(30)), 40 * sin(Angle.radians(30))) : (0, 0)
            #expect(abs(e.north - n) < 0.05 && abs(e.east - east) < 0.05, "\(epoch.offset): \(e)")
        }
        // With noise, the GST and GGA of a jumped epoch state what every other epoch states.
        spec.errorModel = TraceErrorModel(correlatedSigma: 2.5, correlationTime: 30, whiteSigma: 1)
        let noisy = try TraceSynthesizer(spec).synthesize()
        let gst = noisy.nmea.split(separator: "\r\n").filter { $0.contains("GST") }
            .compactMap { $0.split(separator: "*").first?.split(separator: ",")[2...8].joined(separator: ",") }
        #expect(gst.count == 61 && Set(gst) == ["2.7,2.7,2.7,0.0,2.7,2.7,4.1"])
        let hdops = Set(noisy.nmea.split(separator: "\r\n").filter { $0.contains("GGA") }.map { $0.split(separator: ",")[8] })
        #expect(hdops == ["0.8"])
        let jumpSizes = noisy.epochs.filter(\.isMultipath).compactMap { Self.error($0) }.map {
            ($0.north * $0.north + $0.east * $0.east).squareRoot()
        }
        #expect(jumpSizes.allSatisfy { $0 > 30 && $0 < 50 }, "\(jumpSizes)")
    }

    @Test("a stop holds the receiver still on the route for its duration, then the route goes on")
    func stops() throws {
        var spec = try Self.straight(speed: 10, seconds: 60)
        let plain = try TraceSynthesizer(spec).synthesize()
        spec.stops = [.init(start: 20, duration: 15)]
        let stopped = try TraceSynthesizer(spec).synthesize()
        #expect(stopped.epochs.count == plain.epochs.count + 15)
        let held = stopped.epochs.filter { $0.offset >= 20 && $0.offset < 35 }
        #expect(held.count == 15 && held.allSatisfy { $0.speed == 0 && $0.course == nil && !$0.isMoving })
        #expect(held.allSatisfy { $0.coordinate == plain.epochs[20].coordinate })
        for k in 35..<stopped.epochs.count {
            #expect(stopped.epochs[k].coordinate == plain.epochs[k - 15].coordinate)
        }
        #expect(stopped.truthCSV.hasPrefix(TraceEpoch.csvHeader + ",alt,reported_alt,moving,multipath\n"))
    }

    @Test("streaming gives what the in-memory synthesis gives; the same seed the same bytes, another seed other noise")
    func streamingAndDeterminism() throws {
        var spec = try Self.straight(speed: 12, seconds: 120)
        spec.multipath = [.init(at: 30, duration: 4, metres: 35)]
        spec.stops = [.init(start: 50, duration: 20)]
        spec.outages = [.init(start: 80, duration: 10)]
        spec.replays = [.init(at: 91, age: 5)]
        let a = try TraceSynthesizer(spec).synthesize()
        let b = try TraceSynthesizer(spec).synthesize()
        #expect(a.nmea == b.nmea && a.truthCSV == b.truthCSV)
        var nmea = ""
        var rows = TraceSynthesizer(spec).truthHeader + "\n"
        let summary = try TraceSynthesizer(spec).synthesize { epoch, block in
            nmea += block
            rows += TraceSynthesizer(spec).truthRow(epoch) + "\n"
        }
        #expect(nmea == a.nmea && rows == a.truthCSV)
        #expect(summary.epochs == a.epochs.count && summary.fixes == a.epochs.filter(\.hasFix).count)
        #expect(a.epochs.filter(\.isRepeat).count == 1)
        spec.seed += 1
        let c = try TraceSynthesizer(spec).synthesize()
        #expect(c.nmea != a.nmea && c.epochs.map(\.coordinate) == a.epochs.map(\.coordinate))
    }

    @Test("positions pushed across a pole or the antimeridian are written in range")
    func wrapsAcrossPoleAndAntimeridian() throws {
        let spec = TraceSpecification(
            waypoints: [try Coordinate(latitude: 89.99999, longitude: 179.99999)], holdStart: 300,
            noise: 100, receiver: .minimal, start: try #require(Self.start), seed: 3)
        let trace = try TraceSynthesizer(spec).synthesize()
        let reported = trace.epochs.compactMap(\.reported)
        #expect(reported.count == 301)
        #expect(reported.allSatisfy { $0.latitude <= 90 && $0.longitude >= -180 && $0.longitude <= 180 })
        #expect(reported.contains { $0.longitude < 0 }, "some fixes wrapped to the other side")
    }

    @Test(
        "specifications outside the limits are refused with a one-line reason",
        arguments: [
            ("speed", "speed profile: speeds must be 0.01…1000 metres per second"),
            ("long", "the trace would have 864001 epochs; at most 604801 (7 days at 1 Hz)"),
            ("overlap", "the stop at 15.0 s begins before the previous one ends"),
            ("replay", "the epoch repeated at 500.0 s would be sent after the trace ends (100.0 s)"),
            ("phases", "noise phases apply to the white noise model, not to the error model"),
            ("tau", "correlation time τ 0.0 is out of range: give 0.1…86400 seconds"),
            ("year", "the trace must start on or after 1980-01-01 and end before 2069-01-01 (RMC's two-digit year)"),
        ])
    func refusals(_ name: String, _ reason: String) throws {
        var spec = try Self.stationary(
            seconds: 100, model: TraceErrorModel(correlatedSigma: 3, correlationTime: 30, whiteSigma: 1))
        switch name {
        case "speed": spec.speeds = [1e-300]
        case "long":
            spec.holdStart = 86_400
            spec.rate = 10
        case "overlap": spec.stops = [.init(start: 10, duration: 10), .init(start: 15, duration: 5)]
        case "replay": spec.replays = [.init(at: 500, age: 1)]
        case "phases": spec.noisePhases = [.init(from: 10, sigma: 1)]
        case "tau": spec.errorModel?.correlationTime = 0
        default: spec.start = try #require(ISO8601.parse("2068-12-31T23:59:00Z"))
        }
        let error = try #require(throws: TraceSpecificationError.self) { try spec.validate() }
        #expect(error.description.hasPrefix(reason), "\(error)")
        #expect(!error.description.contains("\n"))
        #expect(throws: TraceSpecificationError.self) { try TraceSynthesizer(spec).synthesize { _, _ in } }
    }
}
