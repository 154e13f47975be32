import Foundation
import Geodesy

/// One position a vehicle reports (`PUT /vehicles/{id}/location`, or one item of the batch).
public struct VehicleReport: Sendable, Hashable, Codable {
    /// The vehicle's identifier, as registered.
    public var vehicleIdentifier: String
    /// Where it is, WGS84.
    public var coordinate: Coordinate
    /// Course over ground, degrees clockwise from true north in [0, 360); nil when unknown.
    public var course: Double?
    /// Speed over ground, metres per second, ≥ 0 and finite; nil when unknown.
    public var speed: Double?
    /// When the vehicle was there (the fix's time).
    public var date: Date

    public init(vehicleIdentifier: String, coordinate: Coordinate, course: Double? = nil, speed: Double? = nil, date: Date) {
        self.vehicleIdentifier = vehicleIdentifier
        self.coordinate = coordinate
        self.course = course
        self.speed = speed
        self.date = date
    }

    /// Why the report cannot be stored, or nil.
    var problem: String? {
        if let course, !(course.isFinite && course >= 0 && course < 360) { return "course \(course)° is not in [0, 360)" }
        if let speed, !(speed.isFinite && speed >= 0) { return "speed \(speed) m/s is not ≥ 0 and finite" }
        if !date.timeIntervalSince1970.isFinite { return "its time is not finite" }
        return nil
    }
}

/// A vehicle's last reported position.
public struct VehiclePosition: Sendable, Hashable, Codable {
    /// Where it was, WGS84.
    public var coordinate: Coordinate
    /// Course over ground, degrees in [0, 360); nil when unknown.
    public var course: Double?
    /// Speed over ground, metres per second; nil when unknown.
    public var speed: Double?
    /// When it was there.
    public var date: Date

    public init(coordinate: Coordinate, course: Double?, speed: Double?, date: Date) {
        self.coordinate = coordinate
        self.course = course
        self.speed = speed
        self.date = date
    }
}

/// A registered vehicle and its last reported position (nil before its first report).
public struct TrackedVehicle: Sendable, Hashable {
    /// The vehicle as registered.
    public var vehicle: Vehicle
    /// Its last reported position.
    public var position: VehiclePosition?

    public init(vehicle: Vehicle, position: VehiclePosition?) {
        self.vehicle = vehicle
        self.position = position
    }
}

extension Vehicle {
    /// Why the vehicle cannot be registered, or nil.
    var registrationProblem: String? {
        if identifier.isEmpty || identifier.utf8.count > 128 { return "its identifier must be 1 to 128 bytes" }
        if capacity < 1 { return "capacity \(capacity) is below 1" }
        if !(speed.isFinite && speed > 0) { return "speed \(speed) m/s is not positive" }
        return nil
    }
}
