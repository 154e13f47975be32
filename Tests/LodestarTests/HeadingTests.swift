import Foundation
import GNSS
import GeoMagnetism
import Geodesy
import Lodestar
import Testing

@Suite("heading derivation")
struct HeadingTests {
    static func headings(_ fixes: [Fix], _ configuration: LocationConfiguration = .init(headingFilter: nil)) -> [Heading] {
        var engine = LocationEngine(configuration: configuration)
        var out: [Heading] = []
        engine.replay(fixes) { if case .heading(let h) = $0 { out.append(h) } }
        return out
    }

    @Test("boat-hdg: true heading = HDG magnetic + the sentence's variation, no WMM needed")
    func hdgPlusVariation() throws {
        let rows = try GroundTruth.rows("boat-hdg")
        let fixes = rows.map { GroundTruth.fix($0, TruthOptions(rmcVariation: true, hdgVariation: true)) }
        let headings = Self.headings(fixes)
        #expect(headings.count == rows.count)
        for (h, row) in zip(headings, rows) {
            let expected = Angle.normalizedBearing((row.reportedMagneticHeading ?? .nan) + (row.reportedVariation ?? .nan))
            #expect(abs(Angle.difference(from: expected, to: h.trueHeading ?? .nan)) < 1e-9)
            #expect(h.source == .magneticPlusDeclination && h.declinationSource == .receiver)
            // And within the sensor noise (σ 0.5°) plus rounding of the true heading.
            #expect(abs(Angle.difference(from: row.heading ?? .nan, to: h.trueHeading ?? .nan)) < 2.5)
            #expect(!h.isCompassUnreliable)
        }
    }

    @Test("compass-hdm-reykjavik: with no variation given, the declination is WMM2025's at the location and date")
    func hdmPlusWMM() throws {
        let rows = try GroundTruth.rows("compass-hdm-reykjavik")
        let headings = Self.headings(rows.map { GroundTruth.fix($0, TruthOptions()) })
        let model = try WorldMagneticModel.wmm2025
        #expect(headings.count == rows.count)
        for (h, row) in zip(headings, rows) {
            let position = try #require(row.reported)
            let declination = try model.declination(at: position, date: row.time)
            #expect(declination < -10 && declination > -12.5)
            let expected = Angle.normalizedBearing((row.reportedMagneticHeading ?? .nan) + declination)
            // The manager caches the declination per 0.01° cell and day: within 0.05° here.
            #expect(abs(Angle.difference(from: expected, to: h.trueHeading ?? .nan)) < 0.05)
            #expect(h.declinationSource == .worldMagneticModel)
            #expect((h.headingAccuracy ?? 0) > 0.3, "the WMM declination uncertainty is attached")
        }
    }

    @Test("a magnetic heading with no location and no variation has a nil true heading")
    func noLocationNoTrueHeading() {
        let fix = Fix(time: Date(timeIntervalSince1970: 1_780_000_000), mode: .noFix,
                      heading: HeadingReading(magneticHeading: 123.4))
        let h = Self.headings([fix])
        #expect(h.count == 1)
        #expect(h.first?.magneticHeading == 123.4)
        #expect(h.first?.trueHeading == nil)
    }

    @Test("vehicle-hdt: HDT is the heading, also while stationary, where course gives none")
    func trueSensor() throws {
        let rows = try GroundTruth.rows("vehicle-hdt")
        let headings = Self.headings(rows.map { GroundTruth.fix($0, TruthOptions()) })
        #expect(headings.count == rows.count)
        #expect(headings.allSatisfy { $0.source == .trueSensor })
        for (h, row) in zip(headings, rows) { #expect(h.trueHeading == row.reportedTrueHeading) }
        #expect(rows.prefix(20).allSatisfy { $0.speed == 0 })
    }

    @Test("drive-with-turns: course over ground is the heading only above 1 m/s")
    func courseFallback() throws {
        let rows = try GroundTruth.rows("drive-with-turns")
        let events = { () -> [LocationEvent] in
            var engine = LocationEngine(configuration: .init(headingFilter: nil))
            var out: [LocationEvent] = []
            engine.replay(rows.map { GroundTruth.fix($0, TruthOptions(gst: false)) }) { out.append($0) }
            return out
        }()
        let headings = events.compactMap { if case .heading(let h) = $0 { h } else { nil } }
        let moving = rows.filter { ($0.reportedSpeed ?? 0) > 1 }
        #expect(headings.map(\.timestamp) == moving.map(\.time))
        #expect(headings.allSatisfy { $0.source == .courseOverGround })
        for (h, row) in zip(headings, moving) { #expect(h.trueHeading == row.reportedCourse) }
        #expect(events.filter { $0 == .error(.headingUnavailable) }.count == 1, "stationary at the lights")
        #expect(rows.filter { ($0.reportedSpeed ?? 0) <= 1 }.count >= 10)
    }

    @Test("compass-caution-alert: a magnetic heading in the WMM caution zone says so")
    func cautionZone() throws {
        let headings = Self.headings(try GroundTruth.fixes("compass-caution-alert"))
        #expect(!headings.isEmpty)
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
    func headingFilterInEngine() {
        let t0 = Date(timeIntervalSince1970: 1_780_000_000)
        let raw: [Double] = [359, 1, 0.5, 3, 359.5, 10]
        let fixes = raw.enumerated().map { i, h in
            Fix(time: t0.addingTimeInterval(Double(i)), mode: .noFix, heading: HeadingReading(trueHeading: h))
        }
        let delivered = Self.headings(fixes, .init(headingFilter: 2.5)).compactMap(\.trueHeading)
        // 359 first; 1 is 2° away (withheld); 0.5 is 1.5°; 3 is 4° (delivered); 359.5 is 3.5°; 10 is 10.5°.
        #expect(delivered == [359, 3, 359.5, 10])
    }
}
