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

    /// The JSON body of one report (the API's `VehicleLocation`), without the vehicle (the path
    /// names it): `{"coordinate":{"latitude":51.5,"longitude":-0.12},"horizontalAccuracy":3.1,"speed":9.5,"course":271.0,"timestamp":"2026-03-14T09:30:00.000Z"}`;
    /// unknown members are left out.
    public var json: String { Self.object(leading: nil, coordinate: coordinate, rest: members) }

    /// The JSON of one element of the batched form (`VehicleLocationReport`): the same members
    /// after `"vehicleIdentifier"`.
    public var batchElementJSON: String {
        var head = JSONObjectText()
        head.add("vehicleIdentifier", vehicleID)
        return Self.object(leading: head, coordinate: coordinate, rest: members)
    }

    /// The body of `POST /vehicles/locations` (`VehicleLocationBatch`) for `reports` (1 to 1000;
    /// the service also limits the body to 64 KiB: about 380 reports with a timestamp and full-precision
    /// coordinates, of about 170 bytes each).
    public static func batchJSON(_ reports: some Sequence<PositionReport>) -> String {
        "{\"locations\":[" + reports.map(\.batchElementJSON).joined(separator: ",") + "]}"
    }

    /// The members after the coordinate.
    private var members: JSONObjectText {
        var object = JSONObjectText()
        if let horizontalAccuracy { object.add("horizontalAccuracy", horizontalAccuracy) }
        if let speed { object.add("speed", speed) }
        if let course { object.add("course", course) }
        if sendsTimestamp { object.add("timestamp", time: timestamp, fractionDigits: 3) }
        return object
    }

    /// `{LEADING,"coordinate":{...},REST}`: the members of `leading`, the coordinate, then those of `rest`.
    private static func object(leading: JSONObjectText?, coordinate: Coordinate, rest: JSONObjectText) -> String {
        var point = JSONObjectText()
        point.add("latitude", coordinate.latitude)
        point.add("longitude", coordinate.longitude)
        var text = leading.map { String($0.json.dropLast()) + "," } ?? "{"
        text += "\"coordinate\":" + point.json
        let tail = rest.json.dropFirst()
        return text + (tail == "}" ? "}" : "," + tail)
    }
}
