import Foundation
import Geodesy
import LodestarInternals

/// When a vehicle reports its position: the first location; then one that has moved at least
/// ``distanceFilter`` metres from the last reported one (on the WGS84 ellipsoid); and one at least
/// every ``maximumInterval`` of the locations' own time, even when it has not moved. Time comes
/// from the locations (receiver UTC), so a replayed trace reports the same positions at any speed.
public struct ReportSchedule: Sendable {
    /// Metres from the last reported position (finite, > 0). `lodestar vehicle` uses 20 m.
    public let distanceFilter: Double
    /// The longest gap between two reports, in the locations' time (> 0). `lodestar vehicle` uses 5 s.
    public let maximumInterval: Duration
    private var last: (coordinate: Coordinate, time: Date)?

    /// - Precondition: none; a non-finite or non-positive `distanceFilter` is taken as 20 m, a
    ///   non-positive `maximumInterval` as 5 s.
    public init(distanceFilter: Double = 20, maximumInterval: Duration = .seconds(5)) {
        self.distanceFilter = distanceFilter.isFinite && distanceFilter > 0 ? distanceFilter : 20
        self.maximumInterval = maximumInterval > .zero ? maximumInterval : .seconds(5)
    }

    /// Whether the location at `coordinate`, measured at `time`, is to be reported; when it is,
    /// it becomes the last reported one.
    public mutating func shouldReport(_ coordinate: Coordinate, at time: Date) -> Bool {
        guard let last else {
            self.last = (coordinate, time)
            return true
        }
        let elapsed = time.timeIntervalSince(last.time)
        let moved = Geodesic.wgs84.inverse(from: last.coordinate, to: coordinate).distance
        // A clock that runs backwards (a receiver's reset) restarts the interval.
        guard moved >= distanceFilter || elapsed >= maximumInterval.seconds || elapsed < 0 else { return false }
        self.last = (coordinate, time)
        return true
    }
}
