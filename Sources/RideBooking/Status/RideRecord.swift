import Foundation
import Geodesy

/// A booked ride as the ride store keeps it: the status at booking, the vehicle and its trip,
/// and, once known, how it ended. Everything needed to show the ride's status from any process.
public struct RideRecord: Sendable, Hashable, Codable {
    /// The status at booking, in ``RidePhase/confirmed``.
    public var booking: RideStatus
    /// The vehicle as it was when assigned.
    public var vehicle: Vehicle
    /// How the vehicle moves for this ride.
    public var trip: Trip
    /// The last phase written to the store.
    public var storedPhase: RidePhase
    /// How the ride ended, once written to the store.
    public var completionStatus: RideCompletionStatus?
    /// When it ended, once written to the store.
    public var completedDate: Date?
    /// The rider who booked it through a ride service (a rider token's name); nil for a ride
    /// booked locally (`lodestar ride request` without `--server`).
    public var rider: String?

    public init(
        booking: RideStatus, vehicle: Vehicle, trip: Trip, storedPhase: RidePhase? = nil,
        completionStatus: RideCompletionStatus? = nil, completedDate: Date? = nil, rider: String? = nil
    ) {
        self.booking = booking
        self.vehicle = vehicle
        self.trip = trip
        self.storedPhase = storedPhase ?? booking.phase
        self.completionStatus = completionStatus
        self.completedDate = completedDate
        self.rider = rider
    }

    /// The ride's identifier.
    public var rideIdentifier: String { booking.rideIdentifier }
}
