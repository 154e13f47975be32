import Foundation

/// What `RideRequestHandler/confirm(_:)` found: the vehicle that would come if the request were
/// handled now.
public struct RideQuote: Sendable, Hashable, Codable {
    /// The vehicle.
    public var vehicle: RideVehicle
    /// Its driver.
    public var driver: RideDriver?
    /// The ride option it serves.
    public var rideOption: RideOption?
    /// Its distance to the pickup on the WGS84 ellipsoid, metres (< the service range).
    public var distance: Double
    /// When it would be at the pickup: now + distance / speed (or the scheduled time, if later).
    public var estimatedPickupDate: Date

    public init(vehicle: RideVehicle, driver: RideDriver?, rideOption: RideOption?, distance: Double, estimatedPickupDate: Date) {
        self.vehicle = vehicle
        self.driver = driver
        self.rideOption = rideOption
        self.distance = distance
        self.estimatedPickupDate = estimatedPickupDate
    }
}
