import Foundation
import Geodesy
import RideBooking

/// What the HTTP layer needs from the ride store and the ride flow, and nothing more: the routes
/// call these, and these call `RideBooking`. One implementation serves both store backends
/// (SQLite and PostgreSQL), through the store interface.
public protocol RideServerBackend: Sendable {
    /// `sqlite` or `postgresql`, for `/health`.
    var databaseKind: String { get }
    /// The ride service: the fleet, the place resolver and the rules the resolve steps use.
    var service: RideService { get }

    /// Whether the store answers.
    func checkHealth() async throws

    /// Who a token speaks for, found by its SHA-256; nil for a token the store does not know.
    func principal(forToken token: String) async throws -> Principal?

    /// Confirm: whether the request can be booked now.
    func confirm(_ request: RideRequest) async throws -> RequestRideIntentResponse
    /// Handle: books the ride for `rider`.
    func book(_ request: RideRequest, rider: String) async throws -> RequestRideIntentResponse
    /// The ride's status now and who booked it; nil for an unknown identifier.
    func ride(_ identifier: String) async throws -> (status: RideStatus, rider: String)?
    /// Rides newest first: `rider`'s, or every ride for nil; only those not completed when `activeOnly`.
    func rides(rider: String?, activeOnly: Bool, limit: Int) async throws -> [RideStatus]
    /// Cancels the ride.
    func cancel(_ identifier: String) async throws -> CancelRideIntentResponse
    /// The ride options, with estimates for a pickup.
    func options(pickup: Coordinate?) async throws -> ListRideOptionsIntentResponse

    /// Whether the fleet has a vehicle with this identifier.
    func hasVehicle(_ identifier: String) async throws -> Bool
    /// Stores the positions, in order, and advances each reporting vehicle's active ride; the
    /// rides after the reports, one per vehicle that has one.
    func report(_ positions: [ReportedPosition]) async throws -> [VehicleRideProgress]
}

/// A vehicle's active ride after a report: `VehicleLocationReceipt` in the API.
public struct VehicleRideProgress: Sendable, Hashable {
    public var vehicleIdentifier: String
    public var rideIdentifier: String?
    public var phase: RidePhase?

    public init(vehicleIdentifier: String, rideIdentifier: String? = nil, phase: RidePhase? = nil) {
        self.vehicleIdentifier = vehicleIdentifier
        self.rideIdentifier = rideIdentifier
        self.phase = phase
    }
}
