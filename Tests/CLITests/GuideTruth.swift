import Foundation
import Geodesy
import TestSupport

/// The ground truth of a bundled trace (`Traces/NAME.truth.csv`), for the expectations of the guide
/// and replay tests: the columns those tests need, read with Foundation only.
struct GuideTruth {
    struct Row {
        /// As written: "2026-03-14T09:35:10.00Z".
        var time: String
        /// The true position.
        var coordinate: Coordinate
        var hasFix: Bool
        var sigma: Double
        var reported: Coordinate?
        /// 68% accuracy of the GST sigmas: √2 σ.
        var accuracy: Double { 2.squareRoot() * sigma }
        /// The time as `lodestar` prints it in JSON and gpsd TPVs: milliseconds, "…09:35:10.000Z".
        var iso8601: String { String(time.dropLast()) + "0Z" }
        /// "09:35:10".
        var timeOfDay: String { String(time.split(separator: "T")[1].prefix(8)) }
    }

    let rows: [Row]

    static func path(_ trace: String) -> String {
        TestData.packageRoot.appendingPathComponent("Traces/\(trace).nmea").path
    }

    init(_ trace: String) throws {
        let text = try String(
            contentsOf: TestData.packageRoot.appendingPathComponent("Traces/\(trace).truth.csv"), encoding: .utf8)
        rows = try text.split(separator: "\n").dropFirst().map { line in
            let f = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let reported: Coordinate? =
                if let la = Double(f[8]), let lo = Double(f[9]) { try Coordinate(latitude: la, longitude: lo) } else { nil }
            return Row(
                time: f[0], coordinate: try Coordinate(latitude: Double(f[1]) ?? .nan, longitude: Double(f[2]) ?? .nan),
                hasFix: f[6] == "1", sigma: Double(f[7]) ?? .nan, reported: reported)
        }
    }

    /// The first row whose reported position is within `radius` of `destination` with an accuracy
    /// no larger than the radius: where arrival is declared.
    func arrival(at destination: Coordinate, within radius: Double) -> (row: Row, distance: Double)? {
        for row in rows where row.hasFix && row.accuracy <= radius {
            guard let p = row.reported else { continue }
            let d = Geodesic.wgs84.inverse(from: p, to: destination).distance
            if d <= radius { return (row, d) }
        }
        return nil
    }
}
