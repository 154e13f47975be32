import Foundation
import Geodesy
import LodestarInternals

/// One position a vehicle reports to the ride service (`PUT /vehicles/{id}/location`, or one
/// element of the batched form).
public struct PositionReport: Sendable, Equatable {
    /// The vehicle's identifier (as its token names it).
    public var vehicleID: String
    /// Where the vehicle is (WGS84 degrees).
    public var coordinate: Coordinate
    /// Radius of the 68% circle, metres (≥ 0); nil when unknown.
    public var horizontalAccuracy: Double?
    /// Speed over ground, metres per second (≥ 0); nil when unknown.
    public var speed: Double?
    /// Course over ground, degrees clockwise from true north in [0, 360); nil when unknown.
    public var course: Double?
    /// When the receiver measured it (UTC).
    public var timestamp: Date

    public init(
        vehicleID: String, coordinate: Coordinate, horizontalAccuracy: Double? = nil, speed: Double? = nil,
        course: Double? = nil, timestamp: Date
    ) {
        self.vehicleID = vehicleID
        self.coordinate = coordinate
        self.horizontalAccuracy = horizontalAccuracy.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
        self.speed = speed.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
        self.course = course.flatMap { $0.isFinite ? Angle.normalizedBearing($0) : nil }
        self.timestamp = timestamp
    }

    /// The JSON body of one report, without the vehicle (the path names it):
    /// `{"latitude":51.5,"longitude":-0.12,"horizontalAccuracy":3.1,"speed":9.5,"course":271.0,"timestamp":"2026-03-14T09:30:00.000Z"}`;
    /// unknown members are left out.
    public var json: String {
        var object = JSONObjectText()
        appendMembers(to: &object)
        return object.json
    }

    /// The JSON of one element of the batched form: the same members after `"vehicleId"`.
    public var batchElementJSON: String {
        var object = JSONObjectText()
        object.add("vehicleId", vehicleID)
        appendMembers(to: &object)
        return object.json
    }

    private func appendMembers(to object: inout JSONObjectText) {
        object.add("latitude", coordinate.latitude)
        object.add("longitude", coordinate.longitude)
        if let horizontalAccuracy { object.add("horizontalAccuracy", horizontalAccuracy) }
        if let speed { object.add("speed", speed) }
        if let course { object.add("course", course) }
        object.add("timestamp", time: timestamp, fractionDigits: 3)
    }
}
