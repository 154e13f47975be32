import Foundation
import Geodesy

/// What ``RideBackend/book(_:makeRecord:)`` books: who, from where, for how many, which option.
public struct RideBookingOrder: Sendable, Hashable {
    /// The rider who books (a rider token's name); nil for a local booking with no rider.
    public var rider: String?
    /// The pickup, WGS84.
    public var pickup: Coordinate
    /// Riders to seat, ≥ 1.
    public var partySize: Int
    /// The ride option to serve, compared without regard to case; nil for any.
    public var rideOptionName: String?
    /// The service range, metres, > 0: a vehicle farther than this from the pickup (on the WGS84
    /// ellipsoid) is not sent. Default 50 km.
    public var range: Double
    /// A vehicle whose last report is older than this is not sent; nil for any age.
    public var reportedSince: Date?
    /// When the booking is made (the ride's `updated_at`).
    public var date: Date
    /// The most active (not completed) rides ``rider`` may hold, ≥ 1: with that many already, the
    /// booking is ``RideBookingOutcome/previousRideNeedsCompletion(activeRides:)``. nil (and for
    /// a nil rider): no limit. Checked in the booking's transaction, so that concurrent bookings
    /// of one rider, on any number of servers, cannot pass it together.
    public var maximumActiveRides: Int?

    public init(
        rider: String?, pickup: Coordinate, partySize: Int, rideOptionName: String? = nil, range: Double = 50_000,
        reportedSince: Date? = nil, date: Date, maximumActiveRides: Int? = nil
    ) {
        self.rider = rider
        self.pickup = pickup
        self.partySize = partySize
        self.rideOptionName = rideOptionName
        self.range = range
        self.reportedSince = reportedSince
        self.date = date
        self.maximumActiveRides = maximumActiveRides.map { max(1, $0) }
    }
}

/// The vehicle a booking chose: as registered, where it last reported, and how far that is from
/// the pickup.
public struct AssignableVehicle: Sendable, Hashable {
    /// The vehicle as registered, with `position` and `course` set to its last report.
    public var vehicle: Vehicle
    /// Its last report.
    public var position: VehiclePosition
    /// Metres from the reported position to the pickup on the WGS84 ellipsoid.
    public var distance: Double

    public init(vehicle: Vehicle, position: VehiclePosition, distance: Double) {
        self.vehicle = vehicle
        self.position = position
        self.distance = distance
    }
}

/// What ``RideBackend/quote(_:)`` found: the vehicle a booking would take now, or why none.
public enum RideBookingQuote: Sendable, Hashable {
    /// A booking now would take this vehicle.
    case available(AssignableVehicle)
    /// A booking now would be refused so: never ``RideBookingOutcome/booked(_:)``.
    case refused(RideBookingOutcome)
}

/// What a booking did.
public enum RideBookingOutcome: Sendable, Hashable {
    /// Booked: the ride as stored.
    case booked(RideRecord)
    /// No vehicle that reported a position (fresh enough) is within range, free or not
    /// (SiriKit: `failureRequiringAppLaunchNoServiceInArea`).
    case noVehicleInRange
    /// Vehicles are within range, but none is free, fits the party and serves the option
    /// (`failureRequiringAppLaunchServiceTemporarilyUnavailable`).
    case noVehicleAvailable
    /// The rider already holds ``RideBookingOrder/maximumActiveRides`` active rides (this many):
    /// one must complete or be cancelled first
    /// (`failureRequiringAppLaunchPreviousRideNeedsCompletion`).
    case previousRideNeedsCompletion(activeRides: Int)

    /// The ride booked, or nil.
    public var record: RideRecord? {
        if case .booked(let record) = self { return record }
        return nil
    }
}

/// What a phase change or a cancellation did.
public enum RideUpdateOutcome: Sendable, Hashable {
    /// Written: the ride as stored now.
    case updated(RideRecord)
    /// The stored phase may not move there (or the ride is completed): the ride unchanged.
    case refused(RideRecord)
    /// No such ride (or, with a rider, not that rider's).
    case notFound

    /// The ride as stored after the call, or nil when not found.
    public var record: RideRecord? {
        switch self {
        case .updated(let record), .refused(let record): record
        case .notFound: nil
        }
    }
}
