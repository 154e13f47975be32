import Foundation
import GNSS

/// What the comparisons look at in one TPV: time (to the millisecond gpsd prints), mode and
/// position (to the 1e-9 degree gpsd prints).
///
/// Every source of epochs is turned into `[Epoch]`: a Lodestar `GPSDSource`, gpspipe's JSON,
/// `lodestar track --json`, `lodestar replay --json` or the NMEA decoder on the same log.
public struct Epoch: Equatable, Sendable, CustomStringConvertible {
    public var milliseconds: Int64?
    public var mode: Int
    /// Degrees as gpsd prints them, `%.9f`.
    public var latitude: String?
    public var longitude: String?

    public init(fix: Fix) {
        milliseconds = fix.time.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) }
        mode = fix.mode.rawValue
        latitude = fix.coordinate.map { String(format: "%.9f", $0.latitude) }
        longitude = fix.coordinate.map { String(format: "%.9f", $0.longitude) }
    }

    /// From one line of gpsd JSON; nil unless it is a TPV.
    public init?(tpvLine: String) {
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

    public var description: String {
        "mode \(mode) t=\(milliseconds.map(String.init) ?? "-") \(latitude ?? "-"),\(longitude ?? "-")"
    }

    /// Whether the epoch has both a time and a position.
    public var isTimedPosition: Bool { milliseconds != nil && latitude != nil && longitude != nil }

    /// The same time, and the same position to gpsd's ninth decimal, where the last digit may
    /// differ by one: gpsd's float arithmetic and Lodestar's exact decimal conversion can print a
    /// value near a rounding tie either way (4134.49822493 N is 41.5749704155°).
    public func hasSameTimeAndPosition(as other: Epoch) -> Bool {
        guard milliseconds == other.milliseconds, let a = Epoch.nanodegrees(latitude), let b = Epoch.nanodegrees(longitude),
            let c = Epoch.nanodegrees(other.latitude), let d = Epoch.nanodegrees(other.longitude)
        else { return false }
        return abs(a - c) <= 1 && abs(b - d) <= 1
    }

    /// The epochs of `received` with a time and a position that no epoch of `reference` with the
    /// same time matches in position (empty when all are found).
    public static func unmatched(_ received: [Epoch], in reference: [Epoch]) -> [Epoch] {
        let byTime = Dictionary(grouping: reference.filter(\.isTimedPosition), by: \.milliseconds)
        return received.filter(\.isTimedPosition).filter { epoch in
            !(byTime[epoch.milliseconds] ?? []).contains { epoch.hasSameTimeAndPosition(as: $0) }
        }
    }

    /// `2035-05-26T09:15:05.000Z` → milliseconds since 1970.
    public static func parseTime(_ text: String) -> Int64? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        guard let date = formatter.date(from: text) else { return nil }
        return Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    /// `-122.123456789` → -122123456789.
    static func nanodegrees(_ text: String?) -> Int64? {
        text.flatMap { Int64(String($0.filter { $0 != "." })) }
    }
}
