import Foundation
import GNSS
import Geodesy
import Lodestar

/// One row of a trace's ground-truth CSV (written by `lodestar trace synthesize`), read
/// independently of the code under test.
struct TruthRow: Sendable {
    var time: Date
    var coordinate: Coordinate
    var speed: Double
    var course: Double?
    var heading: Double?
    var hasFix: Bool
    var sigma: Double
    var reported: Coordinate?
    var reportedSpeed: Double?
    var reportedCourse: Double?
    var reportedTrueHeading: Double?
    var reportedMagneticHeading: Double?
    var reportedVariation: Double?
    var isRepeat: Bool

    /// 68% horizontal accuracy implied by the GST per-axis sigmas: √(σ² + σ²).
    var accuracy: Double { (2 * sigma * sigma).squareRoot() }
}

/// What the receiver profile of a trace sends, for building fixes from the truth rows.
struct TruthOptions: Sendable {
    /// The trace has GST, so each fix carries per-axis sigmas.
    var gst = true
    /// The variation column was written in RMC.
    var rmcVariation = false
    /// The variation column was written in HDG.
    var hdgVariation = false
}

enum GroundTruth {
    static let tracesDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Traces")

    struct Unreadable: Error, CustomStringConvertible {
        var description: String
    }

    /// The rows of `Traces/NAME.truth.csv`.
    static func rows(_ name: String) throws -> [TruthRow] {
        let url = tracesDirectory.appendingPathComponent("\(name).truth.csv")
        let text = try String(contentsOf: url, encoding: .utf8)
        var rows: [TruthRow] = []
        for (index, line) in text.split(separator: "\n").enumerated() where index > 0 {
            let f = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard f.count == 16, let time = TraceTime.parse(f[0]), let lat = Double(f[1]), let lon = Double(f[2]),
                let speed = Double(f[3]), let sigma = Double(f[7])
            else { throw Unreadable(description: "\(name).truth.csv line \(index + 1)") }
            let reported: Coordinate? =
                if let la = Double(f[8]), let lo = Double(f[9]) { try Coordinate(latitude: la, longitude: lo) } else { nil }
            rows.append(TruthRow(
                time: time, coordinate: try Coordinate(latitude: lat, longitude: lon), speed: speed,
                course: Double(f[4]), heading: Double(f[5]), hasFix: f[6] == "1", sigma: sigma, reported: reported,
                reportedSpeed: Double(f[10]), reportedCourse: Double(f[11]), reportedTrueHeading: Double(f[12]),
                reportedMagneticHeading: Double(f[13]), reportedVariation: Double(f[14]), isRepeat: f[15] == "1"))
        }
        return rows
    }

    /// The fix a receiver reported for a row: the written position, speed, course, sigmas and headings.
    static func fix(_ row: TruthRow, _ options: TruthOptions) -> Fix {
        var fix = Fix(time: row.time, mode: row.hasFix ? .threeD : .noFix)
        if row.hasFix {
            fix.coordinate = row.reported
            fix.quality = .gps
            fix.altitudeMSL = 20
            fix.speed = row.reportedSpeed
            fix.course = row.reportedCourse
            if options.gst {
                fix.errors = ErrorEstimates(
                    latitude: Uncertainty(row.sigma, .oneSigma), longitude: Uncertainty(row.sigma, .oneSigma))
            }
        }
        if options.rmcVariation { fix.magneticVariation = row.reportedVariation }
        if row.reportedTrueHeading != nil || row.reportedMagneticHeading != nil {
            fix.heading = HeadingReading(
                trueHeading: row.reportedTrueHeading, magneticHeading: row.reportedMagneticHeading,
                variation: options.hdgVariation ? row.reportedVariation : nil)
        }
        return fix
    }

    /// The fixes of a trace, in the order written.
    static func fixes(_ name: String, _ options: TruthOptions = TruthOptions()) throws -> [Fix] {
        try rows(name).map { fix($0, options) }
    }
}

/// A `FixSource` over a trace's ground-truth file: what a user would write to feed the manager from
/// their own recording format. Synchronous too, so the virtual clock reads it in batches.
struct TruthFileSource: SynchronousFixSource {
    let name: String
    let fixes: [Fix]

    init(_ trace: String, _ options: TruthOptions = TruthOptions()) throws {
        name = "truth \(trace)"
        fixes = try GroundTruth.fixes(trace, options)
    }

    func events() -> AsyncStream<FixSourceEvent> {
        RecordedFixSource(name: name, fixes: fixes).events()
    }

    func forEachEvent(_ body: (FixSourceEvent) -> Bool) {
        RecordedFixSource(name: name, fixes: fixes).forEachEvent(body)
    }
}
