import Foundation

/// A kind of ride a service offers, after SiriKit's `INRideOption`.
public struct RideOption: Sendable, Hashable, Codable {
    /// The name the user says or types: "Standard", "XL". Matched without regard to case.
    public var name: String
    /// When a vehicle of this option could be at the pickup; nil when not computed (no pickup
    /// known) or when none is free.
    public var estimatedPickupDate: Date?
    /// The price range of a typical ride.
    public var priceRange: PriceRange?
    /// The party sizes it takes, smallest first.
    public var availablePartySizeOptions: [RidePartySizeOption]
    /// A short text such as "Fares are estimates".
    public var disclaimerMessage: String?

    public init(
        name: String, estimatedPickupDate: Date? = nil, priceRange: PriceRange? = nil,
        availablePartySizeOptions: [RidePartySizeOption], disclaimerMessage: String? = nil
    ) {
        self.name = name
        self.estimatedPickupDate = estimatedPickupDate
        self.priceRange = priceRange
        self.availablePartySizeOptions = availablePartySizeOptions
        self.disclaimerMessage = disclaimerMessage
    }

    /// The largest party it takes, riders; 0 when it lists no sizes.
    public var capacity: Int {
        availablePartySizeOptions.map(\.partySizeRange.upperBound).max() ?? 0
    }

    /// The options offered when a fleet names none: Standard (1–4 riders) and XL (1–6).
    public static let defaults: [RideOption] = [
        RideOption(
            name: "Standard",
            priceRange: PriceRange(minimumPrice: 12, maximumPrice: 18, currencyCode: "GBP"),
            availablePartySizeOptions: [RidePartySizeOption(partySizeRange: 1...4, sizeDescription: "1–4 riders")],
            disclaimerMessage: "Fares are estimates."),
        RideOption(
            name: "XL",
            priceRange: PriceRange(minimumPrice: 18, maximumPrice: 26, currencyCode: "GBP"),
            availablePartySizeOptions: [RidePartySizeOption(partySizeRange: 1...6, sizeDescription: "1–6 riders")],
            disclaimerMessage: "Fares are estimates."),
    ]
}
