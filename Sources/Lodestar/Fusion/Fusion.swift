/// Whether and how a ``LocationManager`` fuses fixes into locations (``LocationConfiguration/fusion``).
///
/// On (the default in the manager, as in CoreLocation), a Kalman filter over the fixes' stated
/// accuracies and Doppler velocities delivers locations that stand still when the receiver does,
/// ignore multipath jumps, ride through outages by dead reckoning for a bounded time, and whose 68%
/// radius holds the truth about 68% of the time. Off, the receiver's fixes are delivered unchanged.
/// Every ``Location`` says which it is (``Location/kind``). The filter is described in docs/fusion.md.
public struct Fusion: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Whether fixes are fused.
    public let isEnabled: Bool
    /// The motion profile (process noise, stationary threshold, dead-reckoning limit).
    public let activity: ActivityType
    /// How long an outage is dead-reckoned before the location is unknown, > 0.
    public let maximumDeadReckoning: Duration

    /// The receiver's fixes, unchanged.
    public static let off = Fusion(isEnabled: false, activity: .other, maximumDeadReckoning: .seconds(30))

    /// Fused with the default profile (``ActivityType/other``): dead reckoning for up to 30 s.
    public static let on = Fusion(isEnabled: true, activity: .other, maximumDeadReckoning: .seconds(30))

    /// Fused for `activity`.
    /// - Parameters:
    ///   - activity: the motion profile.
    ///   - maximumDeadReckoning: > 0, at most 10 minutes; nil for the profile's own (30 s for
    ///     automotive and other, 15 s on foot, 60 s at sea, 20 s in the air).
    /// - Throws: ``RuleError/maximumDeadReckoning(_:)`` out of that range.
    public static func fused(
        for activity: ActivityType, maximumDeadReckoning: Duration? = nil
    ) throws(RuleError) -> Fusion {
        let limit = maximumDeadReckoning ?? activity.profile.maximumDeadReckoning
        guard limit > .zero, limit <= .seconds(600) else { throw .maximumDeadReckoning(limit) }
        return Fusion(isEnabled: true, activity: activity, maximumDeadReckoning: limit)
    }

    public var description: String {
        isEnabled ? "fused (\(activity), dead reckoning up to \(maximumDeadReckoning))" : "off"
    }
}
