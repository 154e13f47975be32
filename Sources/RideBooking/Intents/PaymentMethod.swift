/// How the rider pays, after SiriKit's `INPaymentMethod`.
public struct PaymentMethod: Sendable, Hashable, Codable {
    /// The kind of payment.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case credit, debit, cash, account
    }

    /// The kind of payment.
    public var kind: Kind
    /// A name the user knows it by, such as "Visa ending 4242".
    public var name: String?

    public init(kind: Kind, name: String? = nil) {
        self.kind = kind
        self.name = name
    }
}
