import Foundation

/// A request for a ride: SiriKit's `INRequestRideIntent` as a value.
///
/// Every parameter is optional, as in SiriKit; ``RideRequestHandler`` resolves them one by one.
public struct RideRequest: Sendable, Hashable, Codable {
    /// Where to be picked up. nil: the current location (from the location manager) is proposed.
    /// A placemark with only a name is looked up in the gazetteer.
    public var pickupLocation: Placemark?
    /// Where to go. nil is allowed (``Resolution/notRequired``).
    public var dropOffLocation: Placemark?
    /// The ride option by name, such as "Standard" or "XL"; nil lets the service choose.
    public var rideOptionName: String?
    /// Number of riders, ≥ 1.
    public var partySize: Int?
    /// How the rider pays; nil uses the account's default.
    public var paymentMethod: PaymentMethod?
    /// When to be picked up; nil for now. Must lie within the booking horizon.
    public var scheduledPickupTime: Date?

    public init(
        pickupLocation: Placemark? = nil, dropOffLocation: Placemark? = nil, rideOptionName: String? = nil,
        partySize: Int? = nil, paymentMethod: PaymentMethod? = nil, scheduledPickupTime: Date? = nil
    ) {
        self.pickupLocation = pickupLocation
        self.dropOffLocation = dropOffLocation
        self.rideOptionName = rideOptionName
        self.partySize = partySize
        self.paymentMethod = paymentMethod
        self.scheduledPickupTime = scheduledPickupTime
    }
}
