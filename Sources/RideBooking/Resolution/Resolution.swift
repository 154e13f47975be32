/// The outcome of resolving one parameter of a ride request, SiriKit's `INIntentResolutionResult`
/// in plain Swift.
///
/// Each resolve step of ``RideRequestHandler`` returns one of these for one parameter; a dialogue
/// (the `lodestar ride request` command, or an app) acts on it: it proceeds on ``success(_:)`` and
/// ``notRequired``, asks the user on ``confirmationRequired(_:)`` and ``disambiguation(_:)``, asks
/// for a value on ``needsValue``, and stops on ``unsupported(_:)``.
public enum Resolution<Value: Sendable>: Sendable {
    /// The value is settled.
    case success(Value)
    /// Several values fit; the user must choose one. Ordered, most likely first.
    case disambiguation([Value])
    /// One value fits, but the user should confirm it (an inexact match, a value taken from
    /// the current location).
    case confirmationRequired(Value)
    /// The parameter has no usable value and one is needed.
    case needsValue
    /// The parameter is optional and was not given; nothing to resolve.
    case notRequired
    /// The value given cannot be used; the reason says why.
    case unsupported(UnsupportedReason)

    /// The settled value, for ``success(_:)`` only.
    public var value: Value? {
        if case .success(let value) = self { return value }
        return nil
    }

    /// A short name for the outcome: `success`, `disambiguation`, `confirmationRequired`,
    /// `needsValue`, `notRequired` or `unsupported`, SiriKit's names.
    public var outcomeName: String {
        switch self {
        case .success: "success"
        case .disambiguation: "disambiguation"
        case .confirmationRequired: "confirmationRequired"
        case .needsValue: "needsValue"
        case .notRequired: "notRequired"
        case .unsupported: "unsupported"
        }
    }

    /// Whether the dialogue can go on to confirm: ``success(_:)`` or ``notRequired``.
    public var isSettled: Bool {
        switch self {
        case .success, .notRequired: true
        default: false
        }
    }
}

extension Resolution: Equatable where Value: Equatable {}
