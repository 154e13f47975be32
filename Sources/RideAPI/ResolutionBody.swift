import RideBooking

/// The answer of `POST /rides/resolve/{parameter}`: SiriKit's resolution result for one
/// parameter. `value` is the settled or proposed value (success, confirmationRequired), `choices`
/// the candidates (disambiguation); `reason` says in words why a value is needed or unsupported,
/// and `unsupportedReason` says it as data.
public struct ResolutionBody<Value: Codable & Sendable & Hashable>: Sendable, Hashable, Codable {
    /// The parameter's name in `RideRequest` (`pickupLocation`, `partySize` ...).
    public var parameter: String
    /// `success`, `disambiguation`, `confirmationRequired`, `needsValue`, `notRequired`, `unsupported`.
    public var outcome: String
    public var value: Value?
    public var choices: [Value]?
    public var reason: String?
    public var unsupportedReason: UnsupportedReasonBody?

    public init(_ parameter: String, _ resolution: Resolution<Value>) {
        self.parameter = parameter
        outcome = resolution.outcomeName
        switch resolution {
        case .success(let v), .confirmationRequired(let v): value = v
        case .disambiguation(let candidates): choices = candidates
        case .needsValue: reason = "\(parameter) needs a value"
        case .notRequired: break
        case .unsupported(let why):
            unsupportedReason = UnsupportedReasonBody(why)
            reason = why.description
        }
    }
}

/// Why a value is unsupported, as data: `kind` is the case of RideBooking's `UnsupportedReason`
/// (`noPlaceNamed`, `exceedsCapacity` ...), with the members that case carries.
public struct UnsupportedReasonBody: Sendable, Hashable, Codable {
    public var kind: String
    /// The place, ride option or payment method named.
    public var name: String?
    public var partySize: Int?
    public var capacity: Int?
    /// The ride option the fleet has no vehicle for.
    public var rideOptionName: String?

    public init(_ reason: UnsupportedReason) {
        switch reason {
        case .noPlaceNamed(let n):
            kind = "noPlaceNamed"
            name = n
        case .exceedsCapacity(let size, let c):
            kind = "exceedsCapacity"
            partySize = size
            capacity = c
        case .emptyFleet(let n):
            kind = "emptyFleet"
            rideOptionName = n
        case .invalidPartySize(let size):
            kind = "invalidPartySize"
            partySize = size
        case .unknownRideOption(let n):
            kind = "unknownRideOption"
            name = n
        case .scheduledInPast: kind = "scheduledInPast"
        case .unknownPaymentMethod(let n):
            kind = "unknownPaymentMethod"
            name = n
        }
    }
}
