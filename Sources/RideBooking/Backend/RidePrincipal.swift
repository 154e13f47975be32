/// Who a bearer token speaks for: a rider (by name), a vehicle (by identifier) or the operator.
public enum RidePrincipal: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A rider: reads and cancels only the rides booked with this name.
    case rider(String)
    /// A vehicle: reports only its own position.
    case vehicle(String)
    /// The fleet operator: lists everything.
    case `operator`

    /// The `kind` column: "rider", "vehicle" or "operator".
    public var kind: String {
        switch self {
        case .rider: "rider"
        case .vehicle: "vehicle"
        case .operator: "operator"
        }
    }

    /// The `subject` column: the rider's name or the vehicle's identifier; nil for the operator.
    public var subject: String? {
        switch self {
        case .rider(let name): name
        case .vehicle(let id): id
        case .operator: nil
        }
    }

    /// The principal stored as `kind` and `subject`, or nil when they do not make one.
    public init?(kind: String, subject: String?) {
        switch (kind, subject) {
        case ("rider", let name?): self = .rider(name)
        case ("vehicle", let id?): self = .vehicle(id)
        case ("operator", nil): self = .operator
        default: return nil
        }
    }

    public var description: String { subject.map { "\(kind) \($0)" } ?? kind }
}
