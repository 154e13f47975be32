import Foundation
import GNSS
import Geodesy
import NMEA
import TestSupport
import Testing

/// The four traces of issue 13 in Traces/: they decode with nothing skipped, each epoch as its
/// truth says, and their events (stops, tunnels, multipath jumps) lie where Traces/README.md says.
@Suite("bundled error-model traces")
struct ErrorModelTraceTests {
    /// The truth CSV as rows of named columns.
    struct Truth {
        var rows: [[String: String]]
        init(_ name: String) throws {
            let text = try String(
                contentsOf: BundledTraces.directory.appendingPathComponent("\(name).truth.csv"), encoding: .utf8)
            let lines = text.split(separator: "\n").map {
                $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            }
            let header = lines[0]
            rows = lines.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
        }
        func flags(_ column: String) -> [Bool] { rows.map { $0[column] == "1" } }
        /// The lengths of the runs of `true`.
        static func runs(_ flags: [Bool]) -> [Int] {
            var runs: [Int] = []
            var current = 0
            for flag in flags + [false] {
                if flag {
                    current += 1
                } else if current > 0 {
                    runs.append(current)
                    current = 0
                }
            }
            return runs
        }
    }

    static func decode(_ name: String) throws -> (epochs: [NMEAEpoch], rejected: Int) {
        let bytes = try [UInt8](Data(contentsOf: BundledTraces.directory.appendingPathComponent("\(name).nmea")))
        var decoder = NMEADecoder()
        var epochs: [NMEAEpoch] = []
        var rejected = 0
        let handle: (NMEADecoder.Event) -> Void = { event in
            switch event {
            case .epoch(let epoch): epochs.append(epoch)
            case .rejected: rejected += 1
            }
        }
        decoder.decode(bytes, handle)
        decoder.finish(handle)
        return (epochs, rejected)
    }

    @Test(
        "each trace replays with nothing skipped, every epoch as its truth says, its accuracy the stated total",
        arguments: ["city-drive", "walk-hdop", "stationary-20min", "highway-tunnel"])
    func replaysAsWritten(_ name: String) throws {
        let (epochs, rejected) = try Self.decode(name)
        let truth = try Truth(name)
        #expect(rejected == 0)
        try #require(epochs.count == truth.rows.count)
        for (epoch, row) in zip(epochs, truth.rows) {
            #expect(epoch.fix.hasPosition == (row["fix"] == "1"))
            guard epoch.fix.hasPosition, let c = epoch.fix.coordinate else { continue }
            #expect(abs(c.latitude - (Double(row["reported_lat"] ?? "") ?? .nan)) < 1e-8)
            #expect(abs(c.longitude - (Double(row["reported_lon"] ?? "") ?? .nan)) < 1e-8)
            #expect(abs((epoch.fix.altitudeMSL ?? .nan) - (Double(row["reported_alt"] ?? "") ?? .nan)) < 1e-9)
            // GST's σ per axis, or HDOP × 5 m without GST: both the 2D RMS of the stated total.
            let sigma = Double(row["sigma"] ?? "") ?? .nan
            let accuracy = try #require(epoch.fix.errors.horizontalAccuracy)
            #expect(abs(accuracy - 2.squareRoot() * sigma) < (name == "walk-hdop" ? 0.3 : 0.01), "\(accuracy) vs σ \(sigma)")
        }
    }

    @Test(
        "city-drive: about 2 hours (12 laps) at 10-13 m/s, three stops of 20-40 s, a 20 s tunnel, three multipath jumps of 30-50 m for 3-6 s"
    )
    func cityDrive() throws {
        let truth = try Truth("city-drive")
        #expect((6000...6600).contains(truth.rows.count))
        let speeds = Set(truth.rows.compactMap { Double($0["speed"] ?? "") }.filter { $0 > 0 })
        #expect(speeds.allSatisfy { (10...13).contains($0) })
        let still = Truth.runs(truth.flags("moving").map { !$0 })
        #expect(still == [10, 25, 35, 20, 5], "hold 10 s, three stops, hold 5 s")
        #expect(Truth.runs(truth.rows.map { $0["fix"] == "0" }) == [20])
        let jumps = Truth.runs(truth.flags("multipath"))
        #expect(jumps == [4, 5, 3])
        let courses = Set(truth.rows.compactMap { $0["course"].flatMap(Double.init).map { Int($0.rounded()) } })
        #expect(courses.count >= 8, "turns: \(courses.count) courses")
    }

    @Test(
        "walk-hdop sends no GST; stationary-20min is 1,200 epochs standing still; highway-tunnel 2 hours at 25 m/s with a 30 s tunnel at 135-165 s"
    )
    func others() throws {
        let walk = try String(contentsOf: BundledTraces.directory.appendingPathComponent("walk-hdop.nmea"), encoding: .utf8)
        #expect(!walk.contains("GST") && walk.contains("GPGGA") && walk.contains("GPVTG"))
        let walkTruth = try Truth("walk-hdop")
        #expect((8000...9000).contains(walkTruth.rows.count))
        let still = try Truth("stationary-20min")
        #expect(still.rows.count == 1200 && still.flags("moving").allSatisfy { !$0 } && still.flags("fix").allSatisfy { $0 })
        let highway = try Truth("highway-tunnel")
        #expect(highway.rows.count == 7218)
        #expect(Truth.runs(highway.rows.map { $0["fix"] == "0" }) == [30])
        #expect(highway.rows[135]["fix"] == "0" && highway.rows[165]["fix"] == "1")
        #expect(Set(highway.rows.dropLast().compactMap { $0["speed"] }) == ["25.000"])
    }
}
