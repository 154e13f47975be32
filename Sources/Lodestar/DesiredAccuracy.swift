/// The accuracy a location must have to be delivered, with CoreLocation's names.
///
/// A rule, not a hint: a location whose horizontal accuracy (68% radius) is worse than the limit is
/// withheld. ``best`` and ``bestForNavigation`` accept every valid fix. No negative sentinels.
public enum DesiredAccuracy: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Every valid fix, for navigation.
    case bestForNavigation
    /// Every valid fix.
    case best
    /// 10 metres.
    case nearestTenMeters
    /// 100 metres.
    case hundredMeters
    /// 1 000 metres.
    case kilometer
    /// 3 000 metres.
    case threeKilometers
    /// A limit in metres; must be positive and finite (see ``isValid``).
    case meters(Double)

    /// The limit in metres, or nil when every valid fix is accepted.
    public var limit: Double? {
        switch self {
        case .bestForNavigation, .best: nil
        case .nearestTenMeters: 10
        case .hundredMeters: 100
        case .kilometer: 1_000
        case .threeKilometers: 3_000
        case .meters(let m): m
        }
    }

    /// False for `.meters(x)` with x not positive and finite.
    public var isValid: Bool {
        guard let limit else { return true }
        return limit.isFinite && limit > 0
    }

    public var description: String {
        switch self {
        case .bestForNavigation: "bestForNavigation"
        case .best: "best"
        case .nearestTenMeters: "nearestTenMeters"
        case .hundredMeters: "hundredMeters"
        case .kilometer: "kilometer"
        case .threeKilometers: "threeKilometers"
        case .meters(let m): "\(m) m"
        }
    }
}
