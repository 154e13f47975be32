import RideBooking

/// The answer of `GET /rides`: the rides, newest first.
public struct RideListBody: Sendable, Hashable, Codable {
    public var rides: [RideStatusBody]

    public init(_ rides: [RideStatus]) { self.rides = rides.map(RideStatusBody.init) }
}
