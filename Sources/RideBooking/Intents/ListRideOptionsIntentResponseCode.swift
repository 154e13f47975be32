/// The answer to a request for ride options, with SiriKit's names and raw values
/// (`INListRideOptionsIntentResponseCode`).
public enum ListRideOptionsIntentResponseCode: Int, Sendable, Codable, CaseIterable {
    /// No code given.
    case unspecified = 0
    /// Ready to answer.
    case ready = 1
    /// Still working.
    case inProgress = 2
    /// The options are attached.
    case success = 3
    /// No options could be listed.
    case failure = 4
    /// No options; the user must open the app.
    case failureRequiringAppLaunch = 5
    /// The user must sign in first.
    case failureRequiringAppLaunchMustVerifyCredentials = 6
    /// No vehicle serves the pickup.
    case failureRequiringAppLaunchNoServiceInArea = 7
    /// Vehicles serve the area, but none is free now.
    case failureRequiringAppLaunchServiceTemporarilyUnavailable = 8
    /// Another ride must finish first.
    case failureRequiringAppLaunchPreviousRideNeedsCompletion = 9
    /// Feedback on the previous ride is needed first.
    case failurePreviousRideNeedsFeedback = 10
}
