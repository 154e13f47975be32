import ArgumentParser
import Foundation
import Glibc
import LodestarInternals

/// How `lodestar guide` writes its times, distances and speeds for a person: clock times in the
/// local time zone (as `date`; `--utc` for UTC), the ETA marked with its zone, and distances and
/// speeds in `--units` (or `GPSD_UNITS`, as `cgps` reads it). JSON stays in UTC and SI units.
struct GuideFormat: Sendable, Equatable {
    /// The units of distances, accuracies and speeds, as `cgps -u` and `GPSD_UNITS` name them.
    enum Units: String, Sendable, CaseIterable, ExpressibleByArgument {
        /// Metres below 1 km, else kilometres; metres per second.
        case metric
        /// Feet below 1,000 ft, else statute miles; miles per hour.
        case imperial
        /// Metres below 0.1 nautical mile (185.2 m), else nautical miles; knots.
        case nautical

        /// `GPSD_UNITS`'s value, as gpsd's clients read it: `imperial`, `nautical` or `metric`
        /// (any case); nil for anything else.
        init?(environment value: String?) {
            guard let value, let units = Units(rawValue: value.lowercased()) else { return nil }
            self = units
        }
    }

    var units: Units
    /// Clock times in UTC (`--utc`), else in the local time zone (`TZ`, else /etc/localtime).
    var utc: Bool

    /// Metres in a foot, a statute mile and a nautical mile (exact by definition).
    static let metresPerFoot = 0.3048
    static let metresPerMile = 1609.344
    static let metresPerNauticalMile = 1852.0

    /// A distance (metres, ≥ 0): `312 m`, `1.24 km`; `312 ft`, `1.24 mi`; `150 m`, `1.24 nmi`.
    func distance(_ metres: Double) -> String {
        switch units {
        case .metric:
            return metres < 999.5 ? "\(WholeNumber.text(metres)) m" : String(format: "%.2f km", metres / 1000)
        case .imperial:
            let feet = metres / Self.metresPerFoot
            return feet < 999.5 ? "\(WholeNumber.text(feet)) ft" : String(format: "%.2f mi", metres / Self.metresPerMile)
        case .nautical:
            return metres < Self.metresPerNauticalMile / 10 - 0.5
                ? "\(WholeNumber.text(metres)) m" : String(format: "%.2f nmi", metres / Self.metresPerNauticalMile)
        }
    }

    /// An accuracy (metres, ≥ 0): whole units, with one decimal below 10 when it is not whole
    /// (`0.6 m`, `1.4 m`), so that a radius of 1 m and an accuracy of ±1.4 m do not both read
    /// "1 m"; feet in imperial units, metres otherwise.
    func accuracy(_ metres: Double) -> String {
        let (value, unit) = units == .imperial ? (metres / Self.metresPerFoot, "ft") : (metres, "m")
        return value < 9.95 && abs(value - value.rounded()) >= 0.05
            ? String(format: "%.1f ", value) + unit : "\(WholeNumber.text(value)) \(unit)"
    }

    /// An accuracy (metres, ≥ 0) in whole units: `4 m`; `13 ft` in imperial units.
    func wholeAccuracy(_ metres: Double) -> String {
        units == .imperial ? "\(WholeNumber.text(metres / Self.metresPerFoot)) ft" : "\(WholeNumber.text(metres)) m"
    }

    /// A speed (metres per second, ≥ 0), one decimal: `1.4 m/s`, `3.1 mph`, `2.7 kn`.
    func speed(_ metresPerSecond: Double) -> String {
        switch units {
        case .metric: String(format: "%.1f m/s", metresPerSecond)
        case .imperial: String(format: "%.1f mph", metresPerSecond * 3600 / Self.metresPerMile)
        case .nautical: String(format: "%.1f kn", metresPerSecond * 3600 / Self.metresPerNauticalMile)
        }
    }

    /// `HH:MM:SS` in UTC or the local zone; `--:--:--` for a time no calendar holds.
    func time(_ date: Date) -> String {
        guard let fields = clock(date) else { return "--:--:--" }
        return String(format: "%02d:%02d:%02d", fields.hour, fields.minute, fields.second)
    }

    /// ``time(_:)`` and its zone: `09:34:55 UTC`, `10:34:55 CET`.
    func markedTime(_ date: Date) -> String {
        guard let fields = clock(date) else { return "--:--:--" }
        return String(format: "%02d:%02d:%02d ", fields.hour, fields.minute, fields.second) + fields.zone
    }

    /// The time of day of `date` (rounded down to the second) and its zone's abbreviation.
    private func clock(_ date: Date) -> (hour: Int, minute: Int, second: Int, zone: String)? {
        let since1970 = date.timeIntervalSince1970.rounded(.down)
        // A time from outside that no calendar holds is not worth a trap.
        guard since1970.isFinite, abs(since1970) < 1e15 else { return nil }
        var seconds = time_t(since1970)
        var fields = tm()
        guard (utc ? gmtime_r(&seconds, &fields) : localtime_r(&seconds, &fields)) != nil else { return nil }
        let zone = utc ? "UTC" : fields.tm_zone.map { String(cString: $0) } ?? "local"
        return (Int(fields.tm_hour), Int(fields.tm_min), Int(fields.tm_sec), zone)
    }
}
