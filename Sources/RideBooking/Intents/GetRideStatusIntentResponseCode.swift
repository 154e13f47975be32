/// The answer to a ride-status query, with SiriKit's names and raw values
/// (`INGetRideStatusIntentResponseCode`).
public enum GetRideStatusIntentResponseCode: Int, Sendable, Codable, CaseIterable {
    /// No code given.
    case unspecified = 0
    /// Ready to answer.
    case ready = 1
    /// Still working (deprecated in SiriKit since iOS 11; never produced here).
    case inProgress = 2
    /// The status is attached.
    case success = 3
    /// No status: for example, no ride has this identifier.
    case failure = 4
    /// No status; the user must open the app.
    case failureRequiringAppLaunch = 5
    /// The user must sign in first.
    case failureRequiringAppLaunchMustVerifyCredentials = 6
    /// The service cannot answer now.
    case failureRequiringAppLaunchServiceTemporarilyUnavailable = 7
}
