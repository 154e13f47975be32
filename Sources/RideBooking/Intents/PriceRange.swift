import Foundation

/// A price or range of prices, after SiriKit's `INPriceRange`.
public struct PriceRange: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The lowest price, in `currencyCode` units.
    public var minimumPrice: Decimal
    /// The highest price, ≥ `minimumPrice`.
    public var maximumPrice: Decimal
    /// ISO 4217 code, such as "GBP".
    public var currencyCode: String

    public init(minimumPrice: Decimal, maximumPrice: Decimal, currencyCode: String) {
        self.minimumPrice = minimumPrice
        self.maximumPrice = max(minimumPrice, maximumPrice)
        self.currencyCode = currencyCode
    }

    /// "GBP 12–18", or "GBP 12" for a single price.
    public var description: String {
        minimumPrice == maximumPrice
            ? "\(currencyCode) \(minimumPrice)" : "\(currencyCode) \(minimumPrice)–\(maximumPrice)"
    }
}
