import Foundation
import GNSS
import Geodesy
import Lodestar
import Testing

/// `NMEATraceSource` on the bundled traces, compared epoch by epoch with the generator's truth.
@Suite("NMEA trace source")
struct NMEATraceSourceTests {
    static let traces = [
        "walk-to-pickup", "drive-with-turns", "cold-start", "stationary-jitter", "boat-hdg", "vehicle-hdt",
        "outage-mid-route", "midnight-rollover-10hz", "compass-hdm-reykjavik", "compass-caution-alert",
    ]

    /// The deviation each trace's compass writes in HDG (see Traces/README.md); none elsewhere.
    static func deviation(_ trace: String) -> Double { trace == "boat-hdg" ? -2.5 : 0 }

    @Test(
        "each bundled trace decodes to one fix per truth row, at its time, with what the receiver wrote",
        arguments: traces)
    func decodesAsWritten(_ trace: String) throws {
        let rows = try GroundTruth.rows(trace)
        let events = try BundledTrace.events(trace)
        #expect(events.first == .state(.connected))
        #expect(events.last == .state(.finished))
        #expect(!events.contains { if case .warning = $0 { true } else { false } }, "no rejected line")
        let fixes = events.compactMap { if case .fix(let f) = $0 { f } else { nil } }
        try #require(fixes.count == rows.count)
        for (fix, row) in zip(fixes, rows) {
            #expect(fix.time.map(GroundTruth.centiseconds) == row.centiseconds, "\(trace) \(row.time)")
            #expect(fix.hasPosition == row.hasFix)
            if let reported = row.reported, let c = fix.coordinate {
                #expect(abs(c.latitude - reported.latitude) < 1e-9 && abs(c.longitude - reported.longitude) < 1e-9)
            }
            if let speed = row.reportedSpeed { #expect(abs((fix.speed ?? .nan) - speed) < 1e-4) }
            if let course = row.reportedCourse { #expect(abs((fix.course ?? .nan) - course) < 1e-9) }
        }
    }

    @Test(
        "HDT, HDG and HDM, written last in each cycle, are attached to their own epoch; HDG's deviation is applied once",
        arguments: ["boat-hdg", "vehicle-hdt", "compass-hdm-reykjavik", "compass-caution-alert"])
    func headingsOnTheirEpochs(_ trace: String) throws {
        let rows = try GroundTruth.rows(trace)
        let fixes = try BundledTrace.fixes(trace)
        try #require(fixes.count == rows.count)
        var compared = 0
        for (fix, row) in zip(fixes, rows) {
            if let expected = row.reportedTrueHeading {
                #expect(abs((fix.heading?.trueHeading ?? .nan) - expected) < 1e-9, "\(trace) \(row.time)")
                compared += 1
            }
            if let sensor = row.reportedMagneticHeading {
                // Magnetic heading = sensor heading + deviation (HDG field 2): the assembler's job.
                let expected = (sensor + Self.deviation(trace) + 360).truncatingRemainder(dividingBy: 360)
                #expect(abs((fix.heading?.magneticHeading ?? .nan) - expected) < 1e-9, "\(trace) \(row.time)")
                compared += 1
            }
        }
        #expect(compared == rows.count, "every epoch of these traces has a heading sentence")
        if trace == "boat-hdg" {
            #expect(fixes.allSatisfy { $0.heading?.deviation == -2.5 })
            #expect(zip(fixes, rows).allSatisfy { abs(($0.heading?.variation ?? .nan) - ($1.reportedVariation ?? .nan)) < 1e-9 })
        }
    }

    @Test("a missing file, or a directory, is traceUnreadable with the reason")
    func unreadable() {
        #expect(throws: LocationError.traceUnreadable(path: "/nonexistent/walk.nmea", reason: "No such file or directory")) {
            _ = try NMEATraceSource(path: "/nonexistent/walk.nmea")
        }
        #expect(throws: LocationError.traceUnreadable(path: GroundTruth.tracesDirectory.path, reason: "it is a directory")) {
            _ = try NMEATraceSource(path: GroundTruth.tracesDirectory.path)
        }
        #expect(LocationError.traceUnreadable(path: "x.nmea", reason: "gone").description == "cannot read trace x.nmea: gone")
    }

    @Test("rejected lines become warnings with their line number and reason; the rest is decoded")
    func rejectedLines() throws {
        let original = try String(contentsOfFile: BundledTrace.path("walk-to-pickup"), encoding: .utf8)
        var lines = original.components(separatedBy: "\r\n").prefix(12).map { $0 }
        // Line 6 (GSA of the second epoch) with a wrong checksum; "hello" inserted as line 9.
        lines[5] = String(lines[5].dropLast(2)) + "00"
        lines.insert("hello", at: 8)
        let file = try TemporaryFile(contents: lines.joined(separator: "\r\n") + "\r\n")
        defer { file.remove() }
        var events: [FixSourceEvent] = []
        try NMEATraceSource(path: file.path).forEachEvent {
            events.append($0)
            return true
        }
        let warnings = events.compactMap { if case .warning(let w) = $0 { w } else { nil } }
        #expect(warnings.count == 2)
        #expect(warnings.first?.hasPrefix("skipped line 6: checksum_mismatch:") == true)
        #expect(warnings.last?.hasPrefix("skipped line 9: ") == true)
        #expect(warnings.last?.hasSuffix("hello") == true)
        let fixes = events.compactMap { if case .fix(let f) = $0 { f } else { nil } }
        #expect(fixes.count == 3)
        #expect(fixes.allSatisfy { $0.hasPosition })
    }

    @Test("the paced path (events()) gives exactly the events of the synchronous path")
    func asyncMatchesSynchronous() async throws {
        let source = try BundledTrace.source("outage-mid-route")
        var streamed: [FixSourceEvent] = []
        for await event in source.events() { streamed.append(event) }
        #expect(streamed == (try BundledTrace.events("outage-mid-route")))
        #expect(streamed.count == (try GroundTruth.rows("outage-mid-route")).count + 2)
    }

    @Test("a trace that disappears before the replay is reported by the manager as traceUnreadable")
    func vanishedTrace() async throws {
        let file = try TemporaryFile(contents: "$GPGGA,000000.00,,,,,0,00,,,,,,,*66\r\n")
        let source = try NMEATraceSource(path: file.path)
        file.remove()
        for clock in [ReplayClock.virtual, .speed(100)] {
            let manager = LocationManager(source: source, clock: clock)
            let stream = manager.events()
            manager.startUpdatingLocation()
            var events: [LocationEvent] = []
            for await event in stream { events.append(event) }
            #expect(
                events == [
                    .sourceState(.refused(reason: "No such file or directory")),
                    .error(.traceUnreadable(path: file.path, reason: "No such file or directory")),
                    .sourceState(.finished),
                ])
        }
    }
}
