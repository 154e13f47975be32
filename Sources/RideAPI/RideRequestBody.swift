import Foundation
import Geodesy
import RideBooking

/// The API's `RideRequest`, the body of `POST /rides/confirm` and `POST /rides`: every parameter
/// optional, as in SiriKit; a place is a coordinate, a name to look up, or both.
public struct RideRequestBody: Sendable, Hashable, Codable {
    /// Where to be picked up.
    public var pickupLocation: PlaceBody?
    /// Where to go.
    public var dropOffLocation: PlaceBody?
    /// The ride option by name, such as "Standard" or "XL", 1...100 characters; nil lets the
    /// service choose.
    public var rideOptionName: String?
    /// Number of riders, in ``APIRanges/partySizes``.
    public var partySize: Int?
    /// How the rider pays.
    public var paymentMethod: PaymentMethodBody?
    /// When to be picked up; nil for now. A time that has passed is resolved as unsupported; one
    /// beyond the booking horizon is refused with `failureRequiringAppLaunchRideScheduledTooFar`.
    public var scheduledPickupTime: Date?

    /// A request; every parameter is optional, as in SiriKit. A place is given by its coordinate,
    /// its gazetteer name, or both.
    public init(
        pickup: Coordinate? = nil, pickupName: String? = nil, dropOff: Coordinate? = nil, dropOffName: String? = nil,
        partySize: Int? = nil, rideOptionName: String? = nil, paymentMethod: PaymentMethod? = nil,
        scheduledPickupTime: Date? = nil
    ) {
        pickupLocation = PlaceBody(coordinate: pickup, name: pickupName)
        dropOffLocation = PlaceBody(coordinate: dropOff, name: dropOffName)
        self.partySize = partySize
        self.rideOptionName = rideOptionName
        self.paymentMethod = paymentMethod.map(PaymentMethodBody.init)
        self.scheduledPickupTime = scheduledPickupTime
    }

    /// The domain's request.
    public var rideRequest: RideRequest {
        RideRequest(
            pickupLocation: pickupLocation?.placemark, dropOffLocation: dropOffLocation?.placemark,
            rideOptionName: rideOptionName, partySize: partySize, paymentMethod: paymentMethod?.method,
            scheduledPickupTime: scheduledPickupTime)
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case pickupLocation, dropOffLocation, rideOptionName, partySize, paymentMethod, scheduledPickupTime
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
        pickupLocation = try c.decodeIfPresent(PlaceBody.self, forKey: .pickupLocation)
        dropOffLocation = try c.decodeIfPresent(PlaceBody.self, forKey: .dropOffLocation)
        rideOptionName = try c.string(.rideOptionName, length: 1...100)
        partySize = try c.integer(.partySize, in: APIRanges.partySizes)
        paymentMethod = try c.decodeIfPresent(PaymentMethodBody.self, forKey: .paymentMethod)
        // Any time after 2000: one that has passed is resolved as unsupported.
        scheduledPickupTime = try c.date(.scheduledPickupTime)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(pickupLocation, forKey: .pickupLocation)
        try c.encodeIfPresent(dropOffLocation, forKey: .dropOffLocation)
        try c.encodeIfPresent(rideOptionName, forKey: .rideOptionName)
        try c.encodeIfPresent(partySize, forKey: .partySize)
        try c.encodeIfPresent(paymentMethod, forKey: .paymentMethod)
        try c.encodeIfPresent(scheduledPickupTime, forKey: .scheduledPickupTime)
    }
}
