import GNSS
import Lodestar

/// The location manager's rules applied to `lodestar replay` (`--desired-accuracy`,
/// `--distance-filter`, `--fusion`): a ``LocationEngine`` on the virtual clock decides which epochs
/// are delivered as locations, fused or not; the others are counted by the reason they were withheld.
struct ReplayRules {
    private var engine: LocationEngine
    private(set) var delivered = 0
    private var withheld: [String: Int] = [:]

    /// - Parameters: the accuracy limit (68% radius) and the distance filter, metres; nil for none.
    /// - Throws: ``Lodestar/RuleError`` for a value out of range (the options are checked before).
    ///   - fusion: whether the locations are fused; replay shows the receiver's view by default.
    init(desiredAccuracy: Double?, distanceFilter: Double?, fusion: Fusion = .off, sourceName: String) throws(RuleError) {
        engine = LocationEngine(
            configuration: try LocationConfiguration(
                desiredAccuracy: try desiredAccuracy.map { m throws(RuleError) in try .meters(m) } ?? .best,
                distanceFilter: distanceFilter, fusion: fusion),
            sourceName: sourceName, provenance: .replayed)
        engine.updatingHeading = false
    }

    /// The location the epoch's fix is delivered as (fused, dead-reckoned or raw); nil, with the
    /// reason counted, when it is withheld.
    mutating func deliver(_ fix: Fix) -> Location? {
        let outcome = engine.process(fix)
        if let location = outcome.location {
            delivered += 1
            return location
        }
        let reason: String =
            if outcome.waiting != nil {
                "accuracy"
            } else {
                switch outcome.withheld?.reason {
                case .noPosition: "no position"
                case .noTimestamp: "no time"
                case .stale: "stale"
                case .outOfOrder: "out of order"
                case .clockFault: "receiver clock fault"
                case .belowDistanceFilter: "distance filter"
                case .insufficientAccuracy: "accuracy"
                case nil: "other"
                }
            }
        withheld[reason, default: 0] += 1
        return nil
    }

    /// `  rules: 212 locations delivered; withheld: accuracy 60, distance filter 80, no position 30`.
    var summary: String {
        let reasons = withheld.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        return "  rules: \(Plural.count(delivered, "location")) delivered; withheld: "
            + (reasons.isEmpty ? "none" : reasons.joined(separator: ", ")) + "\n"
    }
}
