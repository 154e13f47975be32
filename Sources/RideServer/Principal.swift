/// Who a bearer token speaks for: a rider, a vehicle or the fleet's operator.
///
/// A rider reads and cancels only the rides it booked; a vehicle reports only its own position;
/// an operator sees every ride and may report for any vehicle.
public enum Principal: Sendable, Hashable, CustomStringConvertible {
    /// A rider, by the name given to `lodestar serve token create --rider`.
    case rider(String)
    /// A vehicle, by its fleet identifier.
    case vehicle(String)
    /// The fleet's operator.
    case `operator`

    /// The rider's name, for a rider.
    public var riderName: String? {
        if case .rider(let name) = self { return name }
        return nil
    }

    /// `rider NAME`, `vehicle ID` or `operator`, for logs.
    public var description: String {
        switch self {
        case .rider(let name): "rider \(name)"
        case .vehicle(let identifier): "vehicle \(identifier)"
        case .operator: "operator"
        }
    }
}
