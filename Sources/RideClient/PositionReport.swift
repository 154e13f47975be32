import Foundation
import Geodesy
import RideAPI

/// One position a vehicle reports to the ride service (`PUT /vehicles/{id}/location`, or one
/// element of the batched form).
public struct PositionReport: Sendable, Equatable {
    /// The vehicle's identifier (as its token names it).
    public var vehicleID: String
    /// Where the vehicle is (WGS84 degrees).
    public var coordinate: Coordinate
    /// Radius of the 68% circle, metres, 0...100,000 (the API's range; others are left out); nil when unknown.
    public var horizontalAccuracy: Double?
    /// Speed over ground, metres per second, 0...200 (the API's range; others are left out); nil when unknown.
    public var speed: Double?
    /// Course over ground, degrees clockwise from true north in [0, 360); nil when unknown.
    public var course: Double?
    /// When the receiver measured it (UTC).
    public var timestamp: Date
    /// Whether the body carries ``timestamp``. False for a replayed trace, whose recorded times
    /// are in the past: the service then stamps the position when it receives it.
    public var sendsTimestamp = true

    public init(
        vehicleID: String, coordinate: Coordinate, horizontalAccuracy: Double? = nil, speed: Double? = nil,
        course: Double? = nil, timestamp: Date
    ) {
        self.vehicleID = vehicleID
        self.coordinate = coordinate
        self.horizontalAccuracy = horizontalAccuracy.flatMap { $0.isFinite && (0...100_000).contains($0) ? $0 : nil }
        self.speed = speed.flatMap { $0.isFinite && (0...200).contains($0) ? $0 : nil }
        self.course = course.flatMap { $0.isFinite ? Angle.normalizedBearing($0) : nil }
        self.timestamp = timestamp
    }

    /// The body of one report (the API's `VehicleLocation`), without the vehicle (the path names
    /// it); unknown members are left out, as is the timestamp unless ``sendsTimestamp``.
    public var body: VehicleLocationBody {
        VehicleLocationBody(
            coordinate: coordinate, timestamp: sendsTimestamp ? timestamp : nil, horizontalAccuracy: horizontalAccuracy,
            speed: speed, course: course)
    }

    /// One element of the batched form (`VehicleLocationReport`): the body with the vehicle.
    public var batchElement: VehicleLocationBody {
        var element = body
        element.vehicleIdentifier = vehicleID
        return element
    }

    /// The body of `POST /vehicles/locations` (`VehicleLocationBatch`) for `reports` (1 to 1000;
    /// the service also limits the body to 64 KiB: about 380 reports with a timestamp and
    /// full-precision coordinates, of about 170 bytes each).
    public static func batch(_ reports: some Sequence<PositionReport>) -> VehicleLocationBatchBody {
        VehicleLocationBatchBody(locations: reports.map(\.batchElement))
    }
}
