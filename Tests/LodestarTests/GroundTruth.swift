import Foundation
import Geodesy
import TestSupport

/// One row of a trace's ground-truth CSV (written by `lodestar trace synthesize`), read here with
/// Foundation alone, independently of the code under test.
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
    /// The row's time in whole centiseconds since 1970 (the traces' resolution), for comparing
    /// with decoded times without floating-point ties.
    var centiseconds: Int { GroundTruth.centiseconds(time) }
}

enum GroundTruth {
    static let tracesDirectory = TestData.traces

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
            guard f.count >= 16, let time = parseTime(f[0]), let lat = Double(f[1]), let lon = Double(f[2]),
                let speed = Double(f[3]), let sigma = Double(f[7])
            else { throw Unreadable(description: "\(name).truth.csv line \(index + 1)") }
            let reported: Coordinate? =
                if let la = Double(f[8]), let lo = Double(f[9]) { try Coordinate(latitude: la, longitude: lo) } else { nil }
            rows.append(
                TruthRow(
                    time: time, coordinate: try Coordinate(latitude: lat, longitude: lon), speed: speed,
                    course: Double(f[4]), heading: Double(f[5]), hasFix: f[6] == "1", sigma: sigma, reported: reported,
                    reportedSpeed: Double(f[10]), reportedCourse: Double(f[11]), reportedTrueHeading: Double(f[12]),
                    reportedMagneticHeading: Double(f[13]), reportedVariation: Double(f[14]), isRepeat: f[15] == "1"))
        }
        return rows
    }

    /// "2026-03-14T09:30:00.00Z" with Foundation's Gregorian calendar in UTC.
    static func parseTime(_ text: String) -> Date? {
        let parts = text.dropLast().split(separator: "T")
        guard text.hasSuffix("Z"), parts.count == 2 else { return nil }
        let day = parts[0].split(separator: "-").compactMap { Int($0) }
        let clock = parts[1].split(separator: ":")
        guard day.count == 3, clock.count == 3, let hour = Int(clock[0]), let minute = Int(clock[1]),
            let seconds = Double(clock[2])
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        let midnight = calendar.date(from: DateComponents(year: day[0], month: day[1], day: day[2]))
        return midnight?.addingTimeInterval(Double(hour * 3600 + minute * 60) + seconds)
    }

    /// Whole centiseconds since 1970.
    static func centiseconds(_ date: Date) -> Int { Int((date.timeIntervalSince1970 * 100).rounded()) }

    /// The signed difference `to − from` on the circle, degrees in (−180, 180], computed here.
    static func circularDifference(from: Double, to: Double) -> Double {
        var d = (to - from).truncatingRemainder(dividingBy: 360)
        if d <= -180 { d += 360 } else if d > 180 { d -= 360 }
        return d
    }
}
