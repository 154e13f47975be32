import Foundation
import Geodesy
import LodestarInternals
import TestSupport
import Testing
import TraceSynthesis

@Suite("trace synthesizer")
struct TraceSynthesizerTests {
    static func spec(seed: UInt64 = 42) throws -> TraceSpecification {
        TraceSpecification(
            waypoints: [try Coordinate(latitude: 51.5, longitude: -0.1), try Coordinate(latitude: 51.501, longitude: -0.1)],
            speeds: [2], holdEnd: 3, rate: 10, noise: 2, coldStart: 1, outages: [.init(start: 20, duration: 5)],
            receiver: .vehicle, start: try #require(ISO8601.parse("2026-03-01T23:59:50Z")), seed: seed)
    }

    @Test("every sentence of every bundled trace has a correct checksum and CR LF ending")
    func checksums() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: BundledTraces.directory.path)
            .filter { $0.hasSuffix(".nmea") }
        #expect(files.count >= 8)
        for file in files {
            let text = try String(contentsOf: BundledTraces.directory.appendingPathComponent(file), encoding: .utf8)
            #expect(text.hasSuffix("\r\n"))
            let lines = text.split(separator: "\r\n")
            #expect(lines.allSatisfy(NMEAFraming.hasValidChecksum), "\(file)")
        }
    }

    @Test("the same specification gives the same bytes; another seed gives other noise")
    func deterministic() throws {
        let a = try TraceSynthesizer(Self.spec()).synthesize()
        let b = try TraceSynthesizer(Self.spec()).synthesize()
        let c = try TraceSynthesizer(Self.spec(seed: 43)).synthesize()
        #expect(a.nmea == b.nmea && a.truthCSV == b.truthCSV)
        #expect(a.nmea != c.nmea)
        #expect(a.epochs.map(\.coordinate) == c.epochs.map(\.coordinate), "the truth does not depend on the seed")
    }

    @Test("the route, rate, cold start, outage and midnight rollover are where the specification puts them")
    func timeline() throws {
        let spec = try Self.spec()
        let trace = try TraceSynthesizer(spec).synthesize()
        let length = Geodesic.wgs84.inverse(from: spec.waypoints[0], to: spec.waypoints[1]).distance
        #expect(trace.epochs.count == Int((length / 2 + 3) * 10) + 1)
        #expect(trace.epochs.filter { !$0.hasFix }.count == 10 + 50)
        #expect(trace.epochs.first?.coordinate == spec.waypoints[0])
        #expect(trace.epochs.last?.coordinate == spec.waypoints[1])
        #expect(trace.nmea.contains("GNRMC,235959.90,") && trace.nmea.contains(",010326,"))
        #expect(trace.nmea.contains("GNHDT,"))
        let moving = trace.epochs.filter { $0.speed > 0 }
        #expect(moving.allSatisfy { abs(Angle.difference(from: 0, to: $0.course ?? 99)) < 1e-6 })
    }

    @Test("SplitMix64 matches the reference sequence for seed 1234567")
    func splitMix() {
        // First outputs of Vigna's splitmix64.c with x = 1234567.
        var g = SplitMix64(seed: 1_234_567)
        #expect(g.next() == 6_457_827_717_110_365_317)
        #expect(g.next() == 3_203_168_211_198_807_973)
        #expect(g.next() == 9_817_491_932_198_370_423)
    }

    @Test("bad specifications are refused with a reason")
    func refusals() throws {
        var spec = try Self.spec()
        spec.rate = 5
        #expect(throws: TraceSpecificationError.badRate(5)) { try TraceSynthesizer(spec).synthesize() }
        spec.rate = 1
        spec.waypoints = []
        #expect(throws: TraceSpecificationError.noWaypoints) { try TraceSynthesizer(spec).synthesize() }
    }
}
