import Foundation
import Geodesy
import Lodestar

/// One position a vehicle reported (`PUT /vehicles/{id}/location` or an entry of a batch),
/// checked: coordinate in range, accuracy 0...100,000 m, speed 0...200 m/s, course 0...<360°.
public struct ReportedPosition: Sendable, Hashable {
    /// The vehicle's fleet identifier.
    public var vehicleIdentifier: String
    /// Where it is.
    public var coordinate: Coordinate
    /// When it was there (the fix's time), or when the server received it.
    public var timestamp: Date
    /// Radius of the 68% circle, metres.
    public var horizontalAccuracy: Double?
    /// Speed over ground, metres per second.
    public var speed: Double?
    /// Course over ground, degrees clockwise from true north.
    public var course: Double?

    public init(
        vehicleIdentifier: String, coordinate: Coordinate, timestamp: Date, horizontalAccuracy: Double? = nil,
        speed: Double? = nil, course: Double? = nil
    ) {
        self.vehicleIdentifier = vehicleIdentifier
        self.coordinate = coordinate
        self.timestamp = timestamp
        self.horizontalAccuracy = horizontalAccuracy
        self.speed = speed
        self.course = course
    }

    /// The position as a `Location` for the ride phases and the operator's regions.
    public var location: Location {
        Location(
            coordinate: coordinate, horizontalAccuracy: horizontalAccuracy, speed: speed, course: course,
            timestamp: timestamp, sourceName: "vehicle \(vehicleIdentifier)", provenance: .live)
    }
}
