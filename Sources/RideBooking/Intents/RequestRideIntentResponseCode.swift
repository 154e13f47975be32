/// The answer to a ride request, with SiriKit's names and raw values
/// (`INRequestRideIntentResponseCode`, Intents framework, iOS 10–12).
/// Interpolated (`"\(code)"`), a code prints as its SiriKit case name.
///
/// `RideRequestHandler/confirm(_:)` answers ``ready`` or a failure;
/// `RideRequestHandler/handle(_:)` answers ``success`` or a failure.
public enum RequestRideIntentResponseCode: Int, Sendable, Codable, CaseIterable {
    /// No code given.
    case unspecified = 0
    /// Ready to book: the request can be handled.
    case ready = 1
    /// Still working (deprecated in SiriKit since iOS 11; never produced here).
    case inProgress = 2
    /// The ride is booked.
    case success = 3
    /// The ride could not be booked.
    case failure = 4
    /// The ride could not be booked; the user must open the app.
    case failureRequiringAppLaunch = 5
    /// The user must sign in first.
    case failureRequiringAppLaunchMustVerifyCredentials = 6
    /// No vehicle serves the pickup: none strictly within the service range.
    case failureRequiringAppLaunchNoServiceInArea = 7
    /// Vehicles serve the area, but none is free (or none fits the party and ride option) now.
    case failureRequiringAppLaunchServiceTemporarilyUnavailable = 8
    /// Another ride must finish first.
    case failureRequiringAppLaunchPreviousRideNeedsCompletion = 9
    /// The scheduled pickup time is beyond the booking horizon.
    case failureRequiringAppLaunchRideScheduledTooFar = 10

    /// Whether the code is one of the failures.
    public var isFailure: Bool { rawValue >= Self.failure.rawValue }
}
