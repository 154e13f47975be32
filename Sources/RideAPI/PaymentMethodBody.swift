import RideBooking

/// The API's `PaymentMethod` in a request: a kind (credit, debit, cash, account) and a name.
public struct PaymentMethodBody: Sendable, Hashable, Codable {
    public var method: PaymentMethod

    public init(_ method: PaymentMethod) { self.method = method }

    private enum CodingKeys: String, CodingKey, CaseIterable { case kind, name }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
        let name = try c.string(.name, length: 0...100)
        guard let kindText = try c.string(.kind, length: 1...16) else {
            throw c.missing(.kind)
        }
        guard let kind = PaymentMethod.Kind(rawValue: kindText) else {
            let kinds = PaymentMethod.Kind.allCases.map(\.rawValue).joined(separator: ", ")
            throw c.corrupted(.kind, "must be one of \(kinds)")
        }
        method = PaymentMethod(kind: kind, name: name)
    }

    public func encode(to encoder: any Encoder) throws { try method.encode(to: encoder) }
}
