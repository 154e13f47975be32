import Foundation

/// One phase a ride reached, as the store logs it: the event streams' `id:` and what a stream
/// that reconnects with `Last-Event-ID` missed. Written in the transaction that changes the
/// ride's phase (booking, `advance`, `cancel`), so the log and the ride never disagree.
public struct RideEvent: Sendable, Hashable {
    /// The event's number: increasing across the whole store (not per ride), > 0.
    public var identifier: Int64
    /// The ride.
    public var rideIdentifier: String
    /// The phase reached.
    public var phase: RidePhase
    /// How the ride ended, for ``RidePhase/completed``.
    public var completionStatus: RideCompletionStatus?
    /// When.
    public var date: Date

    public init(identifier: Int64, rideIdentifier: String, phase: RidePhase, completionStatus: RideCompletionStatus?, date: Date)
    {
        self.identifier = identifier
        self.rideIdentifier = rideIdentifier
        self.phase = phase
        self.completionStatus = completionStatus
        self.date = date
    }

    /// The most events one read returns.
    public static let readLimit = 100
}

/// What `RideBackend.followRideChanges(every:_:)` reports.
public enum RideChange: Sendable, Hashable {
    /// This ride has a new event.
    case ride(String)
    /// Changes may have been missed (the feed has just started or reconnected): every ride
    /// followed should be read again.
    case any
}
