/// A range of party sizes a ride option takes, after SiriKit's `INRidePartySizeOption`.
public struct RidePartySizeOption: Sendable, Hashable, Codable {
    /// Party sizes covered, riders; lower bound ≥ 1.
    public var partySizeRange: ClosedRange<Int>
    /// How to say it: "1–4 riders".
    public var sizeDescription: String
    /// The price for parties of this size, when it differs from the option's.
    public var priceRange: PriceRange?

    public init(partySizeRange: ClosedRange<Int>, sizeDescription: String, priceRange: PriceRange? = nil) {
        self.partySizeRange = partySizeRange
        self.sizeDescription = sizeDescription
        self.priceRange = priceRange
    }
}
