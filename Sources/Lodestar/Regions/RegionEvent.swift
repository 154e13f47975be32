import Foundation
import Geodesy

/// What a ``RegionEngine`` or ``RegionMonitor`` reports about one region.
///
/// As JSON (what `lodestar monitor` prints, one object a line):
/// `{"class":"REGION","region":ID,"event":KIND,"initial":BOOL,"interpolated":BOOL,"time":ISO8601,"lat":…,"lon":…,"accuracy":…}`.
public struct RegionEvent: Sendable, Equatable {
    /// What happened.
    public enum Kind: String, Sendable, Equatable, Codable {
        /// The region's first decided state is inside (``RegionEvent/initial`` is true).
        case inside
        /// The region's first decided state is outside (``RegionEvent/initial`` is true).
        case outside
        /// The region was added and its state is not known yet.
        case unknown
        /// The location went from outside to inside.
        case enter
        /// The location went from inside to outside.
        case exit
        /// The location has stayed inside for the region's dwell time since it entered.
        case dwell
    }

    /// The region's identifier.
    public var region: String
    /// What happened.
    public var kind: Kind
    /// When: the deciding location's timestamp, or for an interpolated crossing the time on the
    /// straight segment between two fixes where it crossed the boundary.
    public var time: Date
    /// Where: the deciding location, or the interpolated crossing point; nil for ``Kind/unknown``
    /// when no location has been seen.
    public var coordinate: Coordinate?
    /// The 68% horizontal accuracy of ``coordinate``, metres, ≥ 0; nil when unknown.
    public var accuracy: Double?
    /// Whether this reports a region's first decided state (``Kind/inside`` or ``Kind/outside``).
    public var initial: Bool
    /// Whether the crossing was found between two fixes (both outside the region), its time and
    /// place interpolated along the segment joining them.
    public var interpolated: Bool

    public init(
        region: String, kind: Kind, time: Date, coordinate: Coordinate?, accuracy: Double?,
        initial: Bool = false, interpolated: Bool = false
    ) {
        self.region = region
        self.kind = kind
        self.time = time
        self.coordinate = coordinate
        self.accuracy = accuracy
        self.initial = initial
        self.interpolated = interpolated
    }
}
