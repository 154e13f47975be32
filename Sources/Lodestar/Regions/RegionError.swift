import Foundation

/// What can be wrong with a region, a region file or a GeoJSON region collection. Each
/// ``description`` is one line for a person.
public enum RegionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A circle's radius in metres must be finite, > 0 and ≤ 1,000,000.
    case radius(Double)
    /// A dwell time must be ≥ 0 s and ≤ one week.
    case dwell(Duration)
    /// The exit margin in metres must be finite, ≥ 0 and ≤ 10,000.
    case exitMargin(Double)
    /// A polygon is malformed: the reason.
    case polygon(String)
    /// A monitor's event buffer must hold 1 to 1,000,000 events.
    case bufferLimit(Int)
    /// A region identifier must be 1 to 1024 bytes of UTF-8.
    case identifier(String)
    /// A GeoJSON feature cannot become a region: its index in the collection (from 0), its
    /// identifier when it has one, and why.
    case feature(index: Int, id: String?, reason: String)
    /// A GeoJSON document as a whole cannot be read: why.
    case geoJSON(String)
    /// The region file cannot be read or written: its path and why.
    case storage(path: String, reason: String)

    public var description: String {
        switch self {
        case .radius(let m): "a region's radius must be a finite number of metres > 0 and ≤ 1000000, not \(m)"
        case .dwell(let d): "a region's dwell must be 0 s or more and at most 604800 s (one week), not \(d)"
        case .exitMargin(let m): "exitMargin must be a finite number of metres ≥ 0 and ≤ 10000, not \(m)"
        case .polygon(let reason): "bad polygon: \(reason)"
        case .bufferLimit(let n): "bufferLimit must be 0 to 1000000 events, not \(n)"
        case .identifier(let id): "a region identifier must be 1 to 1024 bytes, not \(id.utf8.count) bytes"
        case .feature(let index, let id, let reason):
            "feature \(index)\(id.map { " (id \"\($0)\")" } ?? ""): \(reason)"
        case .geoJSON(let reason): "bad GeoJSON: \(reason)"
        case .storage(let path, let reason): "region file \(path): \(reason)"
        }
    }

    /// One week, the longest dwell, seconds.
    static let longestDwell = 604_800.0
    /// The largest circle radius, metres.
    static let largestRadius = 1_000_000.0

    /// `radius` when it is a valid circle radius, else ``radius(_:)``.
    static func checkedRadius(_ radius: Double) throws(RegionError) -> Double {
        guard radius.isFinite, radius > 0, radius <= largestRadius else { throw .radius(radius) }
        return radius
    }

    /// `dwell` when it is in 0...one week, else ``dwell(_:)``.
    static func checkedDwell(_ dwell: Duration?) throws(RegionError) -> Duration? {
        guard let dwell else { return nil }
        guard dwell >= .zero, dwell <= .seconds(longestDwell) else { throw .dwell(dwell) }
        return dwell
    }
}
