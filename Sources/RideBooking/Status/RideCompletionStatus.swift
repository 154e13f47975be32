/// How a completed ride ended, after SiriKit's `INRideCompletionStatus`.
public enum RideCompletionStatus: String, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// The rider was taken to the drop-off (SiriKit: `completed()`).
    case completed
    /// The user cancelled before the ride began (`canceledByUser()`).
    case canceledByUser
    /// The service cancelled (`canceledByService()`).
    case canceledByService
    /// The rider never came to the pickup (`canceledMissedPickup()`).
    case canceledMissedPickup

    /// Whether the ride was cancelled rather than completed.
    public var isCanceled: Bool { self != .completed }

    public var description: String { rawValue }
}
