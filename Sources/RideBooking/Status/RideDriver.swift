/// The driver of a ride, after SiriKit's `INRideDriver`.
public struct RideDriver: Sendable, Hashable, Codable {
    /// The name to show: "Ada L."
    public var name: String
    /// The driver's rating as text, such as "4.9"; nil when unrated.
    public var rating: String?
    /// A phone number in international form, such as "+44 20 7946 0001".
    public var phoneNumber: String?

    public init(name: String, rating: String? = nil, phoneNumber: String? = nil) {
        self.name = name
        self.rating = rating
        self.phoneNumber = phoneNumber
    }
}
