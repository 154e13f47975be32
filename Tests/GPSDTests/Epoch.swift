import Foundation
import GNSS

/// What the comparisons look at in one TPV: time (to the millisecond gpsd prints), mode and
/// position (to the 1e-9 degree gpsd prints).
///
/// Every source of epochs is turned into `[Epoch]` and compared with ``runMatches(_:in:)``: a
/// Lodestar `GPSDSource`, gpspipe's JSON; once the NMEA branch is merged, `lodestar replay` of
/// the same log becomes one more `init` here and one more comparison in the tests.
struct Epoch: Equatable, CustomStringConvertible {
    var milliseconds: Int64?
    var mode: Int
    var latitude: String?
    var longitude: String?

    init(fix: Fix) {
        milliseconds = fix.time.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) }
        mode = fix.mode.rawValue
        latitude = fix.coordinate.map { String(format: "%.9f", $0.latitude) }
        longitude = fix.coordinate.map { String(format: "%.9f", $0.longitude) }
    }

    /// From one line of gpsd JSON; nil unless it is a TPV.
    init?(tpvLine: String) {
        guard let data = tpvLine.data(using: .utf8),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            object["class"] as? String == "TPV", let mode = object["mode"] as? Int
        else { return nil }
        self.mode = mode
        if let time = object["time"] as? String {
            milliseconds = Epoch.parseTime(time)
        }
        latitude = (object["lat"] as? Double).map { String(format: "%.9f", $0) }
        longitude = (object["lon"] as? Double).map { String(format: "%.9f", $0) }
    }

    var description: String {
        "mode \(mode) t=\(milliseconds.map(String.init) ?? "-") \(latitude ?? "-"),\(longitude ?? "-")"
    }

    /// `2035-05-26T09:15:05.000Z` → milliseconds since 1970.
    static func parseTime(_ text: String) -> Int64? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        guard let date = formatter.date(from: text) else { return nil }
        return Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    /// The index in `reference` where `received` appears as one contiguous run (nothing missing,
    /// nothing added, nothing repeated), or nil.
    static func runMatches(_ received: [Epoch], in reference: [Epoch]) -> Int? {
        guard !received.isEmpty, received.count <= reference.count else { return nil }
        for start in 0...(reference.count - received.count)
        where Array(reference[start..<(start + received.count)]) == received {
            return start
        }
        return nil
    }
}
