/// Why a parameter value was resolved as ``Resolution/unsupported(_:)``.
public enum UnsupportedReason: Sendable, Equatable, Codable, CustomStringConvertible {
    /// No place in the gazetteer matches the name.
    case noPlaceNamed(String)
    /// The party is larger than the largest vehicle (or the chosen ride option) seats.
    case exceedsCapacity(partySize: Int, capacity: Int)
    /// The fleet has no vehicle at all (`rideOptionName` nil), or none of the requested option.
    case emptyFleet(rideOptionName: String?)
    /// The party size is zero or negative.
    case invalidPartySize(Int)
    /// No ride option has this name.
    case unknownRideOption(String)
    /// The scheduled pickup time has already passed.
    case scheduledInPast
    /// No payment method of this name is accepted.
    case unknownPaymentMethod(String)

    /// One line for a person.
    public var description: String {
        switch self {
        case .noPlaceNamed(let name): "no place named '\(name)' in the gazetteer"
        case .exceedsCapacity(let size, let capacity):
            "party of \(size) exceeds capacity: the largest vehicle seats \(capacity)"
        case .emptyFleet(nil): "the fleet is empty: there is no vehicle to book"
        case .emptyFleet(let name?): "the fleet has no \(name) vehicle"
        case .invalidPartySize(let size): "party size must be at least 1, got \(size)"
        case .unknownRideOption(let name): "no ride option named '\(name)'"
        case .scheduledInPast: "the scheduled pickup time has passed"
        case .unknownPaymentMethod(let name): "payment method '\(name)' is not accepted"
        }
    }
}
