import Foundation
import GNSS
import GeoMagnetism
import Geodesy
import Lodestar
import Testing

@Suite("heading derivation")
struct HeadingTests {
    /// The default rules without a heading filter: every heading is delivered.
    static let noHeadingFilter: LocationConfiguration = {
        var configuration = LocationConfiguration()
        configuration.fusion = .off
        try? configuration.setHeadingFilter(nil)
        return configuration
    }()

    static func engineHeadings(_ fixes: [Fix], _ configuration: LocationConfiguration = Self.noHeadingFilter) -> [Heading] {
        var configuration = configuration
        configuration.fusion = .off
        var engine = LocationEngine(configuration: configuration)
        var out: [Heading] = []
        engine.replay(fixes) { if case .heading(let h) = $0 { out.append(h) } }
        return out
    }

    /// The headings of a replay of a bundled trace through the manager.
    static func headings(_ trace: String, _ configuration: LocationConfiguration = Self.noHeadingFilter)
        async throws -> [Heading]
    {
        try await BundledTrace.replay(trace, configuration).compactMap(\.heading)
    }

    @Test("boat-hdg: true heading = HDG sensor heading + deviation (once) + the sentence's variation, no WMM needed")
    func hdgPlusVariation() async throws {
        let rows = try GroundTruth.rows("boat-hdg")
        let headings = try await Self.headings("boat-hdg")
        try #require(headings.count == rows.count)
        var errors: [Double] = []
        for (h, row) in zip(headings, rows) {
            let sensor = try #require(row.reportedMagneticHeading)
            let variation = try #require(row.reportedVariation)
            // The compass deviation of this trace is 2.5° W (Traces/README.md).
            let magnetic = sensor - 2.5
            #expect(abs(GroundTruth.circularDifference(from: magnetic, to: h.magneticHeading ?? .nan)) < 1e-9)
            #expect(abs(GroundTruth.circularDifference(from: magnetic + variation, to: h.trueHeading ?? .nan)) < 1e-9)
            #expect(h.source == .magneticPlusDeclination && h.declinationSource == .receiver)
            #expect(abs((h.declination ?? .nan) - variation) < 1e-9)
            #expect(!h.isCompassUnreliable)
            errors.append(GroundTruth.circularDifference(from: row.heading ?? .nan, to: h.trueHeading ?? .nan))
        }
        // Against the true heading: within the sensor noise (σ 0.5°) and the rounding, and centred on
        // zero. Adding the deviation twice would centre the error on −2.5°.
        #expect(errors.allSatisfy { abs($0) < 2.5 })
        #expect(abs(errors.reduce(0, +) / Double(errors.count)) < 0.2)
    }

    @Test("compass-hdm-reykjavik: with no variation given, the declination is WMM2025's at the location and date")
    func hdmPlusWMM() async throws {
        let rows = try GroundTruth.rows("compass-hdm-reykjavik")
        let headings = try await Self.headings("compass-hdm-reykjavik")
        let model = try WorldMagneticModel.wmm2025
        try #require(headings.count == rows.count)
        for (h, row) in zip(headings, rows) {
            let position = try #require(row.reported)
            let declination = try model.declination(at: position, date: row.time)
            #expect(declination < -10 && declination > -12.5)
            let expected = (row.reportedMagneticHeading ?? .nan) + declination
            // The manager caches the declination per 0.01° cell and day: within 0.05° here.
            #expect(abs(GroundTruth.circularDifference(from: expected, to: h.trueHeading ?? .nan)) < 0.05)
            #expect(h.declinationSource == .worldMagneticModel)
            #expect((h.headingAccuracy ?? 0) > 0.3, "the WMM declination uncertainty is attached")
            #expect(abs(GroundTruth.circularDifference(from: row.heading ?? .nan, to: h.trueHeading ?? .nan)) < 5)
        }
    }

    @Test("a magnetic heading with no location and no variation has a nil true heading")
    func noLocationNoTrueHeading() {
        let fix = Fix(
            time: Date(timeIntervalSince1970: 1_780_000_000), mode: .noFix,
            heading: HeadingReading(magneticHeading: 123.4))
        let h = Self.engineHeadings([fix])
        #expect(h.count == 1)
        #expect(h.first?.magneticHeading == 123.4)
        #expect(h.first?.trueHeading == nil)
    }

