import Foundation
import RideBooking

/// The API's `RideStatus`: SiriKit's `INRideStatus` with the phase's case name beside its raw
/// value. A cancelled ride's estimates are left out (they mean nothing any more), a distance is
/// never negative, and a course that is not finite is left out.
public struct RideStatusBody: Sendable, Hashable, Codable {
    /// The status as the service holds it.
    public var status: RideStatus

    public init(_ status: RideStatus) { self.status = status }

    private enum CodingKeys: String, CodingKey {
        case rideIdentifier, phase, phaseName, completionStatus, vehicle, driver, estimatedPickupDate, estimatedDropOffDate
        case pickupLocation, dropOffLocation, rideOption, partySize, scheduledPickupTime, bookedDate, date
        case distanceRemaining
    }

    /// Reads the status; `phaseName` is only for people and is not read.
    public init(from decoder: any Decoder) throws {
        status = try RideStatus(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        let s = status
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(s.rideIdentifier, forKey: .rideIdentifier)
        try c.encode(s.phase, forKey: .phase)
        try c.encode("\(s.phase)", forKey: .phaseName)
        try c.encodeIfPresent(s.completionStatus, forKey: .completionStatus)
        try c.encodeIfPresent(s.vehicle.map(Self.finite), forKey: .vehicle)
        try c.encodeIfPresent(s.driver, forKey: .driver)
        if s.completionStatus?.isCanceled != true {
            try c.encodeIfPresent(s.estimatedPickupDate, forKey: .estimatedPickupDate)
            try c.encodeIfPresent(s.estimatedDropOffDate, forKey: .estimatedDropOffDate)
        }
        try c.encodeIfPresent(s.pickupLocation, forKey: .pickupLocation)
        try c.encodeIfPresent(s.dropOffLocation, forKey: .dropOffLocation)
        try c.encodeIfPresent(s.rideOption, forKey: .rideOption)
        try c.encodeIfPresent(s.partySize, forKey: .partySize)
        try c.encodeIfPresent(s.scheduledPickupTime, forKey: .scheduledPickupTime)
        try c.encode(s.bookedDate, forKey: .bookedDate)
        try c.encode(s.date, forKey: .date)
        if let d = s.distanceRemaining, d.isFinite { try c.encode(max(0, d), forKey: .distanceRemaining) }
    }

    /// The vehicle without a course that is not finite.
    static func finite(_ vehicle: RideVehicle) -> RideVehicle {
        var v = vehicle
        if let course = v.course, !course.isFinite { v.course = nil }
        return v
    }
}
