import RideBooking

/// The rides a listing read, newest booking first, and the rows it could not decode, each named
/// with why (see `RideStore/listing(limit:)`): one damaged row neither hides the others nor
/// disappears in silence.
public struct RideListing: Sendable {
    /// A stored row that could not be decoded into a `RideRecord`.
    public struct Unreadable: Sendable, Hashable, CustomStringConvertible {
        /// The row's ride identifier (its `id` column as text).
        public var rideIdentifier: String
        /// Why it could not be decoded.
        public var reason: String

        public var description: String { "ride \(rideIdentifier) in the store cannot be read: \(reason)" }
    }

    /// The rides that could be read, newest booking first.
    public var rides: [RideRecord]
    /// The rows that could not, in the same order.
    public var unreadable: [Unreadable]

    public init(rides: [RideRecord], unreadable: [Unreadable]) {
        self.rides = rides
        self.unreadable = unreadable
    }
}
