/// The answer to a cancellation, with SiriKit's names and raw values
/// (`INCancelRideIntentResponseCode`).
public enum CancelRideIntentResponseCode: Int, Sendable, Codable, CaseIterable {
    /// No code given.
    case unspecified = 0
    /// Ready to cancel.
    case ready = 1
    /// The ride is cancelled: it is now completed with ``RideCompletionStatus/canceledByUser``.
    case success = 2
    /// The ride cannot be cancelled: it is ongoing or completed, or no ride has the identifier.
    case failure = 3
}
