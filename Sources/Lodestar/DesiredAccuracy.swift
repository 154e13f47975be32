/// The accuracy a location must have to be delivered, with CoreLocation's names.
///
/// A rule, not a hint: a location whose horizontal accuracy (68% radius) is worse than the limit is
/// withheld. ``best`` and ``bestForNavigation`` accept every valid fix. A limit of your own is made
/// with ``meters(_:)``, which refuses NaN, infinite, zero and negative metres with a ``RuleError``
/// there and then: a `DesiredAccuracy` is always valid.
///
/// ```swift
/// manager.desiredAccuracy = .nearestTenMeters
/// manager.desiredAccuracy = try .meters(25)      // try .meters(.nan) throws RuleError.desiredAccuracy
/// ```
public struct DesiredAccuracy: Sendable, Equatable, Hashable, CustomStringConvertible {
    private enum Kind: Hashable {
        case bestForNavigation, best
        case limit(Double)
    }

    private let kind: Kind
    private let name: String?

    private init(_ kind: Kind, name: String?) {
        self.kind = kind
        self.name = name
    }

    /// Every valid fix, for navigation.
    public static let bestForNavigation = DesiredAccuracy(.bestForNavigation, name: "bestForNavigation")
    /// Every valid fix.
    public static let best = DesiredAccuracy(.best, name: "best")
    /// 10 metres.
    public static let nearestTenMeters = DesiredAccuracy(.limit(10), name: "nearestTenMeters")
    /// 100 metres.
    public static let hundredMeters = DesiredAccuracy(.limit(100), name: "hundredMeters")
    /// 1 000 metres.
    public static let kilometer = DesiredAccuracy(.limit(1_000), name: "kilometer")
    /// 3 000 metres.
    public static let threeKilometers = DesiredAccuracy(.limit(3_000), name: "threeKilometers")

    /// A limit of `meters` (68% radius).
    /// - Parameter meters: finite and > 0.
    /// - Throws: ``RuleError/desiredAccuracy(_:)`` for NaN, infinite, zero or negative metres.
    public static func meters(_ meters: Double) throws(RuleError) -> DesiredAccuracy {
        DesiredAccuracy(.limit(try RuleError.positive(meters, else: RuleError.desiredAccuracy)), name: nil)
    }

    /// The limit in metres (finite, > 0), or nil when every valid fix is accepted.
    public var limit: Double? {
        if case .limit(let m) = kind { m } else { nil }
    }

    public static func == (a: DesiredAccuracy, b: DesiredAccuracy) -> Bool { a.kind == b.kind }
    public func hash(into hasher: inout Hasher) { hasher.combine(kind) }

    /// The preset's name ("nearestTenMeters"), or "25.0 m" for a limit of your own.
    public var description: String {
        if let name { return name }
        return "\(limit ?? 0) m"
    }
}