    @Test("vehicle-hdt: HDT is the heading, also while stationary, where course gives none")
    func trueSensor() async throws {
        let rows = try GroundTruth.rows("vehicle-hdt")
        let headings = try await Self.headings("vehicle-hdt")
        try #require(headings.count == rows.count)
        #expect(headings.allSatisfy { $0.source == .trueSensor })
        for (h, row) in zip(headings, rows) {
            #expect(abs((h.trueHeading ?? .nan) - (row.reportedTrueHeading ?? .nan)) < 1e-9)
            #expect(GroundTruth.centiseconds(h.timestamp) == row.centiseconds)
        }
        #expect(rows.prefix(20).allSatisfy { $0.speed == 0 })
    }

    @Test("vehicle-hdt: the heading filter measures on the circle, so jitter across 0° (359.4° ↔ 0.6°) is not a turn")
    func headingFilterAcrossNorth() async throws {
        let rows = try GroundTruth.rows("vehicle-hdt")
        let raw = rows.compactMap(\.reportedTrueHeading)
        let crossings = zip(raw, raw.dropFirst()).filter { abs($0 - $1) > 180 }.count
        #expect(crossings > 20, "the fixture jitters across north")
        var expected: [Int] = []
        var last: Double?
        for row in rows {
            guard let h = row.reportedTrueHeading else { continue }
            if let l = last, abs(GroundTruth.circularDifference(from: l, to: h)) < 1 { continue }
            expected.append(row.centiseconds)
            last = h
        }
        let delivered = try await Self.headings("vehicle-hdt", .init(headingFilter: 1))
        #expect(delivered.map { GroundTruth.centiseconds($0.timestamp) } == expected)
        // Far fewer than a filter on |Δ| would let through, which counts every crossing as a turn.
        #expect(expected.count < raw.count / 2)
    }

    @Test("drive-with-turns: course over ground is the heading only above 1 m/s")
    func courseFallback() async throws {
        let rows = try GroundTruth.rows("drive-with-turns")
        let events = try await BundledTrace.replay("drive-with-turns", .init(headingFilter: nil))
        let headings = events.compactMap(\.heading)
        let moving = rows.filter { ($0.reportedSpeed ?? 0) > 1 }
        #expect(headings.map { GroundTruth.centiseconds($0.timestamp) } == moving.map(\.centiseconds))
        #expect(headings.allSatisfy { $0.source == .courseOverGround })
        for (h, row) in zip(headings, moving) { #expect(abs((h.trueHeading ?? .nan) - (row.reportedCourse ?? .nan)) < 1e-9) }
        #expect(events.filter { $0 == .error(.headingUnavailable) }.count == 1, "stationary at the lights")
        #expect(rows.filter { ($0.reportedSpeed ?? 0) <= 1 }.count >= 10)
    }

    @Test("compass-caution-alert: a magnetic heading in the WMM caution zone says so")
    func cautionZone() async throws {
        let headings = try await Self.headings("compass-caution-alert")
        #expect(headings.count == (try GroundTruth.rows("compass-caution-alert")).count)
        #expect(headings.allSatisfy { $0.compassZone == .caution && $0.isCompassUnreliable })
    }

    @Test("smoothing on the circle: jitter between 359° and 1° stays near 0°, never swings through 180°")
    func smoothingWrap() {
        var smoother = HeadingSmoother(timeConstant: 2)
        let t0 = Date(timeIntervalSince1970: 1_780_000_000)
        for i in 0..<40 {
            let raw = i.isMultiple(of: 2) ? 359.0 : 1.0
            let s = smoother.update(raw, at: t0.addingTimeInterval(Double(i)))
            #expect(abs(Angle.difference(from: 0, to: s)) <= 1.0 + 1e-12)
        }
        // A step from 350° to 10° moves forward through 0°.
        var step = HeadingSmoother(timeConstant: 1)
        _ = step.update(350, at: t0)
        let next = step.update(10, at: t0.addingTimeInterval(1))
        #expect(Angle.difference(from: 350, to: next) > 0 && Angle.difference(from: next, to: 10) > 0)
    }

    @Test("the heading filter in the engine: 359° → 1° is a 2° change")
    func headingFilterInEngine() throws {
        let t0 = Date(timeIntervalSince1970: 1_780_000_000)
        let raw: [Double] = [359, 1, 0.5, 3, 359.5, 10]
        let fixes = raw.enumerated().map { i, h in
            Fix(time: t0.addingTimeInterval(Double(i)), mode: .noFix, heading: HeadingReading(trueHeading: h))
        }
        let delivered = Self.engineHeadings(fixes, try .init(headingFilter: 2.5)).compactMap(\.trueHeading)
        // 359 first; 1 is 2° away (withheld); 0.5 is 1.5°; 3 is 4° (delivered); 359.5 is 3.5°; 10 is 10.5°.
        #expect(delivered == [359, 3, 359.5, 10])
    }
}
